#include "engine/EngineExit.h"

#include <cstring>

namespace burstlab {

QString describeSignal(int signalNumber) {
    const char *abbrev = sigabbrev_np(signalNumber);
    if (!abbrev)
        return QStringLiteral("signal %1").arg(signalNumber);
    return QStringLiteral("signal %1 (SIG%2)").arg(signalNumber).arg(QLatin1String(abbrev));
}

QString describeEngineExitCode(int exitCode, EngineKind kind) {
    // docs/protocol.md, "Exit codes"; docs/kernel-pktgen.md for pktgen's
    const bool pktgen = kind == EngineKind::Pktgen;
    switch (exitCode) {
    case 0:
        return QStringLiteral("clean exit");
    case 1:
        return QStringLiteral("internal error");
    case 2:
        return QStringLiteral("bad command line");
    case 3:
        return pktgen ? QStringLiteral("the kernel has no pktgen (modprobe pktgen)")
                      : QStringLiteral("EAL initialisation failed");
    case 4:
        return pktgen ? QStringLiteral("the device cannot be used (missing, down, busy or refusing "
                                       "a parameter)")
                      : QStringLiteral("port set-up failed");
    case 5:
        return QStringLiteral("stdout closed");
    case 6:
        return QStringLiteral("not permitted: run it as root, or with --launch sudo or pkexec");
    case 126:
        return QStringLiteral("not executable, or the privilege helper refused");
    case 127:
        return QStringLiteral("program not found");
    case 255:
        return QStringLiteral("ssh could not connect or the remote side failed");
    default:
        return QStringLiteral("unknown exit code");
    }
}

} // namespace burstlab
