#pragma once

#include "LcoreCounters.h"
#include "Port.h"
#include "ProtocolError.h"
#include "Replies.h"
#include "SinkClassifier.h"
#include "Step.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace burstlab::engine {

// The DPDK engine's step messages (docs/protocol.md); ack and error are in
// Replies.h.
namespace messages {

struct StepEnd {
    std::string reason;
    uint64_t tscHz = 0;
    uint32_t mbufsInUse = 0;
    const SinkClassifier *sink = nullptr; // what the sink counted, when there is one
    RxDropCounters sinkDrops;             // what its port dropped during the step
};

Json stats(const Step &step, uint64_t nowTsc, uint64_t tscHz, std::optional<uint64_t> rxPkts);
Json finished(const Step &step, const StepEnd &end);

} // namespace messages

} // namespace burstlab::engine
