#pragma once
#include <QList>
#include <QString>

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
// Widgets one above the other without margins: a view's tables (the netperf
// table over the pps one) in one pane of its splitter.
QWidget *stacked(const QList<QWidget *> &widgets, QWidget *parent);
// A cell's tooltip of untrusted lines (a source's notes): made safe
// (SafeText) and shown as the text it is, never read as HTML.
QString plainTip(const QString &lines);

} // namespace burstlab
