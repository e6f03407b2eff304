#include "ThreadFigures.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace burstlab::engine {

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

std::optional<uint64_t> stealTicksOf(std::string_view text, unsigned cpu) {
    const std::string name = "\ncpu" + std::to_string(cpu) + ' ';
    const size_t at = text.find(name);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    const size_t lineEnd = text.find('\n', at + 1);
    if (lineEnd == std::string_view::npos) {
        return std::nullopt; // cut off by the buffer
    }
    // user nice system idle iowait irq softirq steal ...
    constexpr int kStealField = 8;
    const char *p = text.data() + at + name.size();
    const char *end = text.data() + lineEnd;
    uint64_t value = 0;
    for (int field = 1; field <= kStealField; ++field) {
        while (p < end && *p == ' ') {
            ++p;
        }
        const auto [next, error] = std::from_chars(p, end, value);
        if (error != std::errc()) {
            return std::nullopt;
        }
        p = next;
    }
    return value;
}

// The per-CPU lines come first in /proc/stat, before the long interrupt
// counts: 64 KiB holds them for several hundred CPUs. On the caller's
// stack, so a DPDK lcore's window edge allocates nothing.
[[gnu::noinline]] std::optional<uint64_t> readStealTicks(unsigned cpu) {
    std::array<char, 65536> buffer;
    const int fd = ::open("/proc/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return std::nullopt;
    }
    size_t used = 0;
    while (used < buffer.size()) {
        const ssize_t got = ::read(fd, buffer.data() + used, buffer.size() - used);
        if (got <= 0) {
            break;
        }
        used += static_cast<size_t>(got);
    }
    ::close(fd);
    return stealTicksOf(std::string_view(buffer.data(), used), cpu);
}

uint64_t nsPerTick() {
    const long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? 1000000000ULL / static_cast<uint64_t>(hz) : 10000000ULL;
}

namespace messages {

namespace {
template <typename T> Json optionalJson(const std::optional<T> &v) {
    return v ? Json(*v) : Json();
}
} // namespace

Json lcoreThread(const std::optional<ThreadFigures> &f) {
    if (!f) {
        return nullptr;
    }
    return {{"cpu", f->cpu},
            {"wall_ns", f->wallNs},
            {"on_cpu_ns", f->onCpuNs},
            {"cpu_share", f->cpuShare},
            {"involuntary_switches", f->involuntary},
            {"voluntary_switches", f->voluntary},
            {"steal_ns", optionalJson(f->stealNs)},
            {"steal_share", optionalJson(f->stealShare)},
            {"cpu_pps", f->cpuPps}};
}

// The most disturbed lcore decides, so its lowest CPU share and highest
// steal share; times, switches and CPU-time rates add up.
Json stepThread(const std::vector<std::optional<ThreadFigures>> &lcores) {
    unsigned n = 0;
    uint64_t wall = 0, onCpu = 0, involuntary = 0, voluntary = 0, steal = 0;
    double minShare = 1, maxSteal = 0, cpuPps = 0;
    bool stealKnown = true;
    for (const std::optional<ThreadFigures> &f : lcores) {
        if (!f) {
            continue;
        }
        minShare = n == 0 ? f->cpuShare : std::min(minShare, f->cpuShare);
        ++n;
        wall += f->wallNs;
        onCpu += f->onCpuNs;
        involuntary += f->involuntary;
        voluntary += f->voluntary;
        cpuPps += f->cpuPps;
        stealKnown = stealKnown && f->stealNs;
        steal += f->stealNs.value_or(0);
        maxSteal = std::max(maxSteal, f->stealShare.value_or(0.0));
    }
    if (n == 0) {
        return nullptr;
    }
    return {{"lcores", n},
            {"wall_ns", wall},
            {"on_cpu_ns", onCpu},
            {"min_cpu_share", minShare},
            {"involuntary_switches", involuntary},
            {"voluntary_switches", voluntary},
            {"steal_ns", stealKnown ? Json(steal) : Json()},
            {"max_steal_share", stealKnown ? Json(maxSteal) : Json()},
            {"cpu_pps", cpuPps},
            {"cpu_ns_per_pkt", cpuPps > 0 ? 1e9 / cpuPps : 0.0}};
}

} // namespace messages

} // namespace burstlab::engine
