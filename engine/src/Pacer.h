#pragma once

#include <algorithm>
#include <cstdint>

namespace burstlab::engine {

// When a paced TX lcore's next burst is due, in whole TSC cycles from the
// step's start: at `pkts` packets per `cycles` cycles (the engine's TSC rate
// times the step's queues, over rate_pps), burst after burst with the
// fraction's remainder carried, so the schedule stays exact however long the
// step runs (a double holding an absolute TSC rounds once it passes 2^53)
// and a burst costs no division. A lag of more than maxLag cycles (a long
// stall) is dropped rather than caught up at full speed: the schedule goes
// on from maxLag behind the burst that noticed it.
class Pacer {
  public:
    Pacer(uint64_t cycles, uint64_t pkts, uint32_t burst, uint64_t maxLag)
        : m_cycles(cycles), m_pkts(std::max<uint64_t>(pkts, 1)), m_burst(burst),
          m_burstCycles(burst * cycles / m_pkts), m_burstRemainder(burst * cycles % m_pkts),
          m_maxLag(maxLag) {}

    uint64_t due() const { return m_due; }

    // A burst of n packets went out at `now` (cycles from the step's start,
    // not before due()).
    void sent(uint64_t now, uint32_t n) {
        if (now > m_due + m_maxLag) {
            m_due = now - m_maxLag;
            m_remainder = 0;
        }
        if (n == m_burst) [[likely]] {
            m_due += m_burstCycles;
            m_remainder += m_burstRemainder;
        } else {
            m_remainder += n * m_cycles % m_pkts;
            m_due += n * m_cycles / m_pkts;
        }
        if (m_remainder >= m_pkts) {
            m_remainder -= m_pkts;
            ++m_due;
        }
    }

  private:
    uint64_t m_cycles;
    uint64_t m_pkts;
    uint32_t m_burst;
    uint64_t m_burstCycles;
    uint64_t m_burstRemainder;
    uint64_t m_maxLag;
    uint64_t m_due = 0;
    uint64_t m_remainder = 0; // in 1/m_pkts cycles, below m_pkts
};

} // namespace burstlab::engine
