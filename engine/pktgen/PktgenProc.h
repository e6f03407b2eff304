#pragma once

#include <string>
#include <vector>

namespace burstlab::engine {

// The kernel's pktgen control files (/proc/net/pktgen of the process's
// network namespace): pgctrl, one kpktgend_N per CPU, one file per entry.
class PktgenProc {
  public:
    explicit PktgenProc(std::string dir = "/proc/net/pktgen") : m_dir(std::move(dir)) {}

    bool present() const;
    // A control file's text; empty when it cannot be read.
    std::string read(const std::string &file) const;
    // Writes one command to a control file: 0, or the errno of its refusal.
    int write(const std::string &file, const std::string &command) const;
    // Why this process may not command pktgen (pktgen takes commands from
    // CAP_NET_ADMIN only, through files only root may open for writing),
    // or empty when it may. Opening pgctrl for writing sends nothing.
    std::string writeDenied() const;
    // The CPUs that have a kpktgend_N thread, in order.
    std::vector<unsigned> threadCpus() const;

    static std::string threadFile(unsigned cpu) { return "kpktgend_" + std::to_string(cpu); }
    static constexpr const char *kControl = "pgctrl";

  private:
    std::string m_dir;
};

// An errno as pktgen's refusals are read: ENOTSUPP (524, kernel-internal,
// which strerror() does not know) named.
std::string pktgenErrorText(int error);

} // namespace burstlab::engine
