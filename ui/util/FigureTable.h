#pragma once
#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
class QTableView;
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

// A read-only table of figures as the results and compare views show their
// tables: alternating rows one text line high, columns as wide as their
// text, no row numbers, and the row menu with Copy rows.
QTableView *figureTable(QAbstractItemModel *model, QWidget *parent);

} // namespace burstlab
