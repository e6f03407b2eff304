#include "PktgenOptions.h"

#include "CpuList.h"
#include "HostJournal.h"

#include <algorithm>
#include <cctype>

namespace burstlab::engine {

namespace {

// What the kernel takes as a device name (dev_valid_name), and no '@', which
// names the engine's pktgen entries, nor ',', which separates devices.
void checkDeviceName(const std::string &name) {
    const bool ok = !name.empty() && name.size() < 16 && name != "." && name != ".." &&
                    std::all_of(name.begin(), name.end(), [](char c) {
                        return std::isgraph(static_cast<unsigned char>(c)) && c != '/' &&
                               c != ':' && c != '@' && c != ',';
                    });
    if (!ok) {
        throw OptionsError("--device '" + name + "': not a network device name");
    }
}

std::vector<std::string> deviceList(const std::string &text) {
    std::vector<std::string> devices;
    size_t from = 0;
    for (size_t comma = 0; comma != std::string::npos; from = comma + 1) {
        comma = text.find(',', from);
        const std::string name = text.substr(from, comma - from);
        checkDeviceName(name);
        if (std::find(devices.begin(), devices.end(), name) != devices.end()) {
            throw OptionsError("--device " + text + ": " + name + " is named twice");
        }
        devices.push_back(name);
    }
    return devices;
}

} // namespace

PktgenOptions PktgenOptions::parse(const std::vector<std::string> &args) {
    PktgenOptions o;
    walkOptions(args, o, [&](const std::string &a, const OptionValue &value) {
        if (a == "--device") {
            o.devices = deviceList(value());
        } else if (a == "--threads") {
            o.threads = parseCpuList(value(), "--threads");
        } else if (a == "--host-device") {
            o.hostDevices = deviceList(value());
        } else if (a == "--restore-host") {
            o.restoreHost = true;
        } else {
            return false;
        }
        return true;
    });
    if (!o.help && !o.version && o.devices.empty()) {
        throw OptionsError("give --device IFNAME");
    }
    if (o.hostDevices.empty()) {
        o.hostDevices = o.devices;
    }
    if (!o.threads.empty() && o.threads.size() < o.devices.size()) {
        throw OptionsError("--threads: " + std::to_string(o.devices.size()) +
                           " devices need a thread each, got " + std::to_string(o.threads.size()));
    }
    return o;
}

std::string PktgenOptions::usage() {
    return "usage: burstlab-pktgen-engine --device IFNAME[,IFNAME...] [--threads LIST]\n"
           "                              [--host-device IFNAME[,IFNAME...]] [--restore-host]\n"
           "                              [--config FILE] [--help] [--version]\n"
           "\n"
           "Sends packets with the kernel's pktgen (/proc/net/pktgen), driven by JSON\n"
           "lines on stdin (see docs/protocol.md and docs/kernel-pktgen.md).\n"
           "\n"
           "  --device LIST    the kernel network devices to send on, each on threads\n"
           "                   of its own\n"
           "  --threads LIST   CPUs whose kpktgend_N threads send, one device queue each,\n"
           "                   the first device's first (default: one per device, CPUs\n"
           "                   after 0 first)\n"
           "  --host-device LIST  the devices the steps' host settings (gro, qdisc, ...)\n"
           "                   go to (default: the --device list), such as the receiving\n"
           "                   end of a veth pair for gro\n"
           "  --restore-host   put back the host settings a killed engine left on the\n"
           "                   host devices (its journal in " +
           std::string(kHostJournalDir) +
           "), and exit\n"
           "  --config FILE    allow-list to use instead of " BURSTLAB_ENGINE_CONF "\n"
           "                   (refused when the engine runs with privileges)\n"
           "  --help           this text\n"
           "  --version        engine, kernel and pktgen versions\n";
}

} // namespace burstlab::engine
