#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace burstlab::protocol {

// What the kernel says about one sending thread at one edge of its window:
// its own CPU time, how often it was switched out, and the steal time of
// the CPU it runs on.
struct ThreadCounts {
    unsigned cpu = 0;
    uint64_t cpuNs = 0;
    uint64_t involuntary = 0;
    uint64_t voluntary = 0;
    std::optional<uint64_t> stealTicks; // /proc/stat, the cpu's steal in USER_HZ
};

// One sending thread's figures over its window, as the finished message
// gives them (docs/protocol.md, "The thread figures"); both engines make
// them, each from its own clock and its own reads of the counts.
struct ThreadFigures {
    unsigned cpu = 0;
    uint64_t wallNs = 0;
    uint64_t onCpuNs = 0;
    double cpuShare = 0; // onCpuNs / wallNs
    uint64_t involuntary = 0;
    uint64_t voluntary = 0;
    std::optional<uint64_t> stealNs;
    std::optional<double> stealShare; // stealNs / wallNs
    double cpuPps = 0;                // the window's packets per on-CPU second

    // The figures from the counts at the window's edges, taken on start's
    // CPU; nullopt when the window holds no time or no packet.
    static std::optional<ThreadFigures> over(const ThreadCounts &start, const ThreadCounts &end,
                                             uint64_t wallNs, uint64_t windowPkts);
};

// The step's thread figures over its lcores': the most disturbed lcore
// decides, so its lowest CPU share and highest steal share; times, switches
// and CPU-time rates add up.
struct StepThreadFigures {
    unsigned lcores = 0;
    uint64_t wallNs = 0;
    uint64_t onCpuNs = 0;
    double minCpuShare = 1;
    uint64_t involuntary = 0;
    uint64_t voluntary = 0;
    std::optional<uint64_t> stealNs;
    std::optional<double> maxStealShare;
    double cpuPps = 0;

    // nullopt when no lcore has figures.
    static std::optional<StepThreadFigures>
    over(const std::vector<std::optional<ThreadFigures>> &lcores);
};

// Nanoseconds per USER_HZ tick of /proc/stat.
uint64_t nsPerTick();

} // namespace burstlab::protocol
