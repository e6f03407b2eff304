#pragma once

#include "ProtocolError.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

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

} // namespace messages

} // namespace burstlab::engine
