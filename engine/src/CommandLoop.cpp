#include "CommandLoop.h"

#include "StepMessages.h"

#include <cerrno>
#include <poll.h>
#include <rte_cycles.h>

namespace burstlab::engine {

namespace {

// While a step runs the loop wakes at least this often to notice that the
// TX lcores are done, so the finished message follows within a millisecond.
constexpr int kStepPollMs = 1;
// Sink polls per protocol poll when the sink runs on the main lcore: enough
// to keep up with the receive ring, few enough to answer commands at once.
constexpr int kSinkPollsPerLoop = 64;

} // namespace

CommandLoop::CommandLoop(Engine &engine, ProtocolOut &out, SignalWatch &signals, int inFd)
    : m_engine(engine), m_out(out), m_signals(signals), m_input(inFd), m_hz(engine.tscHz()) {}

int CommandLoop::pollTimeoutMs() const {
    if (!m_engine.running()) {
        return -1;
    }
    return m_engine.sinkOnMainLcore() ? 0 : kStepPollMs;
}

ExitCode CommandLoop::run() {
    for (;;) {
        if (m_quit) {
            m_engine.requestStop();
        }
        if (m_quit && !m_engine.running()) {
            return m_out.broken() ? ExitCode::StdoutClosed : ExitCode::Clean;
        }
        pollfd fds[2] = {{m_signals.fd(), POLLIN, 0}, {m_input.fd(), POLLIN, 0}};
        const int nfds = m_input.open() ? 2 : 1;
        if (poll(fds, nfds, pollTimeoutMs()) < 0 && errno != EINTR) {
            return ExitCode::Internal;
        }
        if (fds[0].revents & POLLIN && m_signals.take() != 0) {
            m_quit = true;
        }
        if (nfds == 2 && fds[1].revents & (POLLIN | POLLHUP | POLLERR) &&
            m_input.serve(m_out, actions())) {
            m_quit = true;
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
    // Every wake-up (at least each millisecond): a read of the rings' heads
    // when nothing is new, and the rings never fill.
    m_engine.drainProfile();
    const uint64_t now = rte_rdtsc();
    if (now >= m_nextStatsTsc) {
        m_out.write(m_engine.stats());
        m_nextStatsTsc += m_engine.statsMs() * m_hz / 1000;
        if (m_nextStatsTsc <= now) {
            m_nextStatsTsc = now + m_engine.statsMs() * m_hz / 1000;
        }
    }
}

CommandActions CommandLoop::actions() {
    return {[this](const Command &c) {
                const uint64_t arrived = rte_rdtsc();
                auto error = m_engine.start(c.id, c.body, arrived);
                if (!error) {
                    m_nextStatsTsc = arrived + m_engine.statsMs() * m_hz / 1000;
                }
                return error;
            },
            [this] { m_engine.requestStop(); }};
}

} // namespace burstlab::engine
