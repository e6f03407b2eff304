#include "CommandIntake.h"

#include "Messages.h"

namespace burstlab::engine {

std::optional<Command> takeCommand(const LineReader::Line &line, ProtocolOut &out) {
    if (line.tooLong) {
        out.write(
            protocol::ack(nullptr, ProtocolError{"line_too_long", "",
                                                 "a command line may hold at most " +
                                                     std::to_string(kMaxCommandLine) + " bytes"}));
        return std::nullopt;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string::npos) {
        return std::nullopt; // blank lines are not commands
    }
    ParsedLine parsed = parseCommandLine(line.text);
    if (!parsed.command) {
        out.write(protocol::ack(parsed.id, parsed.error));
    }
    return std::move(parsed.command);
}

bool carryOut(const Command &command, ProtocolOut &out, const CommandActions &actions) {
    switch (command.kind) {
    case CommandKind::Start:
        out.write(protocol::ack(command.id, actions.start(command)));
        return false;
    case CommandKind::Stop:
        out.write(protocol::ack(command.id, std::nullopt));
        actions.stop();
        return false;
    case CommandKind::Ping:
        out.write(protocol::ack(command.id, std::nullopt));
        return false;
    case CommandKind::Shutdown:
        out.write(protocol::ack(command.id, std::nullopt));
        return true;
    }
    return false;
}

bool CommandInput::serve(ProtocolOut &out, const CommandActions &actions) {
    std::vector<LineReader::Line> lines;
    // EOF (or an error) ends the session like shutdown.
    bool end = m_reader.readAvailable(lines) != LineReader::Status::Ok;
    m_open = !end;
    for (const auto &line : lines) {
        if (const std::optional<Command> command = takeCommand(line, out)) {
            end = carryOut(*command, out, actions) || end;
        }
    }
    return end;
}

} // namespace burstlab::engine
