#include "TxWindow.h"

#include "PerfEvent.h"

#include <rte_cycles.h>

namespace burstlab::engine {

uint64_t TxWindow::open() {
    // Before the marks: the thread's CPU clock, read last, stays a mark
    // the window's TSC follows at once (on-CPU time never above wall time).
    profile::enableEvent(m_usage.perfFd);
    m_usage.start = ThreadMarks::open();
    m_usage.measured = true;
    m_usage.startTsc = rte_rdtsc();
    return m_usage.startTsc;
}

void TxWindow::close(const TxMarks &at, LcoreCounters &c) {
    if (m_usage.measured) {
        m_usage.endTsc = at.tsc;
        m_usage.end = ThreadMarks::close(m_usage.start.cpu);
        profile::disableEvent(m_usage.perfFd);
    }
    const TxMarks &end = m_paced ? m_last : at;
    if (m_state != State::Open || end.pkts <= m_start.pkts) {
        return;
    }
    constexpr auto relaxed = std::memory_order_relaxed;
    c.windowStartTsc.store(m_start.tsc, relaxed);
    c.windowEndTsc.store(end.tsc, relaxed);
    c.windowPkts.store(end.pkts - m_start.pkts, relaxed);
    c.windowCalls.store(end.calls - m_start.calls, relaxed);
}

} // namespace burstlab::engine
