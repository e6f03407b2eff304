// burstlab-cli SIGKILLed in the middle of a step of a sweep on net_null (the
// store shows the step cut short, its samples kept): its engine
// stops within 2 s and exits cleanly (code 0 or 5, its runtime directory removed),
// the store passes PRAGMA integrity_check, the next `burstlab-cli runs` shows
// the run as interrupted, and `sweep --resume` completes it.
#include "CliRun.h"
#include "FaultTest.h"
#include "Processes.h"
#include "StoreCheck.h"

#include <QTest>
#include <csignal>

using namespace burstlab;

class TestFaultsCliKilled : public FaultTest {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        if (!skipReason().isEmpty())
            QSKIP(qPrintable(skipReason()));
    }

    void engineStopsAndTheRunIsInterrupted() {
        CliRun cli(db());
        cli.start({QStringLiteral("sweep"), QStringLiteral("--memory-mb"), QStringLiteral("256"),
                   QStringLiteral("--sweep"), QStringLiteral("burst=1..4"),
                   QStringLiteral("--reps"), QStringLiteral("2"), QStringLiteral("--duration-ms"),
                   QStringLiteral("600"), QStringLiteral("--set"), QStringLiteral("stats_ms=20"),
                   QStringLiteral("--label"), QStringLiteral("cli-killed")});
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 2/8"), 30000), qPrintable(cli.err()));
        const qint64 engine =
            Processes::waitForChild(cli.pid(), QStringLiteral("burstlab-engine"), 2000);
        QVERIFY(engine > 0);
        // Killed once the running step has stored a sample: inside a step,
        // with most of its 600 ms still to go. The store proves it below.
        QVERIFY(StoreCheck::waitInAStep(db(), QStringLiteral("cli-killed"), 20000));
        QVERIFY(::kill(pid_t(cli.pid()), SIGKILL) == 0);
        QCOMPARE(cli.finish(5000).code, -1);

        const QString problem = orphanedEngineProblem(engine, QStringLiteral("the CLI"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(StoreCheck::integrity(db()), QStringLiteral("ok"));

        const QVariantMap listed = CliRun::runLabelled(db(), QStringLiteral("cli-killed"));
        QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("interrupted"));
        // The step the kill cut short is the last one, with its samples kept.
        const QStringList states = StoreCheck::stepStates(db(), QStringLiteral("cli-killed"));
        QVERIFY2(states.size() >= 2 && states.last().startsWith(QStringLiteral("interrupted ")) &&
                     states.last() != QStringLiteral("interrupted 0"),
                 qPrintable(states.join(QStringLiteral(", "))));
        // (on a busy host a step may have been judged invalid and run again)
        for (const QString &state : states.mid(0, states.size() - 1))
            QVERIFY2(state.startsWith(QStringLiteral("completed ")) ||
                         state.startsWith(QStringLiteral("invalid ")),
                     qPrintable(state));
        const int stepsBefore = listed.value(QStringLiteral("steps")).toInt();
        QVERIFY2(stepsBefore >= 2 && stepsBefore < 8, qPrintable(QString::number(stepsBefore)));

        const QString id = listed.value(QStringLiteral("id")).toString();
        const CliResult resumed =
            CliRun::run(db(), {QStringLiteral("sweep"), QStringLiteral("--resume"), id});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        QVERIFY(resumed.err.contains(QStringLiteral("step 8/8")));
        const QVariantMap done = CliRun::runLabelled(db(), QStringLiteral("cli-killed"));
        QCOMPARE(done.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        QCOMPARE(StoreCheck::integrity(db()), QStringLiteral("ok"));
    }
};

QTEST_GUILESS_MAIN(TestFaultsCliKilled)
#include "tst_faults_cli_killed.moc"
