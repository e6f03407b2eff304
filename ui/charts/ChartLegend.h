#pragma once
#include <QColor>
#include <QList>
#include <QRectF>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChart;
QT_END_NAMESPACE

namespace burstlab {

// The legend under the plot, in as many rows as its entries need, each entry
// a switch: a click hides what belongs to it (a series' line, dots, whiskers,
// band and marks; all the disturbed marks) and dims the entry, which stays,
// and a second click shows it again. Qt's own legend keeps one row and cuts
// every entry short, so "clone=0 · 2d-burst" and "clone=64 · 2d-burst" would
// both read "clone=..."; this one wraps, and the chart's bottom margin keeps
// its rows' room.
namespace ChartLegend {
// The series belongs to the entries named groups: it is shown while none of
// them is hidden. inLegend: it has an entry of its own, under its name.
void enter(QAbstractSeries *series, const QStringList &groups, bool inLegend);
// What an entry shows before its label: a square of the series' colour, or
// the disturbed marks' hollow triangle in theirs.
struct Swatch {
    QString label;
    QColor color;
    bool triangle = false;
};
QList<Swatch> swatches(const QChart *chart);
// Draws the entries; the chart calls it at every resize.
void place(QChart *chart);
// The entries' labels, as drawn.
QStringList labels(const QChart *chart);
// The entries whose series are drawn.
QStringList shown(const QChart *chart);
// Which entries are switched off; names without an entry are dropped, so a
// chart of other series starts with all of them shown.
QStringList hidden(const QChart *chart);
void setHidden(QChart *chart, const QStringList &names);
// The entry's area in scene coordinates; empty when there is none.
QRectF entryRect(const QChart *chart, const QString &label);
} // namespace ChartLegend

} // namespace burstlab
