#include "stats/Precision.h"
#include "stats/Figure.h"
#include "stats/NsPerPacket.h"
#include "stats/Summary.h"
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {
QString percentText(double share) {
    return std::isfinite(share) ? QStringLiteral("%1%").arg(share * 100, 0, 'f', 2)
                                : QStringLiteral("-");
}
} // namespace

Precision Precision::of(const QList<double> &repetitionPps, const PrecisionTarget &target,
                        int repetitionsRun) {
    Precision p;
    p.n = int(repetitionPps.size());
    p.run = std::max(p.n, repetitionsRun);
    // The point's printed ns/packet (Figure), NaN without one.
    const double ns = Figure::ns(Figure::pps(repetitionPps).value_or(0)).value_or(nan);
    const Summary summary = Summary::of(nsPerPacket(repetitionPps));
    if (p.n >= 2 && std::isfinite(summary.ciHigh) && std::isfinite(summary.ciLow))
        p.widthNs = summary.ciHigh - summary.ciLow;
    if (std::isfinite(ns)) {
        p.share = p.widthNs / ns;
        p.targetNs = target.widthFor(ns);
        p.targetShare = p.targetNs / ns;
    }
    if (p.n >= PrecisionTarget::kMinReps && p.widthNs < p.targetNs)
        p.state = State::Reached;
    else if (p.run >= target.maxReps)
        p.state = State::MaxReached;
    return p;
}

QString Precision::shareText() const {
    return percentText(share);
}

QString Precision::warning() const {
    if (state != State::MaxReached)
        return {};
    return QStringLiteral("precision %1 not reached (target %2) in %3 repetitions, the maximum")
        .arg(shareText(), percentText(targetShare))
        .arg(run);
}

} // namespace burstlab
