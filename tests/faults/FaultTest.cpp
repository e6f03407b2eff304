#include "FaultTest.h"
#include "Processes.h"
#include <QStandardPaths>
#include <sys/wait.h>

namespace burstlab {

bool FaultTest::prepare() {
    QStandardPaths::setTestModeEnabled(true);
    if (Processes::becomeSubreaper())
        return true;
    qWarning("cannot become the subreaper of the processes this test starts");
    return false;
}

QString FaultTest::orphanedEngineProblem(qint64 engine, const QString &killed) {
    const Processes::Exit e = Processes::waitForExit(engine, 5000);
    const QString exit = Processes::describe(e);
    qInfo("engine gone %lld ms after %s was killed: %s", e.elapsedMs, qPrintable(killed),
          qPrintable(exit));
    if (!e.gone || e.elapsedMs >= 2000)
        return QStringLiteral("the engine did not stop within 2 s: %1").arg(exit);
    // Killing its parent closes the engine's stdin and stdout and sends it
    // SIGTERM at once: it exits 0 (EOF, SIGTERM) or 5 (stdout closed),
    // whichever it notices first.
    if (!e.reaped || !WIFEXITED(e.status) ||
        (WEXITSTATUS(e.status) != 0 && WEXITSTATUS(e.status) != 5))
        return QStringLiteral("the engine did not exit cleanly: %1").arg(exit);
    if (!Processes::runtimeDirsOf(engine).isEmpty())
        return QStringLiteral("the engine left its runtime directory");
    return {};
}

} // namespace burstlab
