#pragma once

#include "LatencyHistogram.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace burstlab::engine {

// What a sink received during a step, by kind (docs/protocol.md, "finished").
struct SinkCounts {
    uint64_t ours = 0;       // this step's packets, each counted once (rx_pkts)
    uint64_t foreign = 0;    // not built by the engine, or an impossible stream
    uint64_t late = 0;       // the engine's, from an earlier step
    uint64_t duplicates = 0; // beyond the times its sequence number was sent
    uint64_t reordered = 0;  // arrived after a later packet of its stream
};

// Classifies received frames by their payload signature (Signature.h). Per
// stream it keeps the highest sequence number seen and, for the last
// kWindow sequence numbers, how often each arrived: a number seen more often
// than it was sent (once, or `clone` times) is a duplicate, one older than
// the highest seen is reordered. Older than the window, a packet cannot be
// told from a duplicate and counts as reordered. Memory is set up in begin();
// classify() allocates nothing.
class SinkClassifier {
  public:
    static constexpr uint32_t kWindow = 4096;

    struct Setup {
        uint8_t stepTag = 0;
        uint32_t streams = 1;
        uint64_t copies = 1; // times each sequence number is sent: clone, or 1
        bool timestamps = false;
    };

    void begin(const Setup &setup);
    // rxTsc: the TSC when the frame was received (read once per RX burst).
    void classify(const uint8_t *frame, size_t length, uint64_t rxTsc);

    const SinkCounts &counts() const { return m_counts; }
    // One-way latency in TSC cycles, of this step's packets (timestamps on).
    const LatencyHistogram &latency() const { return m_latency; }

  private:
    struct Stream {
        bool started = false;
        uint32_t highest = 0;
    };
    // Counts a packet of this step; false for a duplicate.
    bool countOurs(Stream &stream, uint32_t *seen, uint32_t seq);

    Setup m_setup;
    SinkCounts m_counts;
    LatencyHistogram m_latency;
    std::vector<Stream> m_streams;
    std::vector<uint32_t> m_seen; // kWindow counters per stream, by seq % kWindow
};

} // namespace burstlab::engine
