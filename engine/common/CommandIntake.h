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

// The client's command lines on a descriptor, read when poll() finds it
// readable (or hung up).
class CommandInput {
  public:
    explicit CommandInput(int fd) : m_fd(fd), m_reader(fd, kMaxCommandLine) {}

    int fd() const { return m_fd; }
    // Until its end: then a loop no longer polls it.
    bool open() const { return m_open; }
    // Reads what is there and carries its commands out. True when the
    // session ends: a shutdown, or the input's end (the client is gone).
    bool serve(ProtocolOut &out, const CommandActions &actions);

  private:
    int m_fd;
    LineReader m_reader;
    bool m_open = true;
};

} // namespace burstlab::engine
