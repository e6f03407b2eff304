#include "EngineConfig.h"
#include "EngineMain.h"
#include "ExitCode.h"
#include "HostDevices.h"
#include "KernelDevice.h"
#include "Messages.h"
#include "PktgenEngine.h"
#include "PktgenLoop.h"
#include "PktgenOptions.h"
#include "PktgenProc.h"
#include "PktgenText.h"
#include "Privilege.h"
#include "ProtocolOut.h"
#include "SignalWatch.h"

#include <algorithm>
#include <iostream>
#include <sys/utsname.h>
#include <unistd.h>

using namespace burstlab;
using namespace burstlab::engine;

namespace {

// The threads to send from: those named, each of which pktgen must have,
// or one per device, CPUs after 0 (which the system's own work tends to
// load) first.
std::vector<unsigned> chooseThreads(const PktgenOptions &options, const PktgenProc &proc) {
    std::vector<unsigned> have = proc.threadCpus();
    if (options.threads.empty()) {
        std::stable_partition(have.begin(), have.end(), [](unsigned c) { return c > 0; });
        if (have.size() < options.devices.size()) {
            throw OptionsError("each device needs a pktgen thread of its own: " +
                               std::to_string(options.devices.size()) + " devices, " +
                               std::to_string(have.size()) + " threads");
        }
        have.resize(std::max<size_t>(options.devices.size(), 1));
        return have;
    }
    for (unsigned cpu : options.threads) {
        if (std::find(have.begin(), have.end(), cpu) == have.end()) {
            throw OptionsError("--threads: pktgen has no thread on CPU " + std::to_string(cpu));
        }
    }
    return options.threads;
}

ExitCode runPktgenEngine(const PktgenOptions &options, const EngineConfig &config, ProtocolOut &out,
                         SignalWatch &signals) {
    const PktgenProc proc;
    if (!proc.present()) {
        out.write(
            protocol::fatalError("pktgen_missing", "the kernel has no pktgen: modprobe pktgen"));
        return ExitCode::PktgenMissing;
    }
    if (const std::string denied = proc.writeDenied(); !denied.empty()) {
        out.write(protocol::fatalError("not_permitted", denied));
        return ExitCode::NotPermitted;
    }
    std::vector<unsigned> threads;
    try {
        threads = chooseThreads(options, proc);
        config.checkCpus("--threads", threads);
    } catch (const OptionsError &e) {
        std::cerr << "burstlab-pktgen-engine: " << e.what() << "\n";
        return ExitCode::BadCommandLine;
    }
    std::vector<KernelDevice> devices;
    for (const std::string &name : options.devices) {
        const auto device = KernelDevice::find(name);
        if (!device || !device->up) {
            out.write(protocol::fatalError(
                "device", "--device " + name + (device ? " is down" : ": no such device")));
            return ExitCode::DeviceUnusable;
        }
        devices.push_back(*device);
    }
    PktgenEngine engine(proc, devices, threads, options.hostDevices, kHostJournalDir);
    if (std::string error = engine.claim(); !error.empty()) {
        out.write(protocol::fatalError("pktgen_busy", error));
        return ExitCode::DeviceUnusable;
    }
    // An engine killed mid-step (SIGKILL, a crash) left its devices as its
    // steps set them: put back before this one reads them as found.
    if (!engine.restoreJournals(out)) {
        return ExitCode::DeviceUnusable;
    }
    if (!out.write(engine.hello())) {
        return ExitCode::StdoutClosed;
    }
    PktgenLoop loop(engine, out, signals, STDIN_FILENO);
    return loop.run();
}

} // namespace

int main(int argc, char **argv) {
    ProtocolOut out = beginEngineProcess();
    PktgenOptions options;
    EngineConfig config;
    try {
        options = PktgenOptions::parse(std::vector<std::string>(argv + 1, argv + argc));
        if (!options.help && !options.version) {
            config =
                EngineConfig::forEngine(options.configPath, BURSTLAB_ENGINE_CONF, runsElevated());
            for (const std::string &device : options.devices) {
                config.checkInterface("--device", device);
            }
            for (const std::string &device : options.hostDevices) {
                config.checkInterface("--host-device", device);
            }
        }
    } catch (const OptionsError &e) {
        std::cerr << "burstlab-pktgen-engine: " << e.what() << "\n";
        return static_cast<int>(ExitCode::BadCommandLine);
    }
    if (options.help) {
        out.writeText(PktgenOptions::usage());
        return 0;
    }
    if (options.version) {
        utsname u{};
        uname(&u);
        const std::string pktgen = pktgenVersionOf(PktgenProc().read(PktgenProc::kControl));
        out.writeText(std::string("burstlab-pktgen-engine ") + BURSTLAB_ENGINE_VERSION +
                      " (Linux " + u.release + ", pktgen " +
                      (pktgen.empty() ? "not loaded" : pktgen) + ")\n");
        return 0;
    }
    if (options.restoreHost) {
        return restoreHostJournals(options.hostDevices, "burstlab-pktgen-engine", out);
    }
    return runEngine(
        out, [&](SignalWatch &signals) { return runPktgenEngine(options, config, out, signals); });
}
