#include "engine/EngineCommand.h"
#include "host/Hugepages.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace burstlab {
namespace {

QStringList engineArguments(const EngineLaunch &l) {
    QStringList args;
    // pktgen's threads are its CPUs: the launch's lcores name them.
    if (l.kind == EngineKind::Pktgen) {
        args << QStringLiteral("--device") << l.device;
        if (!l.hostDevice.isEmpty())
            args << QStringLiteral("--host-device") << l.hostDevice;
        if (!l.lcores.isEmpty())
            args << QStringLiteral("--threads") << l.lcores;
        return args;
    }
    for (const QString &v : l.vdevs)
        args << QStringLiteral("--vdev") << v;
    const std::pair<const char *, QString> optional[] = {
        {"--pci", l.pci}, {"--sink-vdev", l.sinkVdev}, {"--lcores", l.lcores}};
    for (const auto &[option, value] : optional) {
        if (!value.isEmpty())
            args << QLatin1String(option) << value;
    }
    if (l.noHuge)
        args << QStringLiteral("--no-huge");
    if (l.memoryMb > 0)
        args << QStringLiteral("--memory-mb") << QString::number(l.memoryMb);
    return args;
}

} // namespace

QString EngineCommand::defaultEngineDir() {
    const QString own = QCoreApplication::applicationDirPath();
    if (QFileInfo::exists(QDir(own).filePath(QStringLiteral("burstlab-engine"))))
        return own;
    return QStringLiteral(BURSTLAB_LIBEXEC_DIR);
}

bool EngineCommand::hugepagesReserved(const QString &sysRoot) {
    return reservedHugepagesMb(HostFs(sysRoot)).value_or(0) > 0;
}

std::optional<bool> EngineCommand::hugepagesReservedFor(const EngineLaunch &launch) {
    if (launch.kind != EngineKind::Dpdk || launch.noHuge || launch.mode == QLatin1String("ssh"))
        return std::nullopt;
    return hugepagesReserved();
}

QString EngineCommand::quoteForRemoteShell(const QString &arg) {
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:,=@%+-]+$"));
    if (plain.match(arg).hasMatch())
        return arg;
    QString quoted = arg;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

EngineCommand EngineCommand::fromLaunch(const EngineLaunch &launch, const QString &engineDir) {
    EngineCommand c;
    c.kind = launch.kind;
    const QString program = engineProgramName(launch.kind);
    c.remote = launch.mode == QLatin1String("ssh");
    c.host = launch.sshHost;
    if (c.remote)
        c.enginePath = launch.enginePath.isEmpty() ? program : launch.enginePath;
    else
        c.enginePath = QFileInfo(launch.enginePath.isEmpty() ? QDir(engineDir).filePath(program)
                                                             : launch.enginePath)
                           .absoluteFilePath();
    const QStringList args = engineArguments(launch);
    if (launch.mode == QLatin1String("direct")) {
        c.program = c.enginePath;
        c.arguments = args;
    } else if (launch.mode == QLatin1String("pkexec")) {
        c.program = QStringLiteral("pkexec");
        c.arguments = QStringList{c.enginePath} + args;
        c.privileged = true;
        c.interactive = true;
    } else if (launch.mode == QLatin1String("sudo")) {
        c.program = QStringLiteral("sudo");
        c.arguments = QStringList{QStringLiteral("-n"), c.enginePath} + args;
        c.privileged = true;
    } else if (c.remote) {
        c.program = QStringLiteral("ssh");
        c.arguments = {QStringLiteral("-o"), QStringLiteral("BatchMode=yes")};
        // Port, key and known hosts come from the user's environment, never
        // from a stored run: an ssh option such as ProxyCommand runs a local
        // command.
        const QString sshConfig = qEnvironmentVariable("BURSTLAB_SSH_CONFIG");
        if (!sshConfig.isEmpty())
            c.arguments << QStringLiteral("-F") << sshConfig;
        c.arguments << c.host << quoteForRemoteShell(c.enginePath);
        for (const QString &a : args)
            c.arguments << quoteForRemoteShell(a);
    } else {
        c.m_modeError = QStringLiteral("unknown launch mode \"%1\" (use direct, pkexec, sudo or "
                                       "ssh)")
                            .arg(launch.mode);
    }
    return c;
}

QString EngineCommand::preflightError() const {
    if (!m_modeError.isEmpty())
        return m_modeError;
    if (remote) {
        // ssh would read a host starting with '-' as one of its own options
        if (host.isEmpty() || host.startsWith(QLatin1Char('-')))
            return QStringLiteral("the ssh host \"%1\" is not a host name").arg(host);
        return {};
    }
    const QFileInfo fi(enginePath);
    if (!fi.exists())
        return QStringLiteral("the engine program %1 does not exist (build it, or name it with "
                              "--engine PATH)")
            .arg(enginePath);
    if (!fi.isFile() || !fi.isExecutable())
        return QStringLiteral("the engine program %1 is not an executable file").arg(enginePath);
    return {};
}

QString EngineCommand::displayCommand() const {
    QStringList parts{program};
    for (const QString &a : arguments)
        parts << quoteForRemoteShell(a);
    return parts.join(QLatin1Char(' '));
}

} // namespace burstlab
