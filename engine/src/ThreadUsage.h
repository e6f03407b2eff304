#pragma once

#include "StealTicks.h"
#include "Thread.h"

#include <cstdint>
#include <optional>

namespace burstlab::engine {

// What the kernel says about one TX lcore's thread at one edge of its
// measured window: its own CPU time, how often it was switched out, and the
// steal time of the CPU it runs on. Read by the TX lcore itself, once when
// its window opens and once when it closes, never per burst: the reads are
// syscalls and a /proc/stat read, tens of microseconds that stay outside
// the window's clock marks (docs/protocol.md, "finished", "thread").
// cpuNs is CLOCK_THREAD_CPUTIME_ID, the switches getrusage(RUSAGE_THREAD)'s.
struct ThreadMarks : protocol::ThreadCounts {
    // Steal first (the slowest read) and the CPU clock last, so the clock
    // is read right before the caller takes the window's opening TSC mark.
    static ThreadMarks open();
    // The CPU clock first, right after the window's closing TSC mark; steal
    // is read on the CPU the window opened on.
    static ThreadMarks close(unsigned cpu);
};

// One TX lcore's thread over its window: from the TSC of the window's
// opening to the TSC where its send loop ended, with the marks at both.
// Written once by the TX lcore before it reports done.
struct ThreadUsage {
    bool measured = false; // false when the window never opened
    // The thread's sampling event (profile::PerfEvent), -1 without one:
    // enabled where the window opens, disabled where it closes.
    int perfFd = -1;
    uint64_t startTsc = 0;
    uint64_t endTsc = 0;
    ThreadMarks start;
    ThreadMarks end;
};

// One lcore's figures over its window, as the finished message gives them;
// nullopt when the lcore's window never opened or holds no packet.
std::optional<protocol::ThreadFigures> figuresOf(const ThreadUsage &usage, uint64_t windowPkts,
                                                 uint64_t tscHz);

// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): on a shared
// machine the kernel may time-slice a TX lcore, and packets per CPU second
// still show what the code costs.
uint64_t threadCpuNs();

} // namespace burstlab::engine
