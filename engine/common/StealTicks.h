#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace burstlab::engine {

// The steal ticks of "cpuN" in a /proc/stat text (its 8th number), or
// nullopt when the line is not there (a kernel without steal, or more CPUs
// than the text holds).
std::optional<uint64_t> stealTicksOf(std::string_view procStat, unsigned cpu);
// The same read from /proc/stat; allocates nothing, so a DPDK lcore may
// call it at its window's edges.
std::optional<uint64_t> readStealTicks(unsigned cpu);

} // namespace burstlab::engine
