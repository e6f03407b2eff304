#pragma once
#include "stats/Welch.h"
#include <QList>
#include <limits>
#include <optional>

namespace burstlab {

// The change from a reference point (the previous point of a series, or the
// same point of a baseline run) to this one, in the seeds' sign convention:
// ns > 0 means fewer ns per packet (better), pps > 0 more packets per second.
//
// ns and pps come from the points' printed figures (Figure.h), so every
// output prints the same delta and a reader can redo it from the printed
// pps. How far to trust it comes from the repetitions: Welch's unequal-
// variance t-test on the per-repetition ns/packet (1e9/pps of each valid
// repetition) gives p and the 95% interval of the difference of the mean
// ns. A rank test (Mann-Whitney) cannot reach p < 0.05 with three
// repetitions a side, the default, so it would never call anything.
//
// The verdict never contradicts the printed delta:
//   insufficient  fewer than 2 valid repetitions on a side, or no spread at all
//   within noise  p >= alpha; or the printed delta is 0.00; or the means and
//                 the medians disagree on the direction (the repetitions are
//                 too skewed to say which way it went)
//   better/worse  p < alpha and the printed delta is > 0 / < 0
struct Delta {
    double ns = 0;  // ns(reference) - ns(this), from the printed pps
    qint64 pps = 0; // pps(this) - pps(reference)
    double nsCiLow = std::numeric_limits<double>::quiet_NaN(); // NaN when insufficient
    double nsCiHigh = std::numeric_limits<double>::quiet_NaN();
    double p = std::numeric_limits<double>::quiet_NaN(); // Welch, two-sided
    Verdict verdict = Verdict::Insufficient;

    bool hasInterval() const { return verdict != Verdict::Insufficient; }

    // nullopt when either figure is 0 pps (no ns/packet to take a delta of).
    static std::optional<Delta> between(qint64 referencePps, const QList<double> &referenceReps,
                                        qint64 thisPps, const QList<double> &thisReps,
                                        double alpha = 0.05);
};

} // namespace burstlab
