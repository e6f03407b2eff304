#include "StealTicks.h"

#include <array>
#include <charconv>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace burstlab::engine {

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

} // namespace burstlab::engine
