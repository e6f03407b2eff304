#pragma once

#include "Messages.h"
#include "ProtocolError.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

// Which step parameters each engine takes (the table's pktgen name and dpdk
// mark, protocol/Parameters.h): a start command naming another is refused,
// and the hello's limits and defaults leave the others out.
namespace burstlab::engine {

enum class EngineKind { Dpdk, Pktgen };

bool takes(EngineKind kind, std::string_view parameter);
// The first field of a start command the engine does not take, refused.
std::optional<ProtocolError> refuseNotTaken(EngineKind kind, const nlohmann::json &command);
// A parameter object (the hello's limits or defaults, finished's params)
// without those the engine does not take.
protocol::Json onlyTaken(EngineKind kind, protocol::Json parameters);

} // namespace burstlab::engine
