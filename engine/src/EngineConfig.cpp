#include "EngineConfig.h"

#include "CpuList.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>

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

} // namespace

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
        } else {
            throw OptionsError(where + ": unknown key '" + key + "'");
        }
    }
    return c;
}

EngineConfig EngineConfig::load(const std::string &path) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) {
        return EngineConfig{};
    }
    if (st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        throw OptionsError(path + " must be owned by root and writable by root only");
    }
    std::ifstream in(path);
    if (!in) {
        throw OptionsError(path + " cannot be read");
    }
    std::stringstream text;
    text << in.rdbuf();
    return parse(text.str(), path);
}

void EngineConfig::apply(Options &options) const {
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
            for (unsigned c : options.lcores) {
                if (!allowed.count(c)) {
                    throw OptionsError("--lcores: CPU " + std::to_string(c) +
                                       " is not in lcores of " + source);
                }
            }
        } else {
            std::erase_if(options.lcores, [&](unsigned c) { return !allowed.count(c); });
            options.checkLcoreCount();
        }
    }
}

void EngineConfig::checkVdevArguments(const std::string &spec) const {
    std::vector<std::string> args;
    std::stringstream in(spec);
    std::string arg;
    std::getline(in, arg, ','); // the device name
    while (std::getline(in, arg, ',')) {
        const size_t eq = arg.find('=');
        const std::string key = arg.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
        if (key == "tx_pcap" || key == "rx_pcap") {
            if (!inPcapDir(value)) {
                throw OptionsError(spec + ": " + value + " is outside pcap_dirs (" +
                                   joined(pcapDirs) + ") of " + source);
            }
        } else if (value.find('/') != std::string::npos) {
            throw OptionsError(spec + ": only net_pcap's rx_pcap and tx_pcap may name a file");
        }
    }
}

bool EngineConfig::inPcapDir(const std::string &path) const {
    // Judge the place the file really is: resolve the file if it exists (a
    // link may point anywhere), else its directory.
    std::string real = resolved(path);
    if (real.empty()) {
        const size_t slash = path.rfind('/');
        const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
        const std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
        const std::string realDir = resolved(dir);
        if (realDir.empty() || name.empty() || name == "." || name == "..") {
            return false;
        }
        real = realDir + "/" + name;
    }
    return std::any_of(pcapDirs.begin(), pcapDirs.end(), [&](const std::string &d) {
        const std::string allowed = resolved(d);
        return !allowed.empty() && real.size() > allowed.size() &&
               real.compare(0, allowed.size(), allowed) == 0 &&
               (allowed == "/" || real[allowed.size()] == '/');
    });
}

} // namespace burstlab::engine
