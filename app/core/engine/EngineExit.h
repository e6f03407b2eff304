#pragma once
#include <QString>

namespace burstlab {

// "signal 9 (SIGKILL)": how a user reads a crash.
QString describeSignal(int signalNumber);
// "EAL initialisation failed": the engine's documented exit codes in words.
QString describeEngineExitCode(int exitCode);

} // namespace burstlab
