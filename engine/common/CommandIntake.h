#pragma once

#include "CommandParser.h"
#include "LineReader.h"
#include "ProtocolOut.h"

#include <functional>
#include <optional>

namespace burstlab::engine {

// Lines longer than this are refused (docs/protocol.md).
constexpr size_t kMaxCommandLine = 1 << 20;

// One line read from the client as a command to carry out: a blank line is
// none, and a line that is not a command is acknowledged with its error here.
std::optional<Command> takeCommand(const LineReader::Line &line, ProtocolOut &out);

// What start and stop do in an engine; ping and shutdown are alike in all.
struct CommandActions {
    std::function<std::optional<ProtocolError>(const Command &)> start;
    std::function<void()> stop;
};

// Carries a command out and acknowledges it; true for shutdown.
bool carryOut(const Command &command, ProtocolOut &out, const CommandActions &actions);

} // namespace burstlab::engine
