#pragma once
#include "model/Point.h"
#include "model/RunData.h"
#include "model/StepResult.h"
#include "stats/Delta.h"
#include "stats/Summary.h"
#include <QList>
#include <QStringList>
#include <optional>

namespace burstlab {

struct StatsOptions {
    int minReps = 3;
    double cvThreshold = 0.02; // 2%
    double alpha = 0.05;
    std::optional<double> linkMbps; // for the line-rate check
    int frameSize = 60;             // without FCS

    // These options with the run's frame size and, when its engine reported
    // one, its link speed.
    StatsOptions forRun(const Run &run) const;
};

// Statistics of one point over its completed repetitions.
struct PointStats {
    Point point;
    QList<double> pps; // per repetition (StepResult::effectivePps)
    Summary ppsSummary;
    Summary nsSummary; // of 1e9/pps per repetition
    // The value tables print: the median pps, and 1e9 over it.
    double representativePps() const { return ppsSummary.median; }
    double representativeNs() const;
    std::optional<Delta> vsPrevious; // none for the first point of a series
    std::optional<Delta> vsBaseline; // with a baseline run having this point
    bool aboveLineRate = false;
    QStringList warnings; // "2 repetitions (fewer than 3)", "CV 3.1% above 2.0%"

    // One entry per point that has completed steps, in the order of points
    // (sweep order when given, else first appearance). The previous point
    // is the previous one in the same series (same values on axes 2..n).
    static QList<PointStats> compute(const QList<StepResult> &steps, const QList<Point> &order = {},
                                     const StatsOptions &options = {},
                                     const QList<StepResult> &baseline = {});
    // compute() over a run's steps in its sweep order, with the run's link
    // speed and frame size, against an optional baseline run.
    static QList<PointStats> ofRun(const RunData &data, const StatsOptions &options = {},
                                   const RunData *baseline = nullptr);
};

} // namespace burstlab
