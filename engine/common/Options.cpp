#include "Options.h"

#include "CpuList.h"
#include "HostJournal.h"
#include "VdevArgs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <set>

namespace burstlab::engine {

namespace {

constexpr std::array kAllowedDrivers = {"net_null", "net_ring",   "net_pcap", "net_af_packet",
                                        "net_tap",  "net_af_xdp", "net_memif"};

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// DPDK binds a vdev to the driver whose name prefixes the device name, so the
// device name must be an allowed driver name plus an alphanumeric suffix.
// Arguments may not hold whitespace or control characters.
void checkVdev(const std::string &option, const std::string &spec) {
    const std::string name = vdevName(spec);
    const bool allowedName =
        std::any_of(kAllowedDrivers.begin(), kAllowedDrivers.end(), [&](const char *drv) {
            const std::string d(drv);
            return name.size() > d.size() && name.compare(0, d.size(), d) == 0 &&
                   std::all_of(name.begin() + d.size(), name.end(), isNameChar);
        });
    if (!allowedName) {
        throw OptionsError(option + " '" + spec +
                           "': the device must be named after one of net_null, net_ring, "
                           "net_pcap, net_af_packet, net_tap, net_af_xdp, net_memif plus a "
                           "number, e.g. net_null0");
    }
    for (char c : spec) {
        if (std::iscntrl(static_cast<unsigned char>(c)) || c == ' ') {
            throw OptionsError(option + " '" + spec +
                               "': spaces and control characters are not allowed");
        }
    }
}

bool isHex(char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

void checkPci(const std::string &addr) {
    // DDDD:BB:DD.F
    static constexpr std::string_view shape = "hhhh:hh:hh.h";
    bool ok = addr.size() == shape.size();
    for (size_t i = 0; ok && i < shape.size(); ++i) {
        ok = shape[i] == 'h' ? isHex(addr[i]) : addr[i] == shape[i];
    }
    if (!ok) {
        throw OptionsError("--pci '" + addr + "': expected a PCI address DDDD:BB:DD.F");
    }
}

unsigned parseUnsigned(const std::string &option, const std::string &text) {
    unsigned value = 0;
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) {
        throw OptionsError(option + ": '" + text + "' is not a non-negative integer");
    }
    return value;
}

std::vector<unsigned> parseLcores(const std::string &text) {
    // A CPU named twice runs two lcores, which share it: several TX queues
    // on a host with fewer CPUs (functional tests, not measurements).
    std::vector<unsigned> out = parseCpuList(text, "--lcores", Repeats::Allowed);
    const std::set<unsigned> cpus = affinityCpus();
    for (unsigned c : out) {
        if (!cpus.count(c)) {
            throw OptionsError("--lcores: CPU " + std::to_string(c) +
                               " is not available to this process");
        }
    }
    return out;
}

} // namespace

std::string vdevName(const std::string &spec) {
    return spec.substr(0, spec.find(','));
}

Options Options::parse(const std::vector<std::string> &args) {
    Options o;
    walkOptions(args, o, [&](const std::string &a, const OptionValue &value) {
        if (a == "--vdev") {
            o.vdevs.push_back(value());
            checkVdev(a, o.vdevs.back());
        } else if (a == "--pci") {
            if (!o.pci.empty()) {
                throw OptionsError("--pci may be given once");
            }
            o.pci = value();
            checkPci(o.pci);
        } else if (a == "--sink-vdev") {
            if (!o.sinkVdev.empty()) {
                throw OptionsError("--sink-vdev may be given once");
            }
            o.sinkVdev = value();
            checkVdev(a, o.sinkVdev);
        } else if (a == "--lcores") {
            o.lcores = parseLcores(value());
            o.lcoresGiven = true;
        } else if (a == "--no-huge") {
            o.noHuge = true;
        } else if (a == "--memory-mb") {
            o.memoryMb = parseMemoryMb(value(), a);
        } else if (a == "--restore-host") {
            o.restoreHost = true;
        } else {
            return false;
        }
        return true;
    });
    if (o.help || o.version) {
        return o;
    }
    if (o.vdevs.empty() == o.pci.empty()) {
        throw OptionsError("give either --vdev SPEC (repeatable) or --pci ADDR");
    }
    std::set<std::string> names;
    for (const auto &spec : o.vdevs) {
        names.insert(vdevName(spec));
    }
    if (!o.sinkVdev.empty() && !names.insert(vdevName(o.sinkVdev)).second) {
        throw OptionsError("--sink-vdev must name a device other than the TX port");
    }
    if (names.size() != o.vdevs.size() + (o.sinkVdev.empty() ? 0 : 1)) {
        throw OptionsError("--vdev: every device needs its own name");
    }
    if (!o.lcoresGiven) {
        const std::set<unsigned> cpus = affinityCpus();
        o.lcores.assign(cpus.begin(), cpus.end());
    }
    o.checkLcoreCount();
    return o;
}

std::vector<std::string> Options::hostDevices() const {
    std::vector<std::string> devices;
    for (const std::string &spec : {pci.empty() ? vdevs.front() : std::string(), sinkVdev}) {
        const auto iface = spec.empty() ? std::nullopt : kernelInterfaceOf(spec);
        if (iface && std::find(devices.begin(), devices.end(), *iface) == devices.end()) {
            devices.push_back(*iface);
        }
    }
    return devices;
}

unsigned Options::parseMemoryMb(const std::string &text, const std::string &what) {
    const unsigned mb = parseUnsigned(what, text);
    if (mb < kMinMemoryMb || mb > kMaxMemoryMb) {
        throw OptionsError(what + " must be in " + std::to_string(kMinMemoryMb) + ".." +
                           std::to_string(kMaxMemoryMb) + ", got " + std::to_string(mb));
    }
    return mb;
}

void Options::checkLcoreCount() {
    if (lcores.size() < 2) {
        throw OptionsError("--lcores needs at least two CPUs: the main lcore and one TX worker");
    }
    if (!lcoresGiven && lcores.size() > kMaxDefaultWorkers + 1) {
        lcores.resize(kMaxDefaultWorkers + 1);
    }
}

std::string Options::usage() {
    return "usage: burstlab-engine (--vdev SPEC ... | --pci ADDR) [--sink-vdev SPEC]\n"
           "                       [--lcores LIST] [--no-huge] [--memory-mb N]\n"
           "                       [--restore-host] [--config FILE] [--help] [--version]\n"
           "\n"
           "Transmits packets on a DPDK port, driven by JSON lines on stdin\n"
           "(see docs/protocol.md).\n"
           "\n"
           "  --vdev SPEC       virtual TX device DRIVERn[,k=v...]; drivers: net_null,\n"
           "                    net_ring, net_pcap, net_af_packet, net_tap, net_af_xdp,\n"
           "                    net_memif (repeatable; the first is the TX port)\n"
           "  --pci ADDR        PCI TX port DDDD:BB:DD.F\n"
           "  --sink-vdev SPEC  RX sink port whose received packets are counted\n"
           "  --lcores LIST     CPUs, e.g. 0-1 or 0,2,4; the first runs the protocol,\n"
           "                    the others transmit (default: all, at most 1 + 8); a\n"
           "                    CPU named twice (0,1,1) runs two lcores that share it\n"
           "  --no-huge         no hugepages (default: hugepages, in memory)\n"
           "  --memory-mb N     EAL memory, 64..65536 (default 512)\n"
           "  --restore-host    put back the host settings a killed engine left on the\n"
           "                    ports' kernel interfaces (af_packet, AF_XDP, tap iface=;\n"
           "                    its journal in " +
           std::string(kHostJournalDir) +
           ") and exit\n"
           "  --config FILE     allow-list to use instead of " BURSTLAB_ENGINE_CONF "\n"
           "                    (refused when the engine runs with privileges)\n"
           "  --help            this text\n"
           "  --version         engine and DPDK versions\n";
}

} // namespace burstlab::engine
