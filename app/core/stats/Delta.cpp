#include "stats/Delta.h"
#include "stats/NsPerPacket.h"
#include <limits>

namespace burstlab {

Delta Delta::between(const QList<double> &referencePps, const QList<double> &thisPps,
                     double alpha) {
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    // Welch gives this - reference; the ns delta is reference - this so that
    // positive means fewer ns per packet, as the seeds print it.
    const Welch ns = Welch::test(nsPerPacket(referencePps), nsPerPacket(thisPps), alpha);
    const Welch pps = Welch::test(referencePps, thisPps, alpha);
    Delta d;
    d.ns = -ns.diff;
    d.nsCiLow = ns.valid ? -ns.ciHigh : nan;
    d.nsCiHigh = ns.valid ? -ns.ciLow : nan;
    d.pps = pps.diff;
    d.ppsCiLow = pps.valid ? pps.ciLow : nan;
    d.ppsCiHigh = pps.valid ? pps.ciHigh : nan;
    d.p = ns.valid ? ns.p : nan;
    if (!ns.valid)
        d.verdict = Verdict::Insufficient;
    else if (ns.p >= alpha)
        d.verdict = Verdict::WithinNoise;
    else
        d.verdict = d.ns > 0 ? Verdict::Better : Verdict::Worse;
    return d;
}

} // namespace burstlab
