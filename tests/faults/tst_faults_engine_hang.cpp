// An engine that stops sending stats mid-step (the fake engine's hang fault):
// the sweep runner detects it within 2 s of the last stats line, stops it at
// once (SIGTERM: a hung engine reads no shutdown) and fails the run; through
// burstlab-cli the same hang ends in words and exit code 3, with no engine
// process left behind.
#include "CliRun.h"
#include "FaultTest.h"
#include "Processes.h"
#include "store/RunStore.h"
#include "sweep/SweepRunner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <unistd.h>

using namespace burstlab;

namespace {

const QString kFake = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-fake-engine");
const QString kFakeName = QStringLiteral("burstlab-fake");

} // namespace

class TestFaultsEngineHang : public FaultTest {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        // one good step, then a step whose stats stop after the first line
        qputenv("BURSTLAB_FAKE_FAULT", "hang");
        qputenv("BURSTLAB_FAKE_AFTER_STEPS", "1");
    }

    void runnerDetectsAndStopsAHungEngine() {
        RunStore store;
        QVERIFY(store.open(db()));
        Run run;
        run.label = QStringLiteral("hung");
        run.spec.engine.enginePath = kFake;
        run.spec.engine.vdevs = {QStringLiteral("net_null0")};
        run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(32)}}};
        run.spec.durationMs = 100;
        run.spec.warmupMs = SweepSpec::defaultWarmupMs(run.spec.durationMs);
        SweepRunner runner(store);
        runner.setRecordHost(false);
        QElapsedTimer sinceSample;
        qint64 detectedMs = -1;
        qint64 stoppedMs = -1;
        connect(&runner, &SweepRunner::sampleReceived, this, [&] { sinceSample.start(); });
        connect(&runner, &SweepRunner::errorOccurred, this,
                [&] { detectedMs = sinceSample.elapsed(); });
        connect(&runner, &SweepRunner::finished, this,
                [&] { stoppedMs = sinceSample.elapsed() - detectedMs; });
        QSignalSpy finished(&runner, &SweepRunner::finished);
        QVERIFY2(runner.start(run), qPrintable(runner.errorString()));
        QVERIFY(finished.wait(15000));
        qInfo("hang detected %lld ms after the last stats line, engine gone %lld ms later",
              detectedMs, stoppedMs);
        QCOMPARE(runner.outcome(), SweepRunner::Outcome::EngineFailure);
        QVERIFY2(runner.errorString().contains(QStringLiteral("the engine hangs")),
                 qPrintable(runner.errorString()));
        QVERIFY2(detectedMs >= 1990 && detectedMs <= 2300, qPrintable(QString::number(detectedMs)));
        QVERIFY2(stoppedMs >= 0 && stoppedMs < 1000, qPrintable(QString::number(stoppedMs)));
        QVERIFY(Processes::childrenOf(::getpid(), kFakeName).isEmpty());

        const auto data = store.loadRunData(runner.runId());
        QCOMPARE(toString(data->run.status), toString(RunStatus::Failed));
        QCOMPARE(data->steps.size(), 2);
        QCOMPARE(toString(data->steps[0].result.status), toString(RunStatus::Completed));
        QCOMPARE(toString(data->steps[1].result.status), toString(RunStatus::Failed));
        QCOMPARE(data->steps[1].samples.size(), 1); // the hung step's one sample is kept
    }

    void cliReportsTheHangAndExits3() {
        QElapsedTimer clock;
        clock.start();
        const CliResult r = CliRun::run(
            db(), {QStringLiteral("sweep"), QStringLiteral("--engine"), kFake,
                   QStringLiteral("--sweep"), QStringLiteral("burst=1,32"),
                   QStringLiteral("--reps"), QStringLiteral("1"), QStringLiteral("--duration-ms"),
                   QStringLiteral("100"), QStringLiteral("--label"), QStringLiteral("cli-hung")});
        qInfo("burstlab-cli exited %lld ms after its start", clock.elapsed());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("the engine hangs: no stats for 2 s")),
                 qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("is stored as failed")));
        QVERIFY(Processes::childrenOf(::getpid(), kFakeName).isEmpty());
        QCOMPARE(CliRun::runLabelled(db(), QStringLiteral("cli-hung"))
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("failed"));
    }
};

QTEST_GUILESS_MAIN(TestFaultsEngineHang)
#include "tst_faults_engine_hang.moc"
