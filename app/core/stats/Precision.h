#pragma once
#include "model/PrecisionTarget.h"
#include <QList>
#include <QString>
#include <limits>

namespace burstlab {

// How precisely a point is known, and the stopping rule of "--reps auto":
// the width of the 95% confidence interval of the mean ns/packet of its
// repetitions (1e9/pps of each, Student t), against the target
// (PrecisionTarget: a share of the point's ns/packet figure, or an absolute
// ns). A pure function of the repetitions, so the sweep, a resumed sweep and
// every output agree on where each point stands.
struct Precision {
    enum class State {
        NeedsMore,  // fewer than PrecisionTarget::kMinReps, or still too wide
        Reached,    // narrower than the target
        MaxReached, // maxReps repetitions and still not narrower than the target
    };
    static constexpr double nan = std::numeric_limits<double>::quiet_NaN();

    int n = 0;             // counted repetitions
    int run = 0;           // repetitions given
    double widthNs = nan;  // ciHigh - ciLow of the mean ns/packet; NaN below 2 repetitions
    double share = nan;    // widthNs over the point's ns/packet figure
    double targetNs = nan; // the target width at this point
    double targetShare = nan;
    State state = State::NeedsMore;

    // repetitionPps: the point's counted repetitions (PointStats::pps);
    // repetitionsRun: how many repetitions it was given (invalid and
    // left-out ones too), at least repetitionPps.size(). The point is done
    // (MaxReached) when those reach the target's maxReps.
    static Precision of(const QList<double> &repetitionPps, const PrecisionTarget &target,
                        int repetitionsRun = 0);

    bool reached() const { return state == State::Reached; }
    // "0.62%" (of the ns/packet), "-" without an interval.
    QString shareText() const;
    // For a point that hit the maximum: "precision 2.31% not reached (target
    // 1.00%) in 10 repetitions, the maximum"; empty otherwise.
    QString warning() const;
};

} // namespace burstlab
