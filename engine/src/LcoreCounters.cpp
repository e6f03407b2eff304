#include "LcoreCounters.h"

namespace burstlab::engine {

CounterSnapshot &CounterSnapshot::operator+=(const CounterSnapshot &o) {
    txPkts += o.txPkts;
    txBytes += o.txBytes;
    txCalls += o.txCalls;
    ringFull += o.ringFull;
    retries += o.retries;
    allocFail += o.allocFail;
    busyCycles += o.busyCycles;
    mbufsBuilt += o.mbufsBuilt;
    cpuNs += o.cpuNs;
    for (size_t i = 0; i < kBurstBuckets; ++i) {
        burstHist[i] += o.burstHist[i];
    }
    return *this;
}

CounterSnapshot LcoreCounters::snapshot() const {
    constexpr auto r = std::memory_order_relaxed;
    CounterSnapshot s;
    s.txPkts = txPkts.load(r);
    s.txBytes = txBytes.load(r);
    s.txCalls = txCalls.load(r);
    s.ringFull = ringFull.load(r);
    s.retries = retries.load(r);
    s.allocFail = allocFail.load(r);
    s.busyCycles = busyCycles.load(r);
    s.mbufsBuilt = mbufsBuilt.load(r);
    s.cpuNs = cpuNs.load(r);
    for (size_t i = 0; i < kBurstBuckets; ++i) {
        s.burstHist[i] = burstHist[i].load(r);
    }
    return s;
}

LcoreWindow LcoreCounters::window() const {
    constexpr auto r = std::memory_order_relaxed;
    return {windowStartTsc.load(r), windowEndTsc.load(r), windowPkts.load(r), windowCalls.load(r)};
}

} // namespace burstlab::engine
