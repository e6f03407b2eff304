#pragma once

#include "Sink.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// What the receiving host devices counted, summed over them: the kernel's
// statistics (/sys/class/net/DEV/statistics), which count every frame a
// device received, whoever sent it, and classify none.
struct RxCounts {
    uint64_t packets = 0; // rx_packets
    // rx_missed_errors, rx_errors, rx_dropped as imissed, ierrors, rx_nombuf
    // (docs/protocol.md, "The sink's figures").
    protocol::RxDropCounters drops;

    RxCounts since(const RxCounts &start) const;
    bool operator==(const RxCounts &other) const;
};

// The pktgen engine's sink: the host devices that do not send (a veth
// pair's peer, where --host-device sets gro), read at a step's edges.
class SinkDevices {
  public:
    explicit SinkDevices(std::vector<std::string> devices) : m_devices(std::move(devices)) {}
    bool empty() const { return m_devices.empty(); }
    const std::vector<std::string> &devices() const { return m_devices; }
    // Their counts now, or none when a device's counters cannot be read.
    std::optional<RxCounts> read() const;
    // After TX stopped: reads until every one of the `sent` frames since
    // `start` was received or dropped here, or else until the counts stayed
    // the same for protocol::kSinkQuietMs and kQuietReads reads, at most
    // protocol::kSinkMaxMs. The reads count too because on a busy host (or
    // a guest whose CPU the host does not run) milliseconds pass with no
    // softirq run to receive anything: a quiet clock alone would end the
    // count early and leave this step's frames to the next.
    std::optional<RxCounts> settled(const RxCounts &start, uint64_t sent) const;
    static constexpr int kQuietReads = 10;

  private:
    std::vector<std::string> m_devices;
};

} // namespace burstlab::engine
