#include "SinkDevices.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace burstlab::engine {

namespace {

// One counter file: a decimal number and a newline.
std::optional<uint64_t> counter(const std::string &device, const char *name) {
    const std::string path = "/sys/class/net/" + device + "/statistics/" + name;
    std::FILE *f = std::fopen(path.c_str(), "re");
    if (!f) {
        return std::nullopt;
    }
    char text[32] = {};
    const bool read = std::fgets(text, sizeof text, f) != nullptr;
    std::fclose(f);
    unsigned long long value = 0;
    if (!read || std::sscanf(text, "%llu", &value) != 1) {
        return std::nullopt;
    }
    return value;
}

} // namespace

RxCounts RxCounts::since(const RxCounts &start) const {
    return {packets - start.packets, drops.since(start.drops)};
}

bool RxCounts::operator==(const RxCounts &other) const {
    return packets == other.packets && drops.total() == other.drops.total();
}

std::optional<RxCounts> SinkDevices::read() const {
    RxCounts sum;
    for (const std::string &device : m_devices) {
        const auto packets = counter(device, "rx_packets");
        const auto missed = counter(device, "rx_missed_errors");
        const auto errors = counter(device, "rx_errors");
        const auto dropped = counter(device, "rx_dropped");
        if (!packets || !missed || !errors || !dropped) {
            return std::nullopt;
        }
        sum.packets += *packets;
        sum.drops.imissed += *missed;
        sum.drops.ierrors += *errors;
        sum.drops.rxNombuf += *dropped;
    }
    return sum;
}

std::optional<RxCounts> SinkDevices::settled(const RxCounts &start, uint64_t sent) const {
    using std::chrono::milliseconds;
    const auto now = std::chrono::steady_clock::now;
    const auto deadline = now() + milliseconds(protocol::kSinkMaxMs);
    const auto accounted = [&](const RxCounts &c) {
        const RxCounts step = c.since(start);
        return step.packets + step.drops.total() >= sent;
    };
    auto last = read();
    auto quietSince = now();
    int quietReads = 0;
    while (last && !accounted(*last) && now() < deadline &&
           (now() - quietSince < milliseconds(protocol::kSinkQuietMs) ||
            quietReads < kQuietReads)) {
        std::this_thread::sleep_for(milliseconds(2));
        const auto current = read();
        if (current != last) {
            quietSince = now();
            quietReads = 0;
        } else {
            ++quietReads;
        }
        last = current;
    }
    return last;
}

} // namespace burstlab::engine
