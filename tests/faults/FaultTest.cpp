#include "FaultTest.h"
#include "Processes.h"
#include "ThrowawayPostgres.h"
#include <QFile>
#include <QStandardPaths>
#include <sys/wait.h>

namespace burstlab {

FaultTest::FaultTest() = default;
FaultTest::~FaultTest() = default;

bool FaultTest::prepare() {
    QStandardPaths::setTestModeEnabled(true);
    if (!Processes::becomeSubreaper()) {
        qWarning("cannot become the subreaper of the processes this test starts");
        return false;
    }
    m_db = m_dir.filePath(QStringLiteral("runs.sqlite"));
    // The programs it starts keep their files (a sweep's local copy of a
    // run on PostgreSQL) here, not in the user's data folder.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    if (qEnvironmentVariable("BURSTLAB_TEST_STORE") != QLatin1String("postgresql"))
        return true;
    m_skip = ThrowawayPostgres::missing();
    if (!m_skip.isEmpty())
        return true;
    m_server = std::make_unique<ThrowawayPostgres>();
    QString error = m_server->start();
    if (error.isEmpty())
        m_db = m_server->createDatabase(QStringLiteral("faults"), &error);
    if (error.isEmpty())
        return true;
    qWarning("%s", qPrintable(error));
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
