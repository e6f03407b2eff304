#pragma once
#include "model/Run.h"
#include "stats/PointStats.h"

namespace burstlab {

// The statistics options a run implies: its port's link speed and its frame
// size, for the line-rate check.
StatsOptions statsOptionsFor(const Run &run);

} // namespace burstlab
