#include "stats/SteadyRate.h"
#include <algorithm>

namespace burstlab {

std::optional<double> ppsAfterWarmup(const QList<Sample> &samples, qint64 warmupNs) {
    const auto first = std::find_if(samples.begin(), samples.end(),
                                    [&](const Sample &s) { return s.tNs >= warmupNs; });
    if (first == samples.end() || samples.last().tNs <= first->tNs)
        return std::nullopt;
    const Sample &last = samples.last();
    return double(last.txPkts - first->txPkts) * 1e9 / double(last.tNs - first->tNs);
}

} // namespace burstlab
