#pragma once
#include <QList>
#include <QString>

namespace burstlab {

// What a chart draws for one point: the centre value (a median or a delta) and
// the whisker or confidence interval around it, already computed by the core.
struct ChartPoint {
    double x = 0;
    double y = 0;
    double low = 0;
    double high = 0;
    // Drawn beside the point, with a hollow triangle round it: how many of its
    // repetitions were disturbed ("2/5", the core's Disturbance::count) and
    // a loss above 0.1% ("loss 0.41%").
    QString mark = {};
    // What hovering the point shows: its figures in words (ChartSeriesBuilder).
    QString tip = {};
    // The core's PointStats::lossy(): its mark names a loss.
    bool lossy = false;
};

// One line on a chart: a run, or one value of the second swept parameter.
struct ChartSeriesData {
    QString name;
    QList<ChartPoint> points;
    // Which palette colour; -1 = by position. A run keeps its colour on every
    // chart of a comparison even where the baseline has no series.
    int colorIndex = -1;
};

} // namespace burstlab
