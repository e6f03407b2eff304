#include "EngineConfig.h"
#include "EngineMain.h"
#include "ExitCode.h"
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
// or the first after CPU 0 (which the system's own work tends to load).
std::vector<unsigned> chooseThreads(const PktgenOptions &options, const PktgenProc &proc) {
    const std::vector<unsigned> have = proc.threadCpus();
    if (options.threads.empty()) {
        const auto after0 =
            std::find_if(have.begin(), have.end(), [](unsigned c) { return c > 0; });
        return {after0 != have.end() ? *after0 : have.empty() ? 0 : have.front()};
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
    const auto device = KernelDevice::find(options.device);
    if (!device || !device->up) {
        out.write(protocol::fatalError("device", "--device " + options.device +
                                                     (device ? " is down" : ": no such device")));
        return ExitCode::DeviceUnusable;
    }
    PktgenEngine engine(proc, *device, threads);
    if (std::string error = engine.claim(); !error.empty()) {
        out.write(protocol::fatalError("pktgen_busy", error));
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
            config.checkInterface("--device", options.device);
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
    return runEngine(
        out, [&](SignalWatch &signals) { return runPktgenEngine(options, config, out, signals); });
}
