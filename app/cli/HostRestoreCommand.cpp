#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "EngineOptions.h"
#include "engine/EngineCommand.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

#include <QProcess>

namespace burstlab {

// The engine puts back what its journal holds (an engine killed with the
// device's settings changed), with the rights it runs with: the command only
// starts it, as a sweep would, with --restore-host.
int hostRestoreCommand(const QStringList &args) {
    const QString command = QStringLiteral("host-restore");
    CliParser parser(command,
                     QStringLiteral("Put back the host settings (gro, qdisc, ...) a killed "
                                    "engine left on its devices (pktgen's, or the DPDK "
                                    "engine's af_packet, AF_XDP and tap ports' interfaces), "
                                    "from its journal."));
    EngineOptions::add(parser);
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    QString error;
    const auto launch = EngineOptions::read(parser, &error);
    if (!launch)
        return CliOutput::usageError(command, error);
    if (launch->hostDevices().isEmpty())
        return CliOutput::usageError(
            command, launch->kind == EngineKind::Pktgen
                         ? QStringLiteral("--device: the pktgen engine's devices")
                         : QStringLiteral("--vdev: the DPDK engine sets host settings only on "
                                          "a port that is a kernel interface (net_af_packet, "
                                          "net_af_xdp or net_tap with iface=), and %1 is none")
                               .arg(launch->txDevice()));
    EngineCommand engine = EngineCommand::fromLaunch(*launch, EngineCommand::defaultEngineDir());
    if (const QString why = engine.preflightError(); !why.isEmpty())
        return CliOutput::error(command, ExitEngine, why);
    const QString restore = QStringLiteral("--restore-host");
    engine.arguments << (engine.remote ? EngineCommand::quoteForRemoteShell(restore) : restore);
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    if (engine.interactive)
        process.setInputChannelMode(QProcess::ForwardedInputChannel);
    process.start(engine.program, engine.arguments);
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit)
        return CliOutput::error(
            command, ExitEngine,
            QStringLiteral("%1: %2").arg(engine.displayCommand(), process.errorString()));
    // The engine's words, untrusted when it runs elsewhere.
    CliOutput::out() << SafeText::lines(QString::fromUtf8(process.readAllStandardOutput()));
    return process.exitCode() == 0 ? ExitOk : ExitFailure;
}

} // namespace burstlab
