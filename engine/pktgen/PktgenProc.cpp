#include "PktgenProc.h"

#include "Privilege.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <memory>
#include <unistd.h>

namespace burstlab::engine {

namespace {

constexpr int kEnotsupp = 524;

} // namespace

bool PktgenProc::present() const {
    return access((m_dir + "/" + kControl).c_str(), F_OK) == 0;
}

std::string PktgenProc::read(const std::string &file) const {
    const int fd = open((m_dir + "/" + file).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return {};
    }
    std::string text;
    char buf[4096];
    ssize_t n = 0;
    while ((n = ::read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)) {
        text.append(buf, static_cast<size_t>(std::max<ssize_t>(n, 0)));
    }
    close(fd);
    return text;
}

int PktgenProc::write(const std::string &file, const std::string &command) const {
    const int fd = open((m_dir + "/" + file).c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        return errno;
    }
    // One write() of the whole line, newline included as echo writes it:
    // pktgen parses each write on its own, and pgctrl drops the last byte.
    const std::string line = command + "\n";
    ssize_t n = 0;
    do {
        n = ::write(fd, line.data(), line.size());
    } while (n < 0 && errno == EINTR);
    const int error = n < 0 ? errno : 0;
    close(fd);
    return error;
}

std::string PktgenProc::writeDenied() const {
    const std::string control = m_dir + "/" + kControl;
    std::string why;
    if (const int fd = open(control.c_str(), O_WRONLY | O_CLOEXEC); fd < 0) {
        why = "cannot open " + control + " for writing (" + pktgenErrorText(errno) + ")";
    } else {
        close(fd);
        if (!hasEffectiveCapability(CAP_NET_ADMIN)) {
            why = "pktgen takes commands only from a process with CAP_NET_ADMIN, which this "
                  "engine does not have";
        }
    }
    if (why.empty()) {
        return {};
    }
    return why + " (uid " + std::to_string(geteuid()) +
           "): run it as root, or start it with --launch sudo or --launch pkexec "
           "(docs/privileges.md)";
}

std::vector<unsigned> PktgenProc::threadCpus() const {
    std::vector<unsigned> cpus;
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(opendir(m_dir.c_str()), closedir);
    if (!dir) {
        return cpus;
    }
    constexpr std::string_view prefix = "kpktgend_";
    while (const dirent *e = readdir(dir.get())) {
        const std::string_view name = e->d_name;
        unsigned cpu = 0;
        if (name.starts_with(prefix)) {
            const char *end = name.data() + name.size();
            auto [ptr, ec] = std::from_chars(name.data() + prefix.size(), end, cpu);
            if (ec == std::errc() && ptr == end) {
                cpus.push_back(cpu);
            }
        }
    }
    std::sort(cpus.begin(), cpus.end());
    return cpus;
}

std::string pktgenErrorText(int error) {
    if (error == kEnotsupp) {
        return "errno 524 ENOTSUPP: not supported on this device";
    }
    return "errno " + std::to_string(error) + " " + std::strerror(error);
}

} // namespace burstlab::engine
