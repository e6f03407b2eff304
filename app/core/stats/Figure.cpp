#include "stats/Figure.h"
#include "model/StepResult.h"
#include "stats/Summary.h"
#include <algorithm>
#include <cmath>

namespace burstlab::Figure {

std::optional<qint64> pps(const QList<double> &repetitionPps) {
    const Summary summary = Summary::of(repetitionPps);
    if (summary.n == 0 || !std::isfinite(summary.median))
        return std::nullopt;
    return std::llround(std::max(summary.median, 0.0));
}

std::optional<double> ns(qint64 pps) {
    return StepResult::nsPerPacketOf(double(pps));
}

std::optional<double> deltaNs(qint64 referencePps, qint64 thisPps) {
    const auto reference = ns(referencePps);
    const auto current = ns(thisPps);
    if (!reference || !current)
        return std::nullopt;
    return *reference - *current;
}

double printed(double ns) {
    const double rounded = std::round(ns * 100) / 100;
    return rounded == 0 ? 0.0 : rounded;
}

} // namespace burstlab::Figure
