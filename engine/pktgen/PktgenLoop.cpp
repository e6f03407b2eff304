#include "PktgenLoop.h"

#include <cerrno>
#include <cstdint>
#include <poll.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

constexpr uint64_t kStopRepeatMs = 50;

constexpr uint64_t kMs = 1000000;

timespec timeOf(uint64_t ns) {
    return {static_cast<time_t>(ns / 1000000000), static_cast<long>(ns % 1000000000)};
}

itimerspec every(uint64_t firstNs, uint64_t periodNs) {
    return {timeOf(periodNs), timeOf(firstNs)};
}

bool fired(int timer) {
    uint64_t expirations = 0;
    return read(timer, &expirations, sizeof expirations) == sizeof expirations;
}

} // namespace

PktgenLoop::PktgenLoop(PktgenEngine &engine, ProtocolOut &out, SignalWatch &signals, int inFd)
    : m_engine(engine), m_out(out), m_signals(signals), m_input(inFd),
      m_statsTimer(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK)),
      m_durationTimer(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK)),
      m_stopTimer(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK)) {}

PktgenLoop::~PktgenLoop() {
    close(m_statsTimer);
    close(m_durationTimer);
    close(m_stopTimer);
}

void PktgenLoop::armTimers() {
    const uint64_t ms = m_engine.statsMs();
    const itimerspec stats = every(ms * kMs, ms * kMs);
    timerfd_settime(m_statsTimer, 0, &stats, nullptr);
    if (const auto duration = m_engine.durationMs()) {
        // pktgen cannot have started before this; the deadline is then
        // moved to the duration after its start (durationLeftNs).
        const itimerspec once = every(*duration * kMs, 0);
        timerfd_settime(m_durationTimer, 0, &once, nullptr);
    }
}

void PktgenLoop::armStopRepeat() {
    if (!m_stopArmed) {
        const itimerspec repeat = every(kStopRepeatMs * kMs, kStopRepeatMs * kMs);
        timerfd_settime(m_stopTimer, 0, &repeat, nullptr);
        m_stopArmed = true;
    }
}

void PktgenLoop::disarmTimers() {
    const itimerspec off{};
    for (int timer : {m_statsTimer, m_durationTimer, m_stopTimer}) {
        timerfd_settime(timer, 0, &off, nullptr);
        fired(timer);
    }
    m_stopArmed = false;
}

ExitCode PktgenLoop::run() {
    for (;;) {
        if (m_quit) {
            // Stops a running step; its finished follows when pktgen is done.
            m_engine.requestStop();
            if (!m_engine.running()) {
                m_engine.leaveIdle();
                return m_out.broken() ? ExitCode::StdoutClosed : ExitCode::Clean;
            }
        }
        if (m_engine.stopping()) {
            armStopRepeat();
        }
        pollfd fds[6] = {{m_signals.fd(), POLLIN, 0}, {m_engine.doneFd(), POLLIN, 0},
                         {m_statsTimer, POLLIN, 0},   {m_durationTimer, POLLIN, 0},
                         {m_stopTimer, POLLIN, 0},    {m_input.fd(), POLLIN, 0}};
        if (poll(fds, m_input.open() ? 6 : 5, -1) < 0 && errno != EINTR) {
            return ExitCode::Internal;
        }
        if (fds[0].revents & POLLIN && m_signals.take() != 0) {
            m_quit = true;
        }
        if (fds[3].revents & POLLIN && fired(m_durationTimer) && m_engine.running()) {
            if (const auto left = m_engine.durationLeftNs()) {
                const itimerspec once = every(*left, 0);
                timerfd_settime(m_durationTimer, 0, &once, nullptr);
            } else {
                m_engine.durationReached();
            }
        }
        if (fds[4].revents & POLLIN && fired(m_stopTimer)) {
            m_engine.repeatStop();
        }
        if (fds[2].revents & POLLIN && fired(m_statsTimer) && m_engine.running()) {
            m_out.write(m_engine.stats());
            m_engine.drainProfile();
        }
        if (fds[1].revents & POLLIN && m_engine.running()) {
            disarmTimers();
            m_out.write(m_engine.finish());
        }
        if (m_input.open() && fds[5].revents & (POLLIN | POLLHUP | POLLERR) &&
            m_input.serve(m_out, actions())) {
            m_quit = true;
        }
        if (m_out.broken()) {
            m_quit = true;
        }
    }
}

CommandActions PktgenLoop::actions() {
    return {[this](const Command &c) {
                auto error = m_engine.start(c.id, c.body);
                if (!error) {
                    armTimers();
                }
                return error;
            },
            [this] { m_engine.requestStop(); }};
}

} // namespace burstlab::engine
