#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace burstlab::engine::profile {

// Samples of a step's windows by address, as the main lcore reads them off
// the kernel's rings: the sampled instruction's and the whole call chain's
// (sampled frame first, return addresses after it).
struct SampleCounts {
    std::unordered_map<uint64_t, uint64_t> leaves;
    std::map<std::vector<uint64_t>, uint64_t> chains;
    uint64_t samples = 0;
    uint64_t lost = 0;

    void add(uint64_t ip, std::vector<uint64_t> chain) {
        ++samples;
        ++leaves[ip];
        ++chains[std::move(chain)];
    }
};

} // namespace burstlab::engine::profile
