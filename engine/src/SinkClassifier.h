#pragma once

#include "LatencyHistogram.h"
#include "Signature.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace burstlab::engine {

// What a sink received during a step, by kind (docs/protocol.md, "finished").
// Every frame received lands in exactly one of ours, duplicates, foreign and
// late; reordered is a part of ours.
struct SinkCounts {
    uint64_t ours = 0;       // this step's packets, each counted once (rx_pkts)
    uint64_t foreign = 0;    // not built by this run's engine for this or an earlier step
    uint64_t late = 0;       // the run's, from an earlier step
    uint64_t duplicates = 0; // beyond the times its sequence number was sent
    uint64_t reordered = 0;  // arrived after a packet sent after it
};

// Classifies received frames by their payload signature and the step's key
// word (Signature.h): a frame is this step's when it carries the step's tag
// and key word, an earlier step's (late) when it carries the tag and key
// word of the last step that had its tag, and foreign otherwise.
//
// Per stream it keeps the highest sequence number seen and, for the last
// kWindow sequence numbers, how often each arrived: a number seen more often
// than it was sent (once, or `clone` times) is a duplicate, one older than
// the highest seen is reordered. Older than the window, a packet cannot be
// told from a duplicate and counts as reordered. A number kWindow or more
// ahead of the highest is believed only when the stream's next packet
// follows it (a run of losses); otherwise it alone counts as reordered, so
// one wild number cannot make the rest of its stream look reordered.
// Memory is set up in begin(); classify() allocates nothing.
class SinkClassifier {
  public:
    static constexpr uint32_t kWindow = 4096;

    struct Setup {
        uint8_t stepTag = 0;
        uint64_t key = 0; // the step's key word (signature::stepKey)
        uint32_t streams = 1;
        uint64_t copies = 1; // times each sequence number is sent: clone, or 1
        bool timestamps = false;
    };

    // Starts counting a new step; the step before it (if any) is remembered
    // under its tag, so its stragglers count as late.
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
        // A number far ahead of highest, until the next packet says whether
        // the stream really jumped there; `pendingTimes` copies of it so far.
        bool pending = false;
        uint32_t pendingSeq = 0;
        uint32_t pendingTimes = 0;
    };
    struct Earlier {
        bool valid = false;
        uint64_t key = 0;
        bool timestamps = false;
    };
    static bool carriesKey(const signature::Fields &sig, uint64_t key, bool timestamps);
    // Counts a packet of this step; false for a duplicate.
    bool countOurs(Stream &stream, uint32_t *seen, uint32_t seq);
    // Settles a pending far-ahead number by the packet that follows it.
    void settlePending(Stream &stream, uint32_t *seen, uint32_t seq);
    // Counts a copy of `seq` within the window; false for a duplicate.
    bool countCopy(uint32_t &times, int32_t ahead);

    bool m_begun = false;
    Setup m_setup;
    SinkCounts m_counts;
    LatencyHistogram m_latency;
    std::vector<Stream> m_streams;
    std::vector<uint32_t> m_seen;         // kWindow counters per stream, by seq % kWindow
    std::array<Earlier, 256> m_earlier{}; // by step tag: the last step with it
};

} // namespace burstlab::engine
