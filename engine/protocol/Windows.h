#pragma once

#include "Messages.h"

#include <vector>

namespace burstlab::protocol {

// One sending thread's measured window, times in ns from the step's start.
struct LcoreSpan {
    bool measured = false; // it sent in its window
    uint64_t pkts = 0;
    std::optional<uint64_t> calls; // DPDK's tx_burst calls
    uint64_t startNs = 0;
    uint64_t endNs = 0;
};

// A thread's window: its packets over its own time (zero when not measured).
Window windowOf(const LcoreSpan &span, uint64_t frameBytes);

// The step's window from its threads' (docs/protocol.md, "finished"): their
// packets, bytes and calls added up; the rate is the sum of the threads'
// rates, each over its own window; ns is the time all of them were in their
// windows (the latest start to the earliest end), the common window.
StepWindow stepWindowOf(const std::vector<LcoreSpan> &spans, uint64_t frameBytes, uint64_t warmupMs,
                        uint64_t targetPps);

} // namespace burstlab::protocol
