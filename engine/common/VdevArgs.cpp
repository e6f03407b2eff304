#include "VdevArgs.h"

#include "OptionsError.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

namespace burstlab::engine {

namespace {

using Keys = std::map<std::string, VdevArgKind>;

constexpr auto Word = VdevArgKind::Word;
constexpr auto File = VdevArgKind::File;
constexpr auto Interface = VdevArgKind::Interface;
constexpr auto Bit = VdevArgKind::Bit;

// DPDK 22.11's keys per driver, minus those that name a path outside
// pcap_dirs: net_af_xdp's xdp_prog (a BPF object to load), net_memif's
// socket-abstract=no (a socket file to create) and its owner-uid/owner-gid.
const std::map<std::string, Keys> &driverKeys() {
    static const std::map<std::string, Keys> keys = {
        {"net_null", {{"size", Word}, {"copy", Word}, {"no-rx", Word}}},
        {"net_ring", {{"nodeaction", Word}}},
        {"net_pcap",
         {{"rx_pcap", File},
          {"tx_pcap", File},
          {"rx_iface", Interface},
          {"rx_iface_in", Interface},
          {"tx_iface", Interface},
          {"iface", Interface},
          {"phy_mac", Word},
          {"infinite_rx", Word}}},
        {"net_af_packet",
         {{"iface", Interface},
          {"qpairs", Word},
          {"blocksz", Word},
          {"framesz", Word},
          {"framecnt", Word},
          // 1, the driver's default: its sockets send past the qdisc
          // (PACKET_QDISC_BYPASS); 0 through the device's root qdisc.
          {"qdisc_bypass", Bit}}},
        {"net_tap", {{"iface", Interface}, {"remote", Interface}, {"mac", Word}}},
        {"net_af_xdp",
         {{"iface", Interface},
          {"start_queue", Word},
          {"queue_count", Word},
          {"shared_umem", Word},
          {"busy_budget", Word},
          {"force_copy", Word}}},
        {"net_memif",
         {{"id", Word},
          {"role", Word},
          {"bsize", Word},
          {"rsize", Word},
          {"socket", Word},
          {"mac", Word},
          {"zero-copy", Word},
          {"secret", Word}}},
    };
    return keys;
}

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' ||
           c == '-';
}

bool validValue(const std::string &value, VdevArgKind kind) {
    constexpr size_t kMaxInterfaceName = 15; // IFNAMSIZ - 1
    if (kind == Bit) {
        return value == "0" || value == "1";
    }
    if (value.empty() || (kind == Interface && value.size() > kMaxInterfaceName)) {
        return false;
    }
    return std::all_of(value.begin(), value.end(), [&](char c) {
        return isWordChar(c) || (kind == File && (c == '/' || c == '+' || c == '@'));
    });
}

const Keys &keysFor(const std::string &spec) {
    const std::string name = spec.substr(0, spec.find(','));
    for (const auto &[driver, keys] : driverKeys()) {
        if (name.compare(0, driver.size(), driver) == 0) {
            return keys;
        }
    }
    throw OptionsError(spec + ": no known driver");
}

std::string keyList(const Keys &keys) {
    std::string out;
    for (const auto &entry : keys) {
        out += out.empty() ? entry.first : ", " + entry.first;
    }
    return out;
}

} // namespace

std::vector<VdevArg> parseVdevArgs(const std::string &spec) {
    const Keys &keys = keysFor(spec);
    std::vector<VdevArg> out;
    std::stringstream in(spec);
    std::string arg;
    std::getline(in, arg, ','); // the device name
    while (std::getline(in, arg, ',')) {
        const size_t eq = arg.find('=');
        const std::string key = arg.substr(0, eq);
        const auto known = keys.find(key);
        if (eq == std::string::npos || known == keys.end()) {
            throw OptionsError(spec + ": '" + arg + "' is not allowed; this driver takes " +
                               keyList(keys) + " (each as key=value)");
        }
        VdevArg parsed{key, arg.substr(eq + 1), known->second};
        if (!validValue(parsed.value, parsed.kind)) {
            if (parsed.kind == Bit) {
                throw OptionsError(spec + ": " + key + "='" + parsed.value + "' must be 0 or 1");
            }
            throw OptionsError(spec + ": " + key + "='" + parsed.value +
                               "' has characters or a length not allowed here" +
                               (parsed.kind == File ? ""
                                                    : " (only net_pcap's rx_pcap and tx_pcap "
                                                      "may name a file)"));
        }
        out.push_back(std::move(parsed));
    }
    if (spec.back() == ',') {
        throw OptionsError(spec + ": an empty argument after ','");
    }
    return out;
}

std::optional<std::string> kernelInterfaceOf(const std::string &spec) {
    static const std::vector<std::string> drivers = {"net_af_packet", "net_af_xdp", "net_tap"};
    const std::string name = spec.substr(0, spec.find(','));
    if (std::none_of(drivers.begin(), drivers.end(),
                     [&](const std::string &d) { return name.compare(0, d.size(), d) == 0; })) {
        return std::nullopt;
    }
    for (const VdevArg &arg : parseVdevArgs(spec)) {
        if (arg.key == "iface") {
            return arg.value;
        }
    }
    return std::nullopt;
}

} // namespace burstlab::engine
