#include "CommandLoop.h"
#include "EalSession.h"
#include "Engine.h"
#include "EngineConfig.h"
#include "EngineMain.h"
#include "ExitCode.h"
#include "HostDevices.h"
#include "Options.h"
#include "Privilege.h"
#include "ProtocolOut.h"
#include "SignalWatch.h"
#include "StepMessages.h"
#include "TscClock.h"

#include <iostream>
#include <rte_version.h>
#include <unistd.h>

using namespace burstlab;
using namespace burstlab::engine;

namespace {

ExitCode runDpdkEngine(const Options &options, ProtocolOut &out, SignalWatch &signals) {
    // The TSC's calibration spans EAL's start-up, so it adds little to it.
    const TscPair calibrationStart = TscPair::now();
    EalSession eal(options);
    if (!eal.init()) {
        out.write(protocol::fatalError("eal_init", eal.error()));
        return ExitCode::EalInit;
    }
    Engine engine(options, eal.filePrefix(), TscRate::calibrate(calibrationStart));
    if (std::string error = engine.setUp(); !error.empty()) {
        out.write(protocol::fatalError("port_setup", error));
        return ExitCode::PortSetup;
    }
    // An engine killed mid-step (SIGKILL, a crash) left the ports' kernel
    // interfaces as its steps set them: put back before the hello.
    if (!engine.restoreJournals(out)) {
        return ExitCode::DeviceUnusable;
    }
    if (!out.write(engine.hello())) {
        return ExitCode::StdoutClosed;
    }
    CommandLoop loop(engine, out, signals, STDIN_FILENO);
    return loop.run();
}

} // namespace

int main(int argc, char **argv) {
    ProtocolOut out = beginEngineProcess();
    Options options;
    try {
        options = Options::parse(std::vector<std::string>(argv + 1, argv + argc));
        if (!options.help && !options.version) {
            EngineConfig::forEngine(options.configPath, BURSTLAB_ENGINE_CONF, runsElevated())
                .apply(options);
        }
    } catch (const OptionsError &e) {
        std::cerr << "burstlab-engine: " << e.what() << "\n";
        return static_cast<int>(ExitCode::BadCommandLine);
    }
    if (options.help) {
        out.writeText(Options::usage());
        return 0;
    }
    if (options.version) {
        out.writeText(std::string("burstlab-engine ") + BURSTLAB_ENGINE_VERSION + " (" +
                      rte_version() + ")\n");
        return 0;
    }
    if (options.restoreHost) {
        return restoreHostJournals(options.hostDevices(), "burstlab-engine", out);
    }
    return runEngine(out,
                     [&](SignalWatch &signals) { return runDpdkEngine(options, out, signals); });
}
