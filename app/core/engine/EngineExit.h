#pragma once
#include "model/EngineKind.h"
#include <QString>

namespace burstlab {

// "signal 9 (SIGKILL)": how a user reads a crash.
QString describeSignal(int signalNumber);
// "EAL initialisation failed": the engine's documented exit codes in words;
// 3 and 4 are the kind's own (pktgen: no pktgen, a device it cannot use).
QString describeEngineExitCode(int exitCode, EngineKind kind = EngineKind::Dpdk);

} // namespace burstlab
