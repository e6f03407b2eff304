#include "ThreadUsage.h"

#include <array>
#include <charconv>
#include <fcntl.h>
#include <sched.h>
#include <string>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

void readSwitches(ThreadMarks &m) {
    rusage u{};
    if (getrusage(RUSAGE_THREAD, &u) == 0) {
        m.involuntary = static_cast<uint64_t>(u.ru_nivcsw);
        m.voluntary = static_cast<uint64_t>(u.ru_nvcsw);
    }
}

// The per-CPU lines come first in /proc/stat, before the long interrupt
// counts: 64 KiB holds them for several hundred CPUs. On the TX lcore's
// stack, so a window's edge allocates nothing.
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

} // namespace

ThreadMarks ThreadMarks::open() {
    ThreadMarks m;
    const int cpu = sched_getcpu();
    m.cpu = cpu < 0 ? 0 : static_cast<unsigned>(cpu);
    m.stealTicks = readStealTicks(m.cpu);
    readSwitches(m);
    m.cpuNs = threadCpuNs();
    return m;
}

ThreadMarks ThreadMarks::close(unsigned cpu) {
    ThreadMarks m;
    m.cpuNs = threadCpuNs();
    readSwitches(m);
    m.cpu = cpu;
    m.stealTicks = readStealTicks(cpu);
    return m;
}

std::optional<ThreadFigures> ThreadFigures::of(const ThreadUsage &u, uint64_t windowPkts,
                                               uint64_t tscHz) {
    if (!u.measured || windowPkts == 0 || u.endTsc <= u.startTsc || tscHz == 0) {
        return std::nullopt;
    }
    ThreadFigures f;
    f.cpu = u.start.cpu;
    f.wallNs = static_cast<uint64_t>(static_cast<long double>(u.endTsc - u.startTsc) * 1e9L /
                                     static_cast<long double>(tscHz));
    const auto since = [](uint64_t from, uint64_t to) { return to > from ? to - from : 0; };
    f.onCpuNs = since(u.start.cpuNs, u.end.cpuNs);
    const auto wall = static_cast<double>(f.wallNs);
    f.cpuShare = f.wallNs > 0 ? static_cast<double>(f.onCpuNs) / wall : 0.0;
    f.involuntary = since(u.start.involuntary, u.end.involuntary);
    f.voluntary = since(u.start.voluntary, u.end.voluntary);
    if (u.start.stealTicks && u.end.stealTicks) {
        f.stealNs = since(*u.start.stealTicks, *u.end.stealTicks) * nsPerTick();
        f.stealShare = f.wallNs > 0 ? static_cast<double>(*f.stealNs) / wall : 0.0;
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

uint64_t threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ULL + static_cast<uint64_t>(t.tv_nsec);
}

uint64_t nsPerTick() {
    const long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? 1000000000ULL / static_cast<uint64_t>(hz) : 10000000ULL;
}

} // namespace burstlab::engine
