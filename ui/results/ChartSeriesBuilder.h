#pragma once
#include "charts/ChartData.h"
#include "results/DeltaMode.h"
#include "stats/PointStats.h"

namespace burstlab {

// Turns the core's per-point statistics into what the charts draw. No
// statistics are computed here: medians, whiskers, deltas and intervals are
// the core's, this only picks them and groups points into series.
namespace ChartSeriesBuilder {
// Each point's pps figure (median of its valid repetitions, as printed
// everywhere) with min..max whiskers over those repetitions, marked with its
// count of disturbed repetitions when it has any and its loss when it is
// lossy (SinkFigures); points without a valid repetition are skipped. Each
// point's tooltip names it and gives its pps, ns/packet, 95% CI of the mean,
// repetitions, disturbed ones and the sink's figures. With two axes, one
// series per value of the second axis, named "clone=4 · seriesName";
// otherwise one series named seriesName (the run's title; a long one is
// shortened in two-axis names).
QList<ChartSeriesData> pps(const QList<PointStats> &stats, const QStringList &axisNames,
                           const QString &seriesName);
// ns/packet deltas (Delta::ns, + = fewer ns) with their 95% CI (the Welch
// interval of the per-repetition ns; the delta itself where there is none);
// points without a delta are skipped. The tooltip adds the delta's interval
// and verdict to the point's own figures.
QList<ChartSeriesData> deltas(const QList<PointStats> &stats, const QStringList &axisNames,
                              const QString &seriesName, DeltaMode mode);
// Where a point sits on the x axis: its first axis value, or its position
// for a label axis ("patch2").
double xOf(const PointStats &stats, int index);
} // namespace ChartSeriesBuilder

} // namespace burstlab
