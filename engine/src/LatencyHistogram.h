#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace burstlab::engine {

// Latencies (in TSC cycles) in fixed log-linear buckets: exact below 32,
// then 32 buckets per power of two, so a percentile read from it is within
// 1/32 (3.1%) of the true value. Fixed size: adding allocates nothing.
class LatencyHistogram {
  public:
    void reset();
    void add(uint64_t cycles);

    uint64_t count() const { return m_count; }
    uint64_t min() const { return m_count ? m_min : 0; }
    uint64_t max() const { return m_max; }
    // The smallest value with at least a fraction q (0..1] of the samples at
    // or below it: the middle of its bucket, kept within [min, max].
    uint64_t quantile(double q) const;

  private:
    static constexpr unsigned kSubBits = 5;
    static constexpr size_t kBuckets = (64 - kSubBits + 1) << kSubBits;
    static size_t bucketOf(uint64_t v);
    static uint64_t lowestOf(size_t bucket);
    static uint64_t widthOf(size_t bucket);

    std::array<uint64_t, kBuckets> m_counts{};
    uint64_t m_count = 0;
    uint64_t m_min = UINT64_MAX;
    uint64_t m_max = 0;
};

} // namespace burstlab::engine
