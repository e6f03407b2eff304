#pragma once

#include "Replies.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace burstlab::engine {

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

// The steal ticks of "cpuN" in a /proc/stat text (its 8th number), or
// nullopt when the line is not there (a kernel without steal, or more CPUs
// than the text holds).
std::optional<uint64_t> stealTicksOf(std::string_view procStat, unsigned cpu);
// The same read from /proc/stat; allocates nothing, so a DPDK lcore may
// call it at its window's edges.
std::optional<uint64_t> readStealTicks(unsigned cpu);

// Nanoseconds per USER_HZ tick of /proc/stat.
uint64_t nsPerTick();

namespace messages {
// One thread's figures (docs/protocol.md, "thread"), or null.
Json lcoreThread(const std::optional<ThreadFigures> &f);
// The step's thread figures over its lcores' (null when none has any).
Json stepThread(const std::vector<std::optional<ThreadFigures>> &lcores);
} // namespace messages

} // namespace burstlab::engine
