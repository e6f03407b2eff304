#include "LcoreCounters.h"

namespace burstlab::engine {

CounterSnapshot &CounterSnapshot::operator+=(const CounterSnapshot &o) {
    for (const CounterField &f : kCounterFields) {
        this->*f.value += o.*f.value;
    }
    for (size_t i = 0; i < kBurstBuckets; ++i) {
        burstHist[i] += o.burstHist[i];
    }
    return *this;
}

CounterSnapshot LcoreCounters::snapshot() const {
    constexpr auto r = std::memory_order_relaxed;
    CounterSnapshot s;
    for (const CounterField &f : kCounterFields) {
        s.*f.value = (this->*f.live).load(r);
    }
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
