#pragma once

#include "ProtocolError.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace burstlab::engine {

enum class CommandKind { Start, Stop, Ping, Shutdown };

struct Command {
    CommandKind kind = CommandKind::Ping;
    int64_t id = 0;
    nlohmann::json body; // the whole object; a start's step parameters are in it
};

// A command line parsed, or the error to acknowledge it with. `id` is the
// command's id when one could be read, else null, for the ack either way.
struct ParsedLine {
    std::optional<Command> command;
    nlohmann::json id;
    std::optional<ProtocolError> error;
};

// Parses one protocol line (without its newline). Needs no DPDK, so it can
// be fuzzed on its own; a start's parameters are checked by StepParams.
ParsedLine parseCommandLine(std::string_view line);

} // namespace burstlab::engine
