#pragma once
#include "host/HostFs.h"
#include <optional>

namespace burstlab {

// Megabytes of huge pages reserved, over every page size: sysfs lists each
// size, /proc/meminfo only the default one (and is all some containers show),
// so the default size counts from meminfo when sysfs does not list it.
// Empty when neither tells. The one answer for the checklist's hugepages item
// and for choosing --no-huge.
std::optional<double> reservedHugepagesMb(const HostFs &fs);

} // namespace burstlab
