#include "SinkClassifier.h"

#include <algorithm>

namespace burstlab::engine {

namespace {
constexpr uint32_t kMask = SinkClassifier::kWindow - 1;
static_assert((SinkClassifier::kWindow & kMask) == 0, "the window is a power of two");
constexpr int32_t kWindowSigned = SinkClassifier::kWindow;
} // namespace

void SinkClassifier::begin(const Setup &setup) {
    if (m_begun) {
        m_earlier[m_setup.stepTag] = {true, m_setup.key, m_setup.timestamps};
    }
    m_begun = true;
    m_setup = setup;
    m_setup.copies = std::max<uint64_t>(setup.copies, 1);
    m_counts = {};
    m_latency.reset();
    m_streams.assign(setup.streams, Stream{});
    m_seen.assign(size_t{setup.streams} * kWindow, 0);
}

bool SinkClassifier::carriesKey(const signature::Fields &sig, uint64_t key, bool timestamps) {
    // With timestamps the TSC field holds the send time, so only the IPv4
    // identification carries the key.
    return sig.ipId == signature::ipIdOf(key) && (timestamps || sig.tsc == key);
}

void SinkClassifier::classify(const uint8_t *frame, size_t length, uint64_t rxTsc) {
    const auto sig = signature::read(frame, length);
    if (!sig) {
        ++m_counts.foreign;
        return;
    }
    if (sig->step != m_setup.stepTag) {
        const Earlier &e = m_earlier[sig->step];
        ++(e.valid && carriesKey(*sig, e.key, e.timestamps) ? m_counts.late : m_counts.foreign);
        return;
    }
    if (!carriesKey(*sig, m_setup.key, m_setup.timestamps) || sig->stream >= m_streams.size()) {
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
    if (s.pending) {
        if (seq == s.pendingSeq) {
            return countCopy(s.pendingTimes, 0); // a clone's copy
        }
        settlePending(s, seen, seq);
    }
    // Serial-number arithmetic: the 32-bit sequence may wrap in a long step.
    const auto ahead = static_cast<int32_t>(seq - s.highest);
    if (ahead >= kWindowSigned) {
        s.pending = true;
        s.pendingSeq = seq;
        s.pendingTimes = 1;
        ++m_counts.ours;
        return true;
    }
    if (ahead > 0) {
        for (uint32_t k = 1; k <= static_cast<uint32_t>(ahead); ++k) {
            seen[(s.highest + k) & kMask] = 0;
        }
        s.highest = seq;
        seen[seq & kMask] = 1;
        ++m_counts.ours;
        return true;
    }
    if (ahead <= -kWindowSigned) {
        ++m_counts.ours;
        ++m_counts.reordered;
        return true;
    }
    return countCopy(seen[seq & kMask], ahead);
}

void SinkClassifier::settlePending(Stream &s, uint32_t *seen, uint32_t seq) {
    const auto fromPending = static_cast<int32_t>(seq - s.pendingSeq);
    if (fromPending > 0 && fromPending < kWindowSigned) {
        // The stream did jump: what lay between was lost.
        std::fill_n(seen, kWindow, 0);
        s.highest = s.pendingSeq;
        seen[s.pendingSeq & kMask] = s.pendingTimes;
    } else {
        // A wild number: it arrived out of any order, the rest did not.
        ++m_counts.reordered;
    }
    s.pending = false;
}

bool SinkClassifier::countCopy(uint32_t &times, int32_t ahead) {
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
