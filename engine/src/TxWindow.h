#pragma once

#include "LcoreCounters.h"
#include "ThreadUsage.h"

#include <cstdint>

namespace burstlab::engine {

// Where a TX lcore stands at one clock read: the TSC, and its packets sent
// and tx_burst calls so far.
struct TxMarks {
    uint64_t tsc = 0;
    uint64_t pkts = 0;
    uint64_t calls = 0;
};

// One TX lcore's measured window (docs/protocol.md, "finished"). Unpaced, it
// opens at the lcore's first clock read after the warm-up and closes right
// after its last tx_burst. Paced, it opens at the first burst after the
// warm-up (not at the clock read before the pacing wait) and closes where
// the last burst was sent, leaving that burst out: n bursts then span n
// pacing intervals. The thread's figures (ThreadUsage) are read at the
// window's two edges only, outside its clock marks.
class TxWindow {
  public:
    TxWindow(ThreadUsage &usage, bool paced) : m_usage(usage), m_paced(paced) {}

    // The warm-up is over at `at`. Returns the TSC to go on with: an
    // unpaced window opens at a clock read made after the thread's marks.
    uint64_t warmupOver(const TxMarks &at) {
        if (m_paced) {
            m_state = State::Armed;
            return at.tsc;
        }
        m_start = {open(), at.pkts, at.calls};
        m_state = State::Open;
        return m_start.tsc;
    }

    // A paced burst goes out at `at`; returns the TSC to go on with.
    uint64_t pacedBurst(const TxMarks &at) {
        m_last = at;
        if (m_state == State::Armed) [[unlikely]] {
            m_last.tsc = open();
            m_start = m_last;
            m_state = State::Open;
        }
        return m_last.tsc;
    }

    // The send loop ended at `at`, right after its last tx_burst: stores the
    // window (if it holds a packet) into the lcore's counters.
    void close(const TxMarks &at, LcoreCounters &counters);

  private:
    enum class State { Closed, Armed, Open };

    // Notes the thread's marks as the window opens; returns the TSC that
    // opens it, read after them so their cost stays out of the window.
    [[gnu::noinline, gnu::cold]] uint64_t open();

    ThreadUsage &m_usage;
    bool m_paced;
    State m_state = State::Closed;
    TxMarks m_start;
    TxMarks m_last; // the last paced burst
};

} // namespace burstlab::engine
