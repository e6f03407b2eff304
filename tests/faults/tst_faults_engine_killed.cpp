// The engine SIGKILLed in the middle of a burstlab-cli sweep on net_null: the
// CLI says so in words and exits 3, the run is stored as failed with every
// completed step and its samples intact, `sweep --resume` completes it
// without running a completed point again, and the killed engine's DPDK
// runtime directory, which it could not remove itself, is gone once the next
// engine has started.
#include "CliRun.h"
#include "FaultTest.h"
#include "Processes.h"
#include "StoreCheck.h"
#include "store/RunStore.h"
#include "util/ShellText.h"

#include <QTest>
#include <csignal>

using namespace burstlab;

namespace {

// Step id -> its sample count, for the completed steps of a run.
QMap<qint64, qsizetype> completedSteps(const RunData &data) {
    QMap<qint64, qsizetype> steps;
    for (const StepData &s : data.steps) {
        if (s.result.status == RunStatus::Completed)
            steps.insert(s.result.id, s.samples.size());
    }
    return steps;
}

} // namespace

class TestFaultsEngineKilled : public FaultTest {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY(prepare()); }

    void killedEngineFailsTheRunAndResumeCompletesIt() {
        CliRun cli(db());
        cli.start({QStringLiteral("sweep"), QStringLiteral("--memory-mb"), QStringLiteral("256"),
                   QStringLiteral("--sweep"), QStringLiteral("burst=1..4"),
                   QStringLiteral("--reps"), QStringLiteral("2"), QStringLiteral("--duration-ms"),
                   QStringLiteral("150"), QStringLiteral("--set"), QStringLiteral("stats_ms=20"),
                   QStringLiteral("--sequential"), QStringLiteral("--label"),
                   QStringLiteral("killed")});
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 3/8"), 30000), qPrintable(cli.err()));
        const qint64 engine =
            Processes::waitForChild(cli.pid(), QStringLiteral("burstlab-engine"), 2000);
        QVERIFY(engine > 0);
        QVERIFY(!Processes::runtimeDirsOf(engine).isEmpty());
        QVERIFY(::kill(pid_t(engine), SIGKILL) == 0);

        const CliResult r = cli.finish(10000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("the engine was killed by signal 9 (SIGKILL)")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("is stored as failed; continue it with: "
                                               "burstlab-cli --db %1 sweep --resume")
                                    .arg(ShellText::quote(db()))),
                 qPrintable(r.err));
        // SIGKILL leaves no chance to clean up: the next engine must. (Any
        // engine started on this machine meanwhile may already have.)
        qInfo("the killed engine's runtime directory %s",
              Processes::runtimeDirsOf(engine).isEmpty() ? "is already gone" : "is left");

        const QVariantMap listed = CliRun::runLabelled(db(), QStringLiteral("killed"));
        QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        const qint64 id = listed.value(QStringLiteral("id")).toLongLong();
        QCOMPARE(StoreCheck::integrity(db()), QStringLiteral("ok"));
        QMap<qint64, qsizetype> before;
        {
            RunStore store;
            QVERIFY(store.open(db()));
            const auto data = store.loadRunData(id);
            QVERIFY(data);
            QVERIFY(data->run.error.contains(QStringLiteral("SIGKILL")));
            before = completedSteps(*data);
            // 150 ms steps sampled every 20 ms
            for (qsizetype samples : before)
                QVERIFY2(samples >= 5, qPrintable(QString::number(samples)));
        }
        QVERIFY(before.size() >= 3 && before.size() < 8);

        const CliResult resumed = CliRun::run(
            db(), {QStringLiteral("sweep"), QStringLiteral("--resume"), QString::number(id)});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        // Counting starts after the completed steps: none of them ran again.
        QVERIFY2(resumed.err.contains(QStringLiteral("step %1/8").arg(before.size() + 1)),
                 qPrintable(resumed.err));
        for (int step = 1; step <= before.size(); ++step)
            QVERIFY(!resumed.err.contains(QStringLiteral("step %1/8").arg(step)));
        QVERIFY(resumed.out.contains(QStringLiteral(" burst=4 ")));
        QVERIFY2(Processes::runtimeDirsOf(engine).isEmpty(),
                 qPrintable(Processes::runtimeDirsOf(engine).join(QLatin1Char(' '))));

        RunStore store;
        QVERIFY(store.open(db()));
        const auto data = store.loadRunData(id);
        QCOMPARE(toString(data->run.status), toString(RunStatus::Completed));
        const QMap<qint64, qsizetype> after = completedSteps(*data);
        QCOMPARE(after.size(), 8);
        for (auto it = before.begin(); it != before.end(); ++it)
            QCOMPARE(after.value(it.key()), it.value());
        QCOMPARE(StoreCheck::integrity(db()), QStringLiteral("ok"));
    }
};

QTEST_GUILESS_MAIN(TestFaultsEngineKilled)
#include "tst_faults_engine_killed.moc"
