#pragma once
#include "stats/Welch.h"
#include <QList>

namespace burstlab {

// The change from a reference sample (previous point or baseline run) to
// this one, in the seeds' sign convention: ns > 0 means fewer ns per packet
// (better), pps > 0 means more packets per second (better).
struct Delta {
    double ns = 0;      // mean ns/pkt(reference) - mean ns/pkt(this)
    double nsCiLow = 0; // 95% CI of ns (NaN when insufficient)
    double nsCiHigh = 0;
    double pps = 0; // mean pps(this) - mean pps(reference)
    double ppsCiLow = 0;
    double ppsCiHigh = 0;
    double p = 1; // Welch two-sided p on ns/pkt
    Verdict verdict = Verdict::Insufficient;

    // From the per-repetition pps of both sides; ns/pkt is 1e9/pps per
    // repetition. Verdict: Insufficient when either side has < 2 values,
    // WithinNoise when p >= alpha, else Better or Worse by the sign of ns.
    static Delta between(const QList<double> &referencePps, const QList<double> &thisPps,
                         double alpha = 0.05);
};

} // namespace burstlab
