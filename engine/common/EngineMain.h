#pragma once

#include "ExitCode.h"
#include "ProtocolOut.h"
#include "SignalWatch.h"

#include <functional>

namespace burstlab::engine {

// The start of an engine's main(), before anything may print: stdout taken
// for the protocol, a closed pipe an error rather than a signal, and
// SIGTERM when the client that started the engine dies.
ProtocolOut beginEngineProcess();

// Runs the engine with SIGTERM, SIGINT and SIGHUP as a descriptor, blocked
// before run starts any thread so that only the descriptor sees them; an
// exception ends it with a fatal internal error.
int runEngine(ProtocolOut &out, const std::function<ExitCode(SignalWatch &)> &run);

} // namespace burstlab::engine
