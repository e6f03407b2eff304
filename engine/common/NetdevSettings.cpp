#include "NetdevSettings.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <memory>
#include <net/if.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace burstlab::engine {

namespace {

using nlohmann::json;

// iproute2's tc, by its full path. The engine runs it rather than speak
// RTM_NEWQDISC itself because each qdisc kind has its own netlink options
// to encode and tc is the reference for them; it is run with a fixed
// argument list and an empty environment and never through a shell, so no
// word of the client's reaches a command line: the device is one the
// allow-list names, the kind one of the parameter table's words.
constexpr const char *kTc = "/sbin/tc";

// A descriptor closed on every return path.
class Fd {
  public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd() {
        if (m_fd >= 0) {
            close(m_fd);
        }
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }

  private:
    int m_fd;
};

std::string readAll(int fd) {
    std::string text;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = read(fd, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR)) {
        text.append(buffer, static_cast<size_t>(std::max<ssize_t>(n, 0)));
    }
    return text;
}

// Runs tc with these arguments; its output, or none with *error its
// words (or why it did not run).
std::optional<std::string> runTc(std::vector<std::string> args, std::string *error) {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) {
        *error = std::string("cannot run tc: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
        *error = std::string("cannot run tc: ") + std::strerror(errno);
        close(out[0]);
        close(out[1]);
        return std::nullopt;
    }
    Fd outRead(out[0]), errRead(err[0]);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    args.insert(args.begin(), kTc);
    std::vector<char *> argv;
    for (std::string &a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    char *envp[] = {nullptr};
    pid_t pid = -1;
    const int spawned = posix_spawn(&pid, kTc, &actions, nullptr, argv.data(), envp);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    if (spawned != 0) {
        *error = std::string("cannot run ") + kTc + ": " + std::strerror(spawned);
        return std::nullopt;
    }
    std::string text = readAll(outRead.get());
    const std::string words = readAll(errRead.get());
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string command;
        for (size_t i = 1; i + 1 < argv.size(); ++i) {
            command += (i > 1 ? " " : "") + args[i];
        }
        *error = "tc " + command + ": " +
                 (words.empty() ? "exit " + std::to_string(WEXITSTATUS(status))
                                : words.substr(0, words.find_last_not_of('\n') + 1));
        return std::nullopt;
    }
    return text;
}

std::string sysfsQueues(const std::string &device) {
    return "/sys/class/net/" + device + "/queues";
}

// The limit_max files of the device's TX queues.
std::vector<std::string> bqlFiles(const std::string &device) {
    std::vector<std::string> files;
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(opendir(sysfsQueues(device).c_str()), closedir);
    while (const dirent *e = dir ? readdir(dir.get()) : nullptr) {
        if (std::strncmp(e->d_name, "tx-", 3) == 0) {
            files.push_back(sysfsQueues(device) + "/" + e->d_name + "/byte_queue_limits/limit_max");
        }
    }
    return files;
}

std::optional<int64_t> readNumber(const std::string &path) {
    std::ifstream in(path);
    long long n = 0;
    return in >> n ? std::optional<int64_t>(n) : std::nullopt;
}

// The legacy per-feature ethtool commands, which every kernel still
// answers (ETHTOOL_SFEATURES would need the features' string set first).
struct Feature {
    std::string_view setting;
    uint32_t get;
    uint32_t set;
    const char *getName;
    const char *setName;
};
constexpr Feature kFeatures[] = {
    {"gro", ETHTOOL_GGRO, ETHTOOL_SGRO, "ETHTOOL_GGRO", "ETHTOOL_SGRO"},
    {"gso", ETHTOOL_GGSO, ETHTOOL_SGSO, "ETHTOOL_GGSO", "ETHTOOL_SGSO"},
    {"tso", ETHTOOL_GTSO, ETHTOOL_STSO, "ETHTOOL_GTSO", "ETHTOOL_STSO"}};

const Feature *featureOf(std::string_view setting) {
    for (const Feature &f : kFeatures) {
        if (f.setting == setting) {
            return &f;
        }
    }
    return nullptr;
}

std::string pauseText(const ethtool_pauseparam &p) {
    return p.rx_pause && p.tx_pause ? "on" : p.rx_pause ? "rx" : p.tx_pause ? "tx" : "off";
}

} // namespace

std::optional<RootQdisc> parseRootQdisc(std::string_view tcJson) {
    const json qdiscs = json::parse(tcJson, nullptr, false);
    if (!qdiscs.is_array()) {
        return std::nullopt;
    }
    for (const json &q : qdiscs) {
        if (q.is_object() && q.value("root", false) && q.contains("kind") &&
            q["kind"].is_string()) {
            return RootQdisc{q["kind"].get<std::string>(), q.value("handle", "") == "0:"};
        }
    }
    return std::nullopt;
}

NetdevSettings::NetdevSettings(std::string device) : m_device(std::move(device)) {}

std::string NetdevSettings::ethtool(void *command, const char *name) const {
    const Fd fd(socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    if (fd.get() < 0) {
        return std::string("cannot open a socket: ") + std::strerror(errno);
    }
    ifreq request{};
    std::strncpy(request.ifr_name, m_device.c_str(), IFNAMSIZ - 1);
    request.ifr_data = static_cast<char *>(command);
    if (ioctl(fd.get(), SIOCETHTOOL, &request) == 0) {
        return {};
    }
    return errno == EOPNOTSUPP
               ? m_device + "'s driver does not support " + name
               : std::string(name) + " on " + m_device + " failed: " + std::strerror(errno);
}

std::optional<RootQdisc> NetdevSettings::rootQdisc(std::string *error) const {
    const auto text = runTc({"-j", "qdisc", "show", "dev", m_device}, error);
    if (!text) {
        return std::nullopt;
    }
    auto root = parseRootQdisc(*text);
    if (!root) {
        *error = "tc shows no root qdisc on " + m_device + " (is it down?)";
    }
    return root;
}

std::string NetdevSettings::removeRootQdisc() const {
    std::string error;
    runTc({"qdisc", "del", "dev", m_device, "root"}, &error);
    return error;
}

std::optional<json> NetdevSettings::read(std::string_view setting, std::string *error) const {
    if (const Feature *f = featureOf(setting)) {
        ethtool_value v{};
        v.cmd = f->get;
        *error = ethtool(&v, f->getName);
        if (!error->empty()) {
            return std::nullopt;
        }
        return json(v.data ? "on" : "off");
    }
    if (setting == "flow_control") {
        ethtool_pauseparam p{};
        p.cmd = ETHTOOL_GPAUSEPARAM;
        *error = ethtool(&p, "ETHTOOL_GPAUSEPARAM");
        return error->empty() ? std::optional<json>(pauseText(p)) : std::nullopt;
    }
    if (setting == "tx_ring") {
        ethtool_ringparam r{};
        r.cmd = ETHTOOL_GRINGPARAM;
        *error = ethtool(&r, "ETHTOOL_GRINGPARAM");
        return error->empty() ? std::optional<json>(r.tx_pending) : std::nullopt;
    }
    if (setting == "rx_usecs" || setting == "tx_usecs") {
        ethtool_coalesce c{};
        c.cmd = ETHTOOL_GCOALESCE;
        *error = ethtool(&c, "ETHTOOL_GCOALESCE");
        if (!error->empty()) {
            return std::nullopt;
        }
        return json(setting == "rx_usecs" ? c.rx_coalesce_usecs : c.tx_coalesce_usecs);
    }
    if (setting == "txqueuelen") {
        const Fd fd(socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
        ifreq request{};
        std::strncpy(request.ifr_name, m_device.c_str(), IFNAMSIZ - 1);
        if (fd.get() < 0 || ioctl(fd.get(), SIOCGIFTXQLEN, &request) != 0) {
            *error = "SIOCGIFTXQLEN on " + m_device + " failed: " + std::strerror(errno);
            return std::nullopt;
        }
        return json(request.ifr_qlen);
    }
    if (setting == "bql_limit_max") {
        std::optional<int64_t> value;
        for (const std::string &file : bqlFiles(m_device)) {
            const auto limit = readNumber(file);
            if (!limit || (value && *value != *limit)) {
                *error = limit ? m_device + "'s TX queues have different limit_max values"
                               : "cannot read " + file + " (a kernel without BQL?)";
                return std::nullopt;
            }
            value = limit;
        }
        if (!value) {
            *error = m_device + " has no TX queue with byte queue limits";
        }
        return value ? std::optional<json>(*value) : std::nullopt;
    }
    if (setting == "qdisc") {
        const auto root = rootQdisc(error);
        return root ? std::optional<json>(root->kind) : std::nullopt;
    }
    *error = "not a host setting: " + std::string(setting);
    return std::nullopt;
}

std::string NetdevSettings::write(std::string_view setting, const json &value) const {
    if (const Feature *f = featureOf(setting)) {
        ethtool_value v{};
        v.cmd = f->set;
        v.data = value == "on" ? 1 : 0;
        return ethtool(&v, f->setName);
    }
    if (setting == "flow_control") {
        ethtool_pauseparam p{};
        p.cmd = ETHTOOL_GPAUSEPARAM;
        if (std::string error = ethtool(&p, "ETHTOOL_GPAUSEPARAM"); !error.empty()) {
            return error;
        }
        // Only the directions: autonegotiation stays as found.
        p.cmd = ETHTOOL_SPAUSEPARAM;
        p.rx_pause = value == "on" || value == "rx";
        p.tx_pause = value == "on" || value == "tx";
        return ethtool(&p, "ETHTOOL_SPAUSEPARAM");
    }
    if (setting == "tx_ring") {
        ethtool_ringparam r{};
        r.cmd = ETHTOOL_GRINGPARAM;
        if (std::string error = ethtool(&r, "ETHTOOL_GRINGPARAM"); !error.empty()) {
            return error;
        }
        const int64_t ring = value.get<int64_t>();
        if (ring < 1 || ring > r.tx_max_pending) {
            return "tx_ring must be in 1.." + std::to_string(r.tx_max_pending) + " on " + m_device +
                   ", got " + std::to_string(ring);
        }
        r.cmd = ETHTOOL_SRINGPARAM;
        r.tx_pending = static_cast<uint32_t>(ring);
        return ethtool(&r, "ETHTOOL_SRINGPARAM");
    }
    if (setting == "rx_usecs" || setting == "tx_usecs") {
        ethtool_coalesce c{};
        c.cmd = ETHTOOL_GCOALESCE;
        if (std::string error = ethtool(&c, "ETHTOOL_GCOALESCE"); !error.empty()) {
            return error;
        }
        c.cmd = ETHTOOL_SCOALESCE;
        (setting == "rx_usecs" ? c.rx_coalesce_usecs : c.tx_coalesce_usecs) = value.get<uint32_t>();
        return ethtool(&c, "ETHTOOL_SCOALESCE");
    }
    if (setting == "txqueuelen") {
        const Fd fd(socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
        ifreq request{};
        std::strncpy(request.ifr_name, m_device.c_str(), IFNAMSIZ - 1);
        request.ifr_qlen = value.get<int>();
        if (fd.get() < 0 || ioctl(fd.get(), SIOCSIFTXQLEN, &request) != 0) {
            return "SIOCSIFTXQLEN on " + m_device + " failed: " + std::strerror(errno);
        }
        return {};
    }
    if (setting == "bql_limit_max") {
        for (const std::string &file : bqlFiles(m_device)) {
            std::ofstream out(file);
            out << value.get<int64_t>() << '\n';
            out.flush();
            if (!out) {
                return "cannot write " + file + " (uid 0 only)";
            }
        }
        return {};
    }
    if (setting == "qdisc") {
        std::string error;
        runTc({"qdisc", "replace", "dev", m_device, "root", value.get<std::string>()}, &error);
        return error;
    }
    return "not a host setting: " + std::string(setting);
}

} // namespace burstlab::engine
