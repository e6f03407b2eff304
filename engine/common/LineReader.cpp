#include "LineReader.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace burstlab::engine {

LineReader::Status LineReader::readAvailable(std::vector<Line> &out) {
    char buf[65536];
    const ssize_t n = read(m_fd, buf, sizeof buf);
    if (n == 0) {
        return Status::Eof;
    }
    if (n < 0) {
        return errno == EINTR || errno == EAGAIN ? Status::Ok : Status::Error;
    }
    consume(buf, static_cast<size_t>(n), out);
    return Status::Ok;
}

void LineReader::consume(const char *data, size_t size, std::vector<Line> &out) {
    while (size > 0) {
        const char *nl = static_cast<const char *>(std::memchr(data, '\n', size));
        const size_t chunk = nl ? static_cast<size_t>(nl - data) : size;
        if (!m_discarding) {
            if (m_partial.size() + chunk > m_maxLine) {
                m_discarding = true;
                m_partial.clear();
                out.push_back({{}, true});
            } else {
                m_partial.append(data, chunk);
            }
        }
        if (!nl) {
            return;
        }
        if (!m_discarding) {
            if (!m_partial.empty() && m_partial.back() == '\r') {
                m_partial.pop_back();
            }
            out.push_back({std::move(m_partial), false});
            m_partial.clear();
        }
        m_discarding = false;
        data += chunk + 1;
        size -= chunk + 1;
    }
}

} // namespace burstlab::engine
