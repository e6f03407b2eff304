#include "SinkClassifier.h"

#include "Signature.h"

#include <algorithm>

namespace burstlab::engine {

namespace {
constexpr uint32_t kMask = SinkClassifier::kWindow - 1;
static_assert((SinkClassifier::kWindow & kMask) == 0, "the window is a power of two");
} // namespace

void SinkClassifier::begin(const Setup &setup) {
    m_setup = setup;
    m_setup.copies = std::max<uint64_t>(setup.copies, 1);
    m_counts = {};
    m_latency.reset();
    m_streams.assign(setup.streams, Stream{});
    m_seen.assign(size_t{setup.streams} * kWindow, 0);
}

void SinkClassifier::classify(const uint8_t *frame, size_t length, uint64_t rxTsc) {
    const auto sig = signature::read(frame, length);
    if (!sig) {
        ++m_counts.foreign;
        return;
    }
    if (sig->step != m_setup.stepTag) {
        ++m_counts.late;
        return;
    }
    if (sig->stream >= m_streams.size()) {
        ++m_counts.foreign;
        return;
    }
    const bool counted =
        countOurs(m_streams[sig->stream], &m_seen[size_t{sig->stream} * kWindow], sig->seq);
    if (counted && m_setup.timestamps && sig->tsc != 0) {
        m_latency.add(rxTsc > sig->tsc ? rxTsc - sig->tsc : 0);
    }
}

bool SinkClassifier::countOurs(Stream &s, uint32_t *seen, uint32_t seq) {
    if (!s.started) {
        s.started = true;
        s.highest = seq;
        seen[seq & kMask] = 1;
        ++m_counts.ours;
        return true;
    }
    // Serial-number arithmetic: the 32-bit sequence may wrap in a long step.
    const auto ahead = static_cast<int32_t>(seq - s.highest);
    if (ahead > 0) {
        if (static_cast<uint32_t>(ahead) >= kWindow) {
            std::fill_n(seen, kWindow, 0);
        } else {
            for (uint32_t k = 1; k <= static_cast<uint32_t>(ahead); ++k) {
                seen[(s.highest + k) & kMask] = 0;
            }
        }
        s.highest = seq;
        seen[seq & kMask] = 1;
        ++m_counts.ours;
        return true;
    }
    if (ahead <= -static_cast<int32_t>(kWindow)) {
        ++m_counts.ours;
        ++m_counts.reordered;
        return true;
    }
    uint32_t &times = seen[seq & kMask];
    if (times >= m_setup.copies) {
        ++m_counts.duplicates;
        return false;
    }
    ++times;
    ++m_counts.ours;
    if (ahead < 0) {
        ++m_counts.reordered;
    }
    return true;
}

} // namespace burstlab::engine
