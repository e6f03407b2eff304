#include "Quota.h"

namespace burstlab::engine {

uint64_t lcoreQuota(uint64_t count, uint32_t queues, uint32_t index) {
    if (count == 0) {
        return kNoQuota;
    }
    return count / queues + (index < count % queues ? 1 : 0);
}

} // namespace burstlab::engine
