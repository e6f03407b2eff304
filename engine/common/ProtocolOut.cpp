#include "ProtocolOut.h"

#include <cerrno>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <unistd.h>
#include <utility>

namespace burstlab::engine {

ProtocolOut ProtocolOut::takeStdout() {
    const int fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    dup2(STDERR_FILENO, STDOUT_FILENO);
    return ProtocolOut(fd);
}

ProtocolOut::ProtocolOut(ProtocolOut &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_broken(other.m_broken) {}

ProtocolOut::~ProtocolOut() {
    if (m_fd >= 0) {
        close(m_fd);
    }
}

bool ProtocolOut::write(const nlohmann::ordered_json &message) {
    // Invalid UTF-8 from a client (echoed in an error) is replaced, not thrown.
    return writeText(
        message.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
}

bool ProtocolOut::writeText(const std::string &text) {
    if (m_broken) {
        return false;
    }
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(m_fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            m_broken = true;
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

} // namespace burstlab::engine
