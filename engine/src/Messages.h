#pragma once

#include "LcoreCounters.h"
#include "ProtocolError.h"
#include "Step.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace burstlab::engine {

// JSON builders for the engine's messages (docs/protocol.md).
namespace messages {

nlohmann::json ack(const nlohmann::json &id, const std::optional<ProtocolError> &error);
nlohmann::json fatalError(const std::string &code, const std::string &message);

struct StepEnd {
    std::string reason;
    uint64_t tscHz = 0;
    uint32_t mbufsInUse = 0;
    std::optional<uint64_t> rxPkts;
};

nlohmann::json stats(const Step &step, uint64_t nowTsc, uint64_t tscHz,
                     std::optional<uint64_t> rxPkts);
nlohmann::json finished(const Step &step, const StepEnd &end);

} // namespace messages

} // namespace burstlab::engine
