#include "CommandLoop.h"

#include "Messages.h"

#include <poll.h>
#include <rte_cycles.h>

namespace burstlab::engine {

namespace {

using nlohmann::json;

// While a step runs the loop wakes at least this often to notice that the
// TX lcores are done, so the finished message follows within a millisecond.
constexpr int kStepPollMs = 1;
// Sink polls per protocol poll when the sink runs on the main lcore: enough
// to keep up with the receive ring, few enough to answer commands at once.
constexpr int kSinkPollsPerLoop = 64;

std::optional<ProtocolError> onlyKeys(const json &command) {
    for (const auto &[key, value] : command.items()) {
        if (key != "cmd" && key != "id") {
            std::string message = command["cmd"].get<std::string>();
            message.append(" takes no field ").append(key);
            return ProtocolError{"unknown_field", key, message};
        }
    }
    return std::nullopt;
}

} // namespace

CommandLoop::CommandLoop(Engine &engine, ProtocolOut &out, SignalWatch &signals, int inFd)
    : m_engine(engine), m_out(out), m_signals(signals), m_inFd(inFd), m_reader(inFd, kMaxLine),
      m_hz(rte_get_tsc_hz()) {}

int CommandLoop::pollTimeoutMs() const {
    if (!m_engine.running()) {
        return -1;
    }
    return m_engine.sinkOnMainLcore() ? 0 : kStepPollMs;
}

ExitCode CommandLoop::run() {
    bool inputOpen = true;
    for (;;) {
        if (m_quit) {
            m_engine.requestStop();
        }
        if (m_quit && !m_engine.running()) {
            return m_out.broken() ? ExitCode::StdoutClosed : ExitCode::Clean;
        }
        pollfd fds[2] = {{m_signals.fd(), POLLIN, 0}, {m_inFd, POLLIN, 0}};
        const int nfds = inputOpen ? 2 : 1;
        if (poll(fds, nfds, pollTimeoutMs()) < 0 && errno != EINTR) {
            return ExitCode::Internal;
        }
        if (fds[0].revents & POLLIN && m_signals.take() != 0) {
            m_quit = true;
        }
        if (inputOpen && fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
            std::vector<LineReader::Line> lines;
            if (m_reader.readAvailable(lines) != LineReader::Status::Ok) {
                // stdin EOF (or an error) ends the session like shutdown.
                inputOpen = false;
                m_quit = true;
            }
            for (const auto &line : lines) {
                handleLine(line);
            }
        }
        if (m_engine.running()) {
            serviceStep();
        }
        if (m_out.broken()) {
            m_quit = true;
        }
    }
}

void CommandLoop::serviceStep() {
    if (m_engine.sinkOnMainLcore()) {
        for (int i = 0; i < kSinkPollsPerLoop; ++i) {
            m_engine.pollSink();
        }
    }
    if (m_engine.stepDone()) {
        m_out.write(m_engine.finish());
        return;
    }
    const uint64_t now = rte_rdtsc();
    if (now >= m_nextStatsTsc) {
        m_out.write(m_engine.stats());
        m_nextStatsTsc += m_engine.statsMs() * m_hz / 1000;
        if (m_nextStatsTsc <= now) {
            m_nextStatsTsc = now + m_engine.statsMs() * m_hz / 1000;
        }
    }
}

void CommandLoop::handleLine(const LineReader::Line &line) {
    if (line.tooLong) {
        m_out.write(messages::ack(nullptr, ProtocolError{"line_too_long", "",
                                                         "a command line may hold at most " +
                                                             std::to_string(kMaxLine) + " bytes"}));
        return;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string::npos) {
        return; // blank lines are not commands
    }
    const json command = json::parse(line.text, nullptr, false);
    if (command.is_discarded()) {
        m_out.write(
            messages::ack(nullptr, ProtocolError{"bad_json", "", "the line is not valid JSON"}));
        return;
    }
    handleCommand(command);
}

void CommandLoop::handleCommand(const json &command) {
    if (!command.is_object()) {
        m_out.write(messages::ack(
            nullptr, ProtocolError{"bad_command", "", "a command must be a JSON object"}));
        return;
    }
    const auto idIt = command.find("id");
    if (idIt == command.end() || !idIt->is_number_integer()) {
        m_out.write(
            messages::ack(nullptr, ProtocolError{idIt == command.end() ? "bad_command" : "bad_type",
                                                 "id", "id must be an integer"}));
        return;
    }
    const json &id = *idIt;
    const auto cmdIt = command.find("cmd");
    if (cmdIt == command.end() || !cmdIt->is_string()) {
        m_out.write(
            messages::ack(id, ProtocolError{"bad_command", "cmd",
                                            "cmd must be one of start, stop, ping, shutdown"}));
        return;
    }
    const std::string cmd = cmdIt->get<std::string>();
    if (cmd == "start") {
        const uint64_t arrived = rte_rdtsc();
        auto error = m_engine.start(id.get<int64_t>(), command, arrived);
        m_out.write(messages::ack(id, error));
        if (!error) {
            m_nextStatsTsc = arrived + m_engine.statsMs() * m_hz / 1000;
        }
        return;
    }
    if (cmd != "stop" && cmd != "ping" && cmd != "shutdown") {
        m_out.write(messages::ack(
            id, ProtocolError{"bad_command", "cmd",
                              "unknown cmd '" + cmd + "': use start, stop, ping or shutdown"}));
        return;
    }
    const auto error = onlyKeys(command);
    m_out.write(messages::ack(id, error));
    if (error) {
        return;
    }
    if (cmd == "stop") {
        m_engine.requestStop();
    } else if (cmd == "shutdown") {
        m_quit = true;
    }
}

} // namespace burstlab::engine
