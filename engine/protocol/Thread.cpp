#include "Thread.h"

#include <algorithm>
#include <unistd.h>

namespace burstlab::protocol {

std::optional<ThreadFigures> ThreadFigures::over(const ThreadCounts &start, const ThreadCounts &end,
                                                 uint64_t wallNs, uint64_t windowPkts) {
    if (windowPkts == 0 || wallNs == 0) {
        return std::nullopt;
    }
    ThreadFigures f;
    f.cpu = start.cpu;
    f.wallNs = wallNs;
    const auto since = [](uint64_t from, uint64_t to) { return to > from ? to - from : 0; };
    f.onCpuNs = since(start.cpuNs, end.cpuNs);
    const auto wall = static_cast<double>(f.wallNs);
    f.cpuShare = static_cast<double>(f.onCpuNs) / wall;
    f.involuntary = since(start.involuntary, end.involuntary);
    f.voluntary = since(start.voluntary, end.voluntary);
    if (start.stealTicks && end.stealTicks) {
        f.stealNs = since(*start.stealTicks, *end.stealTicks) * nsPerTick();
        f.stealShare = static_cast<double>(*f.stealNs) / wall;
    }
    f.cpuPps = f.onCpuNs > 0
                   ? static_cast<double>(windowPkts) * 1e9 / static_cast<double>(f.onCpuNs)
                   : 0.0;
    return f;
}

std::optional<StepThreadFigures>
StepThreadFigures::over(const std::vector<std::optional<ThreadFigures>> &lcores) {
    StepThreadFigures s;
    uint64_t steal = 0;
    double maxSteal = 0;
    bool stealKnown = true;
    for (const std::optional<ThreadFigures> &f : lcores) {
        if (!f) {
            continue;
        }
        s.minCpuShare = s.lcores == 0 ? f->cpuShare : std::min(s.minCpuShare, f->cpuShare);
        ++s.lcores;
        s.wallNs += f->wallNs;
        s.onCpuNs += f->onCpuNs;
        s.involuntary += f->involuntary;
        s.voluntary += f->voluntary;
        s.cpuPps += f->cpuPps;
        stealKnown = stealKnown && f->stealNs;
        steal += f->stealNs.value_or(0);
        maxSteal = std::max(maxSteal, f->stealShare.value_or(0.0));
    }
    if (s.lcores == 0) {
        return std::nullopt;
    }
    if (stealKnown) {
        s.stealNs = steal;
        s.maxStealShare = maxSteal;
    }
    return s;
}

uint64_t nsPerTick() {
    const long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? 1000000000ULL / static_cast<uint64_t>(hz) : 10000000ULL;
}

} // namespace burstlab::protocol
