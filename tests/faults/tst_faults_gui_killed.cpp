// The GUI SIGKILLed in the middle of a sweep (the documentation's screenshot
// tour, the product's main window in a program of its own, drives a real
// sweep on net_null through it, offscreen): its engine stops within 2 s and exits
// through its cleanup, the store passes integrity_check, the next
// `burstlab-cli runs` shows the run as interrupted, and `burstlab-cli sweep
// --resume` completes it.
#include "CliRun.h"
#include "FaultTest.h"
#include "Processes.h"
#include "StoreCheck.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTest>
#include <csignal>

using namespace burstlab;

namespace {

const QString kGui = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-screenshot-tour");

// Waits until the store holds a run with at least one stored step.
bool waitForStoredStep(const QString &db, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        for (const QVariantMap &run : CliRun::runs(db)) {
            if (run.value(QStringLiteral("steps")).toInt() >= 1)
                return true;
        }
        QTest::qWait(50);
    }
    return false;
}

} // namespace

class TestFaultsGuiKilled : public FaultTest {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        if (!QFileInfo(kGui).isExecutable())
            QSKIP("the GUI is not built");
    }

    void engineStopsAndTheRunIsInterrupted() {
        QTemporaryDir shots;
        QProcess gui;
        // the GUI's settings and caches go to the test's folder, not the user's
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
            env.insert(QString::fromLatin1(var), shots.filePath(QString::fromLatin1(var)));
        gui.setProcessEnvironment(env);
        gui.start(kGui, {db(), shots.path()});
        QVERIFY(gui.waitForStarted());
        QVERIFY(waitForStoredStep(db(), 30000));
        const qint64 engine =
            Processes::waitForChild(gui.processId(), QStringLiteral("burstlab-engine"), 2000);
        QVERIFY(engine > 0);
        QVERIFY(::kill(pid_t(gui.processId()), SIGKILL) == 0);
        QVERIFY(gui.waitForFinished(5000));

        const QString problem = orphanedEngineProblem(engine, QStringLiteral("the GUI"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(StoreCheck::integrity(db()), QStringLiteral("ok"));

        const QList<QVariantMap> runs = CliRun::runs(db());
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].value(QStringLiteral("status")).toString(), QStringLiteral("interrupted"));
        const CliResult resumed =
            CliRun::run(db(), {QStringLiteral("sweep"), QStringLiteral("--resume"),
                               runs[0].value(QStringLiteral("id")).toString()});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err.right(800)));
        QCOMPARE(CliRun::runs(db()).value(0).value(QStringLiteral("status")).toString(),
                 QStringLiteral("completed"));
    }
};

QTEST_GUILESS_MAIN(TestFaultsGuiKilled)
#include "tst_faults_gui_killed.moc"
