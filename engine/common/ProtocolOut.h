#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace burstlab::engine {

// The protocol's output channel. stdout is moved to a private descriptor and
// fd 1 is pointed at stderr, so whatever DPDK or a driver printf()s can
// never corrupt the protocol. Each message is one write() of one line.
class ProtocolOut {
  public:
    // Call first thing in main(), before anything may print.
    static ProtocolOut takeStdout();
    ProtocolOut(ProtocolOut &&other) noexcept;
    ProtocolOut(const ProtocolOut &) = delete;
    ~ProtocolOut();

    // Returns false once the reader has gone (EPIPE) or on another error.
    bool write(const nlohmann::ordered_json &message);
    bool writeText(const std::string &text);
    bool broken() const { return m_broken; }

  private:
    explicit ProtocolOut(int fd) : m_fd(fd) {}
    int m_fd = -1;
    bool m_broken = false;
};

} // namespace burstlab::engine
