#pragma once

#include <cstdint>

namespace burstlab::engine {

// A TX lcore's packet limit; kNoQuota means the step has no count.
constexpr uint64_t kNoQuota = UINT64_MAX;

// The share of a step's `count` for the lcore of queue `index` (of
// `queues`): the count split as evenly as possible, the first count % queues
// lcores taking one more. An lcore whose share is 0 (count < queues) sends
// nothing; no lcore is ever left without a limit when there is a count.
// count 0 means no count: every lcore gets kNoQuota.
uint64_t lcoreQuota(uint64_t count, uint32_t queues, uint32_t index);

} // namespace burstlab::engine
