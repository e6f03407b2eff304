#include "stats/Delta.h"
#include "stats/Figure.h"
#include "stats/NsPerPacket.h"

namespace burstlab {

std::optional<Delta> Delta::between(qint64 referencePps, const QList<double> &referenceReps,
                                    qint64 thisPps, const QList<double> &thisReps, double alpha) {
    const std::optional<double> ns = Figure::deltaNs(referencePps, thisPps);
    if (!ns)
        return std::nullopt;
    Delta d;
    d.ns = *ns;
    d.pps = thisPps - referencePps;
    // Welch gives mean(this) - mean(reference); the seeds' delta is the other way round.
    const Welch w = Welch::test(nsPerPacket(referenceReps), nsPerPacket(thisReps), alpha);
    if (!w.valid)
        return d;
    d.nsCiLow = -w.ciHigh;
    d.nsCiHigh = -w.ciLow;
    d.p = w.p;
    const double printed = Figure::printed(d.ns);
    const bool sameDirection = (printed > 0) == (-w.diff > 0);
    if (w.p >= alpha || printed == 0 || !sameDirection)
        d.verdict = Verdict::WithinNoise;
    else
        d.verdict = printed > 0 ? Verdict::Better : Verdict::Worse;
    return d;
}

} // namespace burstlab
