#include "EalSession.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <regex>
#include <rte_eal.h>
#include <rte_errno.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

std::string uniquePrefix() {
    std::random_device rd;
    char buf[64];
    std::snprintf(buf, sizeof buf, "burstlab-%d-%08x", static_cast<int>(getpid()), rd());
    return buf;
}

// The runtime directory DPDK uses for every prefix: the same rule as EAL's
// eal_create_runtime_dir().
std::string runtimeBase() {
    std::string base = "/var/run";
    if (getuid() != 0) {
        const char *xdg = std::getenv("XDG_RUNTIME_DIR");
        base = xdg ? xdg : "/tmp";
    }
    return base + "/dpdk";
}

// A zombie counts as gone: where PID 1 does not reap orphans (containers),
// a killed engine stays one for good.
bool processExists(pid_t pid) {
    if (kill(pid, 0) != 0 && errno == ESRCH) {
        return false;
    }
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    return close == std::string::npos || close + 2 >= text.size() || text[close + 2] != 'Z';
}

// EAL's --lcores map: lcore N on CPU N, as with -l, for each CPU's first
// lcore; a CPU named again gets an lcore numbered past every CPU listed, on
// that CPU ("0,1,1" -> "0@0,1@1,2@1").
std::string lcoreMap(const std::vector<unsigned> &cpus) {
    unsigned next = *std::max_element(cpus.begin(), cpus.end()) + 1;
    std::set<unsigned> used;
    std::string out;
    for (unsigned cpu : cpus) {
        const unsigned lcore = used.insert(cpu).second ? cpu : next++;
        out += (out.empty() ? "" : ",") + std::to_string(lcore) + "@" + std::to_string(cpu);
    }
    return out;
}

} // namespace

EalSession::EalSession(const Options &o) : m_prefix(uniquePrefix()) {
    m_args = {"burstlab-engine",
              "--lcores",
              lcoreMap(o.lcores),
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

void EalSession::removeStalePrefixes() {
    // Only names uniquePrefix() makes, only real directories of this user
    // (never a link planted in a shared /tmp), and only when that process is
    // gone: a live engine's directory is never touched. A reused pid keeps its
    // directory until a later start finds the pid free.
    static const std::regex ours("burstlab-([0-9]{1,10})-[0-9a-f]{8}");
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator(runtimeBase(), ec)) {
        const std::string name = entry.path().filename().string();
        std::smatch m;
        struct stat st {};
        if (!std::regex_match(name, m, ours) || lstat(entry.path().c_str(), &st) != 0 ||
            !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
            continue;
        }
        const long long pid = std::stoll(m[1].str());
        if (pid > 0 && pid != getpid() && pid <= INT32_MAX &&
            !processExists(static_cast<pid_t>(pid))) {
            std::filesystem::remove_all(entry.path(), ec);
        }
    }
}

bool EalSession::init() {
    // An engine killed with SIGKILL cannot remove its own directory.
    removeStalePrefixes();
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
    return runtimeBase() + "/" + prefix;
}

} // namespace burstlab::engine
