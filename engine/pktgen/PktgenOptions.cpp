#include "PktgenOptions.h"

#include "CpuList.h"

#include <algorithm>
#include <cctype>

namespace burstlab::engine {

namespace {

// What the kernel takes as a device name (dev_valid_name), and no '@', which
// names the engine's pktgen entries.
void checkDeviceName(const std::string &name) {
    const bool ok =
        !name.empty() && name.size() < 16 && name != "." && name != ".." &&
        std::all_of(name.begin(), name.end(), [](char c) {
            return std::isgraph(static_cast<unsigned char>(c)) && c != '/' && c != ':' && c != '@';
        });
    if (!ok) {
        throw OptionsError("--device '" + name + "': not a network device name");
    }
}

} // namespace

PktgenOptions PktgenOptions::parse(const std::vector<std::string> &args) {
    PktgenOptions o;
    walkOptions(args, o, [&](const std::string &a, const OptionValue &value) {
        if (a == "--device") {
            o.device = value();
            checkDeviceName(o.device);
        } else if (a == "--threads") {
            o.threads = parseCpuList(value(), "--threads");
        } else {
            return false;
        }
        return true;
    });
    if (!o.help && !o.version && o.device.empty()) {
        throw OptionsError("give --device IFNAME");
    }
    return o;
}

std::string PktgenOptions::usage() {
    return "usage: burstlab-pktgen-engine --device IFNAME [--threads LIST] [--config FILE]\n"
           "                              [--help] [--version]\n"
           "\n"
           "Sends packets with the kernel's pktgen (/proc/net/pktgen), driven by JSON\n"
           "lines on stdin (see docs/protocol.md and docs/kernel-pktgen.md).\n"
           "\n"
           "  --device IFNAME  the kernel network device to send on\n"
           "  --threads LIST   CPUs whose kpktgend_N threads send, one device queue each\n"
           "                   (default: the first CPU after 0 with a thread, else 0)\n"
           "  --config FILE    allow-list to use instead of " BURSTLAB_ENGINE_CONF "\n"
           "                   (refused when the engine runs with privileges)\n"
           "  --help           this text\n"
           "  --version        engine, kernel and pktgen versions\n";
}

} // namespace burstlab::engine
