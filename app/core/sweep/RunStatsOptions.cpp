#include "sweep/RunStatsOptions.h"

namespace burstlab {

StatsOptions statsOptionsFor(const Run &run) {
    StatsOptions options;
    options.linkMbps = run.linkSpeedMbps();
    options.frameSize = run.frameSize();
    return options;
}

} // namespace burstlab
