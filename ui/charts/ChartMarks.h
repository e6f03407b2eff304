#pragma once
#include "charts/ChartData.h"

#include <QColor>
#include <QList>
#include <QPalette>
#include <QRectF>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QChart;
class QScatterSeries;
QT_END_NAMESPACE

namespace burstlab {

// The marks of points with disturbed repetitions: a hollow triangle round the
// point in the text's colour, a colour no series has (ChartStyle::seriesColor
// is always saturated) and a shape no series dot has, and its "2/3" beside it.
// The counts of all series of a chart are placed together, each where it
// overlaps no other count, no point and no other triangle; one that finds no
// such place is left out, its triangle and the point's tooltip still say it.
namespace ChartMarks {
QColor color(const QPalette &palette);
// A mark for each point of the series group that has one; the marks have one
// legend entry per chart, which hides them all.
void add(QChart *chart, const QList<ChartPoint> &points, const QString &group,
         const QPalette &palette, qreal fontScale, QAbstractAxis *x, QAbstractAxis *y);
// The counts keep off these dots.
void avoid(QScatterSeries *dots);
// The counts as drawn, in scene coordinates.
QList<QRectF> labelRects(const QChart *chart);
} // namespace ChartMarks

} // namespace burstlab
