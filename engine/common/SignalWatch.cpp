#include "SignalWatch.h"

#include <csignal>
#include <sys/signalfd.h>
#include <unistd.h>

namespace burstlab::engine {

SignalWatch::SignalWatch() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, nullptr);
    m_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

SignalWatch::~SignalWatch() {
    if (m_fd >= 0) {
        close(m_fd);
    }
}

int SignalWatch::take() {
    signalfd_siginfo info{};
    if (read(m_fd, &info, sizeof info) != static_cast<ssize_t>(sizeof info)) {
        return 0;
    }
    return static_cast<int>(info.ssi_signo);
}

} // namespace burstlab::engine
