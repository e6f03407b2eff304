// An engine that stops sending stats mid-step (the fake engine's hang fault):
// the sweep runner detects it 2 s after the last stats line (plus what the
// host's scheduling delays, measured by the test), stops it at
// once (SIGTERM: a hung engine reads no shutdown) and fails the run; through
// burstlab-cli the same hang ends in words and exit code 3, with no engine
// process left behind.
#include "CliRun.h"
#include "FaultTest.h"
#include "Processes.h"
#include "store/RunStore.h"
#include "sweep/SweepRunner.h"

#include "SchedulingDelay.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <ctime>
#include <unistd.h>

using namespace burstlab;

namespace {

const QString kFake = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-fake-engine");
const QString kFakeName = QStringLiteral("burstlab-fake");

qint64 monotonicNs() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

// The fake engine's CLOCK_MONOTONIC time of its last stats line; 0 if none.
qint64 readMark(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readLine(64).trimmed().toLongLong() : 0;
}

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
        // Timed on CLOCK_MONOTONIC from the fake's last stats line, as it
        // wrote it: a store write or a busy scheduler between the line and
        // this test's handlers cannot move the origin.
        const QString mark = QDir(dir()).filePath(QStringLiteral("hang-mark"));
        qputenv("BURSTLAB_FAKE_MARK", QFile::encodeName(mark));
        qint64 detectedNs = -1;
        qint64 goneNs = -1;
        connect(&runner, &SweepRunner::errorOccurred, this, [&] { detectedNs = monotonicNs(); });
        connect(&runner, &SweepRunner::finished, this, [&] { goneNs = monotonicNs(); });
        QSignalSpy finished(&runner, &SweepRunner::finished);
        const SchedulingDelay delay;
        QVERIFY2(runner.start(run), qPrintable(runner.errorString()));
        QVERIFY(finished.wait(15000));
        qunsetenv("BURSTLAB_FAKE_MARK");
        const qint64 lastLineNs = readMark(mark);
        QVERIFY2(lastLineNs > 0, qPrintable(mark));
        const qint64 detectedMs = (detectedNs - lastLineNs) / 1000000;
        const qint64 stoppedMs = (goneNs - detectedNs) / 1000000;
        // Late by at most what this loop was late, plus the pipe and the
        // signal: never by a fixed guess about how busy the host is.
        const qint64 slackMs = 300 + 2 * delay.maxMs();
        qInfo("hang detected %lld ms after the last stats line was sent, engine gone %lld ms "
              "later; this test's event loop ran up to %lld ms late",
              detectedMs, stoppedMs, delay.maxMs());
        QCOMPARE(runner.outcome(), SweepRunner::Outcome::EngineFailure);
        QVERIFY2(runner.errorString().contains(QStringLiteral("the engine hangs")),
                 qPrintable(runner.errorString()));
        // The limit is 2 s of silence: never sooner, and no later than the
        // host's own delays.
        QVERIFY2(detectedMs >= 1990 && detectedMs <= 2000 + slackMs,
                 qPrintable(QStringLiteral("%1 ms, slack %2 ms").arg(detectedMs).arg(slackMs)));
        QVERIFY2(stoppedMs >= 0 && stoppedMs < 1000 + slackMs,
                 qPrintable(QStringLiteral("%1 ms, slack %2 ms").arg(stoppedMs).arg(slackMs)));
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
