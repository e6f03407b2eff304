#pragma once
#include <QList>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace burstlab {

// How the figure tables (results, compare) fit a laptop's screen: rows one
// text line high, at least a given number of rows in sight however the
// window is split, and the columns a reader needs first moved to the front.
namespace CompactTable {

// Rows one text line high; the table never gets shorter than `rows` rows
// with its header and a horizontal scroll bar.
void fit(QTableView *table, int rows);

// Shows the model's columns in this order (logical indexes), the others
// after them in the model's order.
void putFirst(QTableView *table, const QList<int> &columns);

} // namespace CompactTable

} // namespace burstlab
