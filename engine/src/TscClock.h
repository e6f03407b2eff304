#pragma once

#include <cstdint>

namespace burstlab::engine {

// A TSC reading and a CLOCK_MONOTONIC_RAW reading taken together: the
// tightest of a few brackets (TSC, kernel clock, TSC), the TSC at the
// bracket's middle. Good to a few tens of nanoseconds even when the thread
// is preempted in some of the brackets.
struct TscPair {
    uint64_t tsc = 0;
    uint64_t ns = 0;

    static TscPair now();
};

// The TSC rate every figure of the engine is timed with (windows, pacing,
// deadlines, latency, thread figures). DPDK 22.11 measures the rate itself
// when the CPU does not report it and rounds it to 10 MHz: 2450 MHz for a
// 2445.406 MHz TSC, 0.19% fast, which makes every window short, every rate
// high and a TX thread seem to run more than all of the time. The engine
// measures it against the kernel's clock instead, between two pairs at least
// kMinSpanNs apart: with pairs good to ~50 ns, about 1e-6.
struct TscRate {
    static constexpr uint64_t kMinSpanNs = 100'000'000;
    // How the rate was obtained, as the hello names it.
    static constexpr const char *kSource = "clock_monotonic_raw";

    uint64_t hz = 0;
    const char *source = kSource; // "dpdk" when the kernel clock did not advance
    uint64_t dpdkHz = 0;          // rte_get_tsc_hz(), for comparison
    uint64_t spanNs = 0;          // the kernel-clock time between the two pairs

    // The rate between two pairs (0 when they are not in order).
    static uint64_t between(const TscPair &first, const TscPair &second);
    // Takes the second pair, waiting until it is at least kMinSpanNs after
    // `first` (EAL's start-up usually covers most of that).
    static TscRate calibrate(const TscPair &first);
};

} // namespace burstlab::engine
