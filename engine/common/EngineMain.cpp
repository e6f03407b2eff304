#include "EngineMain.h"

#include "Messages.h"

#include <csignal>
#include <exception>
#include <sys/prctl.h>

namespace burstlab::engine {

ProtocolOut beginEngineProcess() {
    ProtocolOut out = ProtocolOut::takeStdout();
    std::signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    return out;
}

int runEngine(ProtocolOut &out, const std::function<ExitCode(SignalWatch &)> &run) {
    SignalWatch signals;
    try {
        return static_cast<int>(run(signals));
    } catch (const std::exception &e) {
        out.write(protocol::fatalError("internal", e.what()));
        return static_cast<int>(ExitCode::Internal);
    }
}

} // namespace burstlab::engine
