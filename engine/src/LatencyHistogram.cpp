#include "LatencyHistogram.h"

#include <algorithm>
#include <cmath>

namespace burstlab::engine {

size_t LatencyHistogram::bucketOf(uint64_t v) {
    if (v < (1u << kSubBits)) {
        return v;
    }
    const unsigned shift = 63 - static_cast<unsigned>(__builtin_clzll(v)) - kSubBits;
    return ((shift + 1) << kSubBits) + ((v >> shift) & ((1u << kSubBits) - 1));
}

uint64_t LatencyHistogram::lowestOf(size_t bucket) {
    if (bucket < (1u << kSubBits)) {
        return bucket;
    }
    const size_t group = bucket >> kSubBits;
    return ((1u << kSubBits) + (bucket & ((1u << kSubBits) - 1))) << (group - 1);
}

uint64_t LatencyHistogram::widthOf(size_t bucket) {
    return bucket < (1u << kSubBits) ? 1 : uint64_t{1} << ((bucket >> kSubBits) - 1);
}

void LatencyHistogram::reset() {
    m_counts.fill(0);
    m_count = 0;
    m_min = UINT64_MAX;
    m_max = 0;
}

void LatencyHistogram::add(uint64_t cycles) {
    ++m_counts[bucketOf(cycles)];
    ++m_count;
    m_min = std::min(m_min, cycles);
    m_max = std::max(m_max, cycles);
}

uint64_t LatencyHistogram::quantile(double q) const {
    if (m_count == 0) {
        return 0;
    }
    const auto rank =
        std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * static_cast<double>(m_count))));
    if (rank >= m_count) {
        return m_max;
    }
    uint64_t seen = 0;
    for (size_t b = 0; b < kBuckets; ++b) {
        seen += m_counts[b];
        if (seen >= rank) {
            return std::clamp(lowestOf(b) + (widthOf(b) - 1) / 2, m_min, m_max);
        }
    }
    return m_max;
}

} // namespace burstlab::engine
