#include "TscClock.h"

#include <rte_cycles.h>
#include <time.h>

namespace burstlab::engine {

namespace {

constexpr int kBrackets = 32;

uint64_t rawNs() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC_RAW, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ULL + static_cast<uint64_t>(t.tv_nsec);
}

} // namespace

TscPair TscPair::now() {
    TscPair best;
    uint64_t bestGap = UINT64_MAX;
    for (int i = 0; i < kBrackets; ++i) {
        // The fences keep the TSC reads from moving across the clock read.
        const uint64_t before = rte_rdtsc_precise();
        const uint64_t ns = rawNs();
        const uint64_t after = rte_rdtsc_precise();
        if (after > before && after - before < bestGap) {
            bestGap = after - before;
            best = {before + (after - before) / 2, ns};
        }
    }
    return best;
}

uint64_t TscRate::between(const TscPair &first, const TscPair &second) {
    if (second.tsc <= first.tsc || second.ns <= first.ns) {
        return 0;
    }
    const auto cycles = static_cast<unsigned __int128>(second.tsc - first.tsc);
    const uint64_t ns = second.ns - first.ns;
    return static_cast<uint64_t>((cycles * 1000000000ULL + ns / 2) / ns);
}

TscRate TscRate::calibrate(const TscPair &first) {
    const uint64_t sinceFirst = rawNs() - first.ns;
    if (sinceFirst < kMinSpanNs) {
        const uint64_t wait = kMinSpanNs - sinceFirst;
        const timespec t{static_cast<time_t>(wait / 1000000000ULL),
                         static_cast<long>(wait % 1000000000ULL)};
        clock_nanosleep(CLOCK_MONOTONIC, 0, &t, nullptr);
    }
    const TscPair second = TscPair::now();
    TscRate rate;
    rate.dpdkHz = rte_get_tsc_hz();
    rate.hz = between(first, second);
    rate.spanNs = second.ns - first.ns;
    if (rate.hz == 0) {
        rate.hz = rate.dpdkHz;
        rate.source = "dpdk";
    }
    return rate;
}

} // namespace burstlab::engine
