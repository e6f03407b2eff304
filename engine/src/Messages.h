#pragma once

#include "LcoreCounters.h"
#include "Port.h"
#include "ProtocolError.h"
#include "SinkClassifier.h"
#include "Step.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace burstlab::engine {

// The hello's "protocol": 2 since finished carries the measured window
// (docs/protocol.md); the client refuses any other.
constexpr int kProtocolVersion = 2;

// JSON builders for the engine's messages (docs/protocol.md).
namespace messages {

// Messages keep their keys in the order written, "type" first, for people
// reading a session log.
using Json = nlohmann::ordered_json;

Json ack(const nlohmann::json &id, const std::optional<ProtocolError> &error);
Json fatalError(const std::string &code, const std::string &message);

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
