#pragma once
#include "model/EngineLaunch.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// The program and argument list that start the engine for a run's
// EngineLaunch settings: directly, through pkexec or sudo -n, or over ssh.
// Never a local shell; over ssh the remote shell sees each argument quoted.
struct EngineCommand {
    EngineKind kind = EngineKind::Dpdk; // which engine program it starts
    QString program;
    QStringList arguments;
    QString enginePath;      // the engine binary as named on the command line
    QString host;            // ssh only
    bool privileged = false; // runs as another user: cannot be signalled by us
    bool remote = false;
    // May ask for a password on the terminal (pkexec's text agent), so it must
    // stay in the terminal's foreground process group.
    bool interactive = false;

    // engineDir: where the engine is looked for when the launch names none
    // (normally the running program's own directory). An unknown mode gives
    // a command whose preflightError() says so.
    static EngineCommand fromLaunch(const EngineLaunch &launch, const QString &engineDir);
    // True when the host has hugepages reserved, of any size. sysRoot lets
    // tests point the probe at a fake /proc and /sys.
    // The running program's own folder when burstlab-engine is there (a build
    // tree), else the installed libexec folder; both engine programs are
    // installed in the same one.
    static QString defaultEngineDir();
    static bool hugepagesReserved(const QString &sysRoot = QStringLiteral("/"));
    // Whether the launch's host has the hugepages it asks for, as the sweep
    // rules take it: nullopt when it asks for none (the pktgen engine never
    // does) or runs elsewhere (ssh; the engine then says so itself).
    static std::optional<bool> hugepagesReservedFor(const EngineLaunch &launch);
    static QString quoteForRemoteShell(const QString &arg);

    // Empty when the command can be tried, else why not (missing engine
    // binary, not executable, unknown launch mode, bad ssh host).
    QString preflightError() const;
    // The command as a user would type it, for logs and error messages.
    QString displayCommand() const;

  private:
    QString m_modeError;
};

} // namespace burstlab
