#include "EalSession.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <rte_eal.h>
#include <rte_errno.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

std::string uniquePrefix() {
    std::random_device rd;
    char buf[64];
    std::snprintf(buf, sizeof buf, "burstlab-%d-%08x", static_cast<int>(getpid()), rd());
    return buf;
}

std::string joinLcores(const std::vector<unsigned> &lcores) {
    std::string out;
    for (unsigned c : lcores) {
        if (!out.empty()) {
            out += ',';
        }
        out += std::to_string(c);
    }
    return out;
}

} // namespace

EalSession::EalSession(const Options &o) : m_prefix(uniquePrefix()) {
    m_args = {"burstlab-engine",
              "-l",
              joinLcores(o.lcores),
              "--main-lcore",
              std::to_string(o.lcores.front()),
              "--file-prefix",
              m_prefix,
              "--no-telemetry",
              "-m",
              std::to_string(o.memoryMb)};
    if (o.noHuge) {
        // --in-memory is refused with --no-huge; --no-shconf keeps the
        // multi-process files away instead.
        m_args.insert(m_args.end(), {"--no-huge", "--no-shconf"});
    } else {
        // Hugepage files unlinked at once: even SIGKILL leaks none.
        m_args.push_back("--in-memory");
    }
    if (o.pci.empty()) {
        m_args.push_back("--no-pci");
    } else {
        m_args.insert(m_args.end(), {"-a", o.pci});
    }
    for (const auto &v : o.vdevs) {
        m_args.insert(m_args.end(), {"--vdev", v});
    }
    if (!o.sinkVdev.empty()) {
        m_args.insert(m_args.end(), {"--vdev", o.sinkVdev});
    }
}

bool EalSession::init() {
    std::vector<char *> argv;
    for (auto &a : m_args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    if (rte_eal_init(static_cast<int>(argv.size() - 1), argv.data()) < 0) {
        m_error = std::string("rte_eal_init failed: ") + rte_strerror(rte_errno);
        return false;
    }
    m_initialised = true;
    return true;
}

EalSession::~EalSession() {
    if (m_initialised) {
        rte_eal_cleanup();
    }
    std::error_code ec;
    std::filesystem::remove_all(runtimeDir(m_prefix), ec);
}

std::string EalSession::runtimeDir(const std::string &prefix) {
    // The same rule as EAL's eal_create_runtime_dir().
    std::string base = "/var/run";
    if (getuid() != 0) {
        const char *xdg = std::getenv("XDG_RUNTIME_DIR");
        base = xdg ? xdg : "/tmp";
    }
    return base + "/dpdk/" + prefix;
}

} // namespace burstlab::engine
