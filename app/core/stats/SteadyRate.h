#pragma once
#include "model/Sample.h"
#include <QList>
#include <optional>

namespace burstlab {

// pps between the first sample at or after warmupNs and the last sample
// (cumulative counters, so the rate is a difference). nullopt when fewer
// than two samples lie past the warm-up or no time passed between them.
std::optional<double> ppsAfterWarmup(const QList<Sample> &samples, qint64 warmupNs);

} // namespace burstlab
