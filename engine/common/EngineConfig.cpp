#include "EngineConfig.h"

#include "CpuList.h"
#include "VdevArgs.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

std::string trim(const std::string &s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) {
        return {};
    }
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

std::vector<std::string> splitList(const std::string &value) {
    std::vector<std::string> out;
    std::stringstream in(value);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!trim(item).empty()) {
            out.push_back(trim(item));
        }
    }
    return out;
}

// realpath() of an existing path, empty if it does not resolve.
std::string resolved(const std::string &path) {
    char buf[PATH_MAX];
    return realpath(path.c_str(), buf) ? std::string(buf) : std::string();
}

std::string joined(const std::vector<std::string> &items) {
    std::string out;
    for (const auto &i : items) {
        out += out.empty() ? i : ", " + i;
    }
    return out.empty() ? "none" : out;
}

std::optional<std::vector<std::string>> listOrAll(const std::string &value) {
    if (value == "all") {
        return std::nullopt;
    }
    return splitList(value);
}

} // namespace

EngineConfig EngineConfig::defaults(bool elevated) {
    EngineConfig c;
    if (elevated) {
        c.source = "built-in defaults for an engine with privileges";
        c.pcapDirs.clear();
        c.interfaces.emplace();
    }
    return c;
}

EngineConfig EngineConfig::parse(const std::string &text, const std::string &source) {
    EngineConfig c;
    c.source = source;
    std::set<std::string> seen;
    std::stringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') {
            continue;
        }
        const std::string where = source + " line " + std::to_string(number);
        const size_t eq = t.find('=');
        if (eq == std::string::npos) {
            throw OptionsError(where + ": expected key = value");
        }
        const std::string key = trim(t.substr(0, eq));
        const std::string value = trim(t.substr(eq + 1));
        if (!seen.insert(key).second) {
            throw OptionsError(where + ": " + key + " is given twice");
        }
        if (key == "pci_devices") {
            c.pciDevices = splitList(value);
        } else if (key == "pcap_dirs") {
            c.pcapDirs = splitList(value);
            for (const auto &d : c.pcapDirs) {
                if (d[0] != '/') {
                    throw OptionsError(where + ": pcap_dirs must be absolute, got " + d);
                }
            }
        } else if (key == "lcores") {
            if (value == "all") {
                c.lcores.reset();
            } else {
                c.lcores = parseCpuList(value, where + ": lcores");
            }
        } else if (key == "interfaces") {
            c.interfaces = listOrAll(value);
        } else if (key == "max_memory_mb") {
            c.maxMemoryMb = Options::parseMemoryMb(value, where + ": max_memory_mb");
        } else {
            throw OptionsError(where + ": unknown key '" + key + "'");
        }
    }
    return c;
}

EngineConfig EngineConfig::load(const std::string &path, bool elevated) {
    // Checked on the descriptor that is read, so the file cannot be swapped
    // between the check and the read.
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        return defaults(elevated);
    }
    struct stat st {};
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) {
            close(fd);
        }
        throw OptionsError(path + " cannot be read as a file");
    }
    // An engine that is not elevated has no more rights than its user, so
    // the user's own file is as good as root's.
    const bool ownerOk = st.st_uid == 0 || (!elevated && st.st_uid == getuid());
    if (!ownerOk || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        close(fd);
        throw OptionsError(path + " must be owned by root and writable by root only");
    }
    std::string text;
    char buf[4096];
    ssize_t n = 0;
    while ((n = read(fd, buf, sizeof buf)) > 0 && text.size() < kMaxFileSize) {
        text.append(buf, static_cast<size_t>(n));
    }
    close(fd);
    if (n < 0 || text.size() >= kMaxFileSize) {
        throw OptionsError(path + " cannot be read, or is over " + std::to_string(kMaxFileSize) +
                           " bytes");
    }
    return parse(text, path);
}

EngineConfig EngineConfig::forEngine(const std::string &configPath,
                                     const std::string &installedPath, bool elevated) {
    if (configPath.empty()) {
        return load(installedPath, elevated);
    }
    if (elevated) {
        throw OptionsError("--config is refused: this engine runs with privileges, so only " +
                           installedPath + " applies");
    }
    if (access(configPath.c_str(), F_OK) != 0) {
        throw OptionsError("--config " + configPath + ": no such file");
    }
    return load(configPath, false);
}

void EngineConfig::apply(Options &options) const {
    if (options.memoryMb > maxMemoryMb) {
        throw OptionsError("--memory-mb " + std::to_string(options.memoryMb) +
                           " is above max_memory_mb (" + std::to_string(maxMemoryMb) + ") of " +
                           source);
    }
    if (!options.pci.empty() &&
        std::find(pciDevices.begin(), pciDevices.end(), options.pci) == pciDevices.end()) {
        throw OptionsError("--pci " + options.pci + " is not in pci_devices (" +
                           joined(pciDevices) + ") of " + source);
    }
    for (const auto &spec : options.vdevs) {
        checkVdevArguments(spec);
    }
    if (!options.sinkVdev.empty()) {
        checkVdevArguments(options.sinkVdev);
    }
    if (lcores) {
        const std::set<unsigned> allowed(lcores->begin(), lcores->end());
        if (options.lcoresGiven) {
            checkCpus("--lcores", options.lcores);
        } else {
            std::erase_if(options.lcores, [&](unsigned c) { return !allowed.count(c); });
            options.checkLcoreCount();
        }
    }
}

void EngineConfig::checkVdevArguments(const std::string &spec) const {
    for (const VdevArg &arg : parseVdevArgs(spec)) {
        if (arg.kind == VdevArgKind::File) {
            checkPcapFile(spec, arg.value);
        } else if (arg.kind == VdevArgKind::Interface) {
            checkInterface(spec, arg.value);
        }
    }
}

void EngineConfig::checkInterface(const std::string &what, const std::string &name) const {
    if (interfaces &&
        std::find(interfaces->begin(), interfaces->end(), name) == interfaces->end()) {
        throw OptionsError(what + ": interface " + name + " is not in interfaces (" +
                           joined(*interfaces) + ") of " + source);
    }
}

void EngineConfig::checkCpus(const std::string &what, const std::vector<unsigned> &cpus) const {
    if (!lcores) {
        return;
    }
    const std::set<unsigned> allowed(lcores->begin(), lcores->end());
    for (unsigned c : cpus) {
        if (!allowed.count(c)) {
            throw OptionsError(what + ": CPU " + std::to_string(c) + " is not in lcores of " +
                               source);
        }
    }
}

void EngineConfig::checkPcapFile(const std::string &spec, const std::string &path) const {
    auto refuse = [&](const std::string &why) {
        throw OptionsError(spec + ": " + path + " " + why + " (pcap_dirs of " + source + ": " +
                           joined(pcapDirs) + ")");
    };
    // Judge the place the file will really be: the directory resolved, the
    // name itself never a link (it could point anywhere, and be changed after
    // this check) nor a file with a second name elsewhere.
    const size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
    const std::string realDir = resolved(dir);
    if (name.empty() || name == "." || name == "..") {
        refuse("does not name a file");
    }
    if (realDir.empty()) {
        refuse("is in a directory that does not exist");
    }
    struct stat st {};
    if (lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            refuse("is a symbolic link; name the file itself");
        }
        if (!S_ISREG(st.st_mode) || st.st_nlink != 1) {
            refuse("exists and is not a plain file with a single name");
        }
    }
    const std::string real = (realDir == "/" ? "" : realDir) + "/" + name;
    const bool inside = std::any_of(pcapDirs.begin(), pcapDirs.end(), [&](const std::string &d) {
        const std::string allowed = resolved(d);
        return !allowed.empty() && real.size() > allowed.size() &&
               real.compare(0, allowed.size(), allowed) == 0 &&
               (allowed == "/" || real[allowed.size()] == '/');
    });
    if (!inside) {
        refuse("is outside pcap_dirs");
    }
}

} // namespace burstlab::engine
