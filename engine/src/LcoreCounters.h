#pragma once

#include "Figures.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <rte_common.h>

namespace burstlab::engine {

using protocol::burstBucket;
using protocol::kBurstBuckets;

// A plain copy of one lcore's counters, summed by the main lcore.
struct CounterSnapshot {
    uint64_t txPkts = 0;
    uint64_t txBytes = 0;
    uint64_t txCalls = 0;
    uint64_t ringFull = 0;
    uint64_t retries = 0;
    uint64_t allocFail = 0;
    uint64_t busyCycles = 0;
    uint64_t mbufsBuilt = 0;
    uint64_t cpuNs = 0; // the lcore's on-CPU time, known when it is done
    std::array<uint64_t, kBurstBuckets> burstHist{};

    CounterSnapshot &operator+=(const CounterSnapshot &o);
};

// One lcore's measured window: from its first tx_burst after the warm-up to
// its last packet sent (docs/protocol.md, "finished"). Empty (pkts 0) when
// the lcore sent nothing after the warm-up.
struct LcoreWindow {
    uint64_t startTsc = 0;
    uint64_t endTsc = 0;
    uint64_t pkts = 0;
    uint64_t calls = 0;
};

// One TX lcore's counters, on their own cache lines and written only by that
// lcore, at each of its clock reads and when it ends (TxWorker). Relaxed atomics compile to plain
// loads and stores on x86 and make the main lcore's concurrent reads well defined.
struct alignas(RTE_CACHE_LINE_SIZE) LcoreCounters {
    std::atomic<uint64_t> txPkts{0};
    std::atomic<uint64_t> txBytes{0};
    std::atomic<uint64_t> txCalls{0};
    std::atomic<uint64_t> ringFull{0};
    std::atomic<uint64_t> retries{0};
    std::atomic<uint64_t> allocFail{0};
    std::atomic<uint64_t> busyCycles{0};
    std::atomic<uint64_t> mbufsBuilt{0};
    std::array<std::atomic<uint64_t>, kBurstBuckets> burstHist{};
    std::atomic<uint64_t> firstTxTsc{0}; // 0 = nothing sent yet
    std::atomic<uint64_t> endTsc{0};
    std::atomic<uint64_t> cpuNs{0};
    // Written once, when the lcore is done.
    std::atomic<uint64_t> windowStartTsc{0};
    std::atomic<uint64_t> windowEndTsc{0};
    std::atomic<uint64_t> windowPkts{0};
    std::atomic<uint64_t> windowCalls{0};
    std::atomic<bool> done{false};

    CounterSnapshot snapshot() const;
    LcoreWindow window() const;
};

// Every counter once: where a snapshot keeps it and where its lcore writes
// it. The snapshot and the sum walk this list (burst_hist, an array, is the
// one counter beside it); the messages name them (protocol/Messages.h).
struct CounterField {
    uint64_t CounterSnapshot::*value;
    std::atomic<uint64_t> LcoreCounters::*live;
};

inline constexpr CounterField kCounterFields[] = {
    {&CounterSnapshot::txPkts, &LcoreCounters::txPkts},
    {&CounterSnapshot::txBytes, &LcoreCounters::txBytes},
    {&CounterSnapshot::txCalls, &LcoreCounters::txCalls},
    {&CounterSnapshot::ringFull, &LcoreCounters::ringFull},
    {&CounterSnapshot::retries, &LcoreCounters::retries},
    {&CounterSnapshot::allocFail, &LcoreCounters::allocFail},
    {&CounterSnapshot::busyCycles, &LcoreCounters::busyCycles},
    {&CounterSnapshot::mbufsBuilt, &LcoreCounters::mbufsBuilt},
    {&CounterSnapshot::cpuNs, &LcoreCounters::cpuNs},
};

} // namespace burstlab::engine
