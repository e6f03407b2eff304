// Sweep planning and the sweep runner: a real 2-parameter sweep on net_null
// stored end to end, resume without re-running completed steps, refusal
// before anything runs, and engine faults (from the fake engine) leaving a
// failed run with its completed steps intact.
#include "store/RunStore.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepRunner.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace burstlab;

namespace {

const QString kBinDir = QStringLiteral(BURSTLAB_BIN_DIR);

Axis axis(const QString &name, const QList<qint64> &values) {
    Axis a{name, {}};
    for (qint64 v : values)
        a.values.append(AxisValue(v));
    return a;
}

Run burstByClone(int reps, int durationMs) {
    Run run;
    run.name = QStringLiteral("burst x clone");
    run.label = QStringLiteral("test");
    run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    run.spec.engine.memoryMb = 256;
    run.spec.axes = {axis(QStringLiteral("burst"), {1, 32}), axis(QStringLiteral("clone"), {0, 8})};
    run.spec.fixed = {{QStringLiteral("stats_ms"), 20}};
    run.spec.reps = reps;
    run.spec.durationMs = durationMs;
    run.spec.warmupMs = 20;
    return run;
}

// A one-rep burst x clone sweep of 40 ms steps on the fake engine.
Run onFakeEngine() {
    Run run = burstByClone(1, 40);
    run.spec.engine.enginePath = kBinDir + QStringLiteral("/burstlab-fake-engine");
    return run;
}

template <typename Step> QStringList stepKeys(const QList<Step> &steps) {
    QStringList keys;
    for (const Step &s : steps)
        keys << s.point.key() + QLatin1Char('#') + QString::number(s.rep);
    return keys;
}

} // namespace

class TestSweepRunner : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    RunStore m_store;

    // Runs the sweep to its finished() signal and returns the outcome.
    SweepRunner::Outcome finish(SweepRunner &runner) {
        QSignalSpy finished(&runner, &SweepRunner::finished);
        if (!finished.wait(30000))
            qFatal("the sweep did not finish");
        return runner.outcome();
    }

    std::unique_ptr<SweepRunner> runner() {
        auto r = std::make_unique<SweepRunner>(m_store);
        r->setEngineDir(kBinDir);
        return r;
    }

    // A one-rep burst x clone sweep on the fake engine committing FAULT after
    // afterSteps good steps; the runner is returned after its finished().
    std::unique_ptr<SweepRunner> sweepOnFake(const char *fault, int afterSteps) {
        qputenv("BURSTLAB_FAKE_FAULT", fault);
        qputenv("BURSTLAB_FAKE_AFTER_STEPS", QByteArray::number(afterSteps));
        const Run run = onFakeEngine();
        auto r = runner();
        r->setRecordHost(false);
        r->setExitTimeout(300); // a hung fake ignores the protocol: SIGTERM comes sooner
        if (!r->start(run) || finish(*r) != SweepRunner::Outcome::EngineFailure)
            qFatal("the sweep on the fake engine did not fail as an engine failure");
        return r;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_store.open(m_dir.filePath(QStringLiteral("runs.sqlite"))));
    }

    void cleanup() {
        qunsetenv("BURSTLAB_FAKE_FAULT");
        qunsetenv("BURSTLAB_FAKE_AFTER_STEPS");
    }

    void planIsSeededAndComplete() {
        SweepSpec spec = burstByClone(3, 100).spec;
        spec.seed = 42;
        const SweepPlan a = SweepPlan::make(spec);
        const SweepPlan b = SweepPlan::make(spec);
        QCOMPARE(a.totalSteps(), 12);
        QCOMPARE(stepKeys(a.steps()), stepKeys(b.steps()));
        QStringList sorted = stepKeys(a.steps());
        sorted.sort();
        QCOMPARE(sorted.removeDuplicates(), 0);
        spec.seed = 43;
        QVERIFY(stepKeys(SweepPlan::make(spec).steps()) != stepKeys(a.steps()));
        spec.randomize = false;
        const QStringList sequential = stepKeys(SweepPlan::make(spec).steps());
        QCOMPARE(sequential.mid(0, 4), (QStringList{"1/0#0", "1/0#1", "1/0#2", "32/0#0"}));
        for (int i = 0; i < 12; ++i)
            QCOMPARE(a.steps()[i].seq, i);
    }

    void planSkipsCompletedSteps() {
        SweepSpec spec = burstByClone(2, 100).spec;
        spec.seed = 7;
        const SweepPlan full = SweepPlan::make(spec);
        QList<StepResult> done;
        for (int i = 0; i < 3; ++i) {
            StepResult s;
            s.point = full.steps()[i].point;
            s.rep = full.steps()[i].rep;
            s.seq = i;
            s.status = RunStatus::Completed;
            done << s;
        }
        StepResult interrupted;
        interrupted.point = full.steps()[3].point;
        interrupted.rep = full.steps()[3].rep;
        interrupted.seq = 3;
        interrupted.status = RunStatus::Interrupted;
        done << interrupted;
        const SweepPlan rest = SweepPlan::make(spec, done);
        QCOMPARE(rest.totalSteps(), 8);
        QCOMPARE(rest.doneSteps(), 3);
        QCOMPARE(stepKeys(rest.steps()), stepKeys(full.steps()).mid(3));
        QCOMPARE(rest.steps().first().seq, 4);
    }

    // The checklist is probed off the runner's thread, for the lcores that
    // transmit (the fake engine's main lcore is 0, its worker 1), and the run
    // is stored with it before the first step.
    void hostIsProbedInAPoolThreadBeforeTheRunIsStored() {
        qputenv("BURSTLAB_FAKE_AFTER_STEPS", "100"); // every step a good one
        const Run run = onFakeEngine();
        auto r = runner();
        QThread *probeThread = nullptr;
        ProbeContext probed;
        r->setHostProbe([&](const ProbeContext &context, const QJsonObject &hello) {
            probeThread = QThread::currentThread();
            probed = context;
            return HostRecord{
                QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("x")}}},
                QJsonObject{{QStringLiteral("engine"), hello.value("engine_version")}}};
        });
        QJsonArray checklistAtFirstStep;
        connect(r.get(), &SweepRunner::stepStarted, this, [&] {
            if (checklistAtFirstStep.isEmpty())
                checklistAtFirstStep = m_store.loadRun(r->runId()).value_or(Run{}).checklist;
        });
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Completed);
        QVERIFY(probeThread);
        QVERIFY(probeThread != QThread::currentThread());
        QCOMPARE(probed.lcores, QList<int>{1});
        QCOMPARE(checklistAtFirstStep.size(), 1);
        const auto stored = m_store.loadRun(r->runId());
        QVERIFY(stored);
        QCOMPARE(stored->checklist.first().toObject().value("id").toString(), QStringLiteral("x"));
        QVERIFY(!stored->fingerprint.value(QStringLiteral("engine")).toString().isEmpty());
    }

    // A stop while the host is probed ends the sweep without a run or a step.
    void stopWhileProbingStoresNothing() {
        qputenv("BURSTLAB_FAKE_AFTER_STEPS", "100"); // every step a good one
        const Run run = onFakeEngine();
        auto r = runner();
        QSemaphore release;
        r->setHostProbe([&](const ProbeContext &, const QJsonObject &) {
            release.acquire();
            return HostRecord{};
        });
        QSignalSpy started(r.get(), &SweepRunner::stepStarted);
        QSignalSpy stored(r.get(), &SweepRunner::runStored);
        connect(r.get(), &SweepRunner::helloReceived, this, [&] {
            QTimer::singleShot(0, r.get(), [&] {
                r->stop();
                release.release();
            });
        });
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Interrupted);
        QCOMPARE(started.size(), 0);
        QCOMPARE(stored.size(), 0);
        QCOMPARE(r->runId(), qint64(0));
    }

    void sweepsBurstByCloneOnTheRealEngine() {
        auto r = runner();
        QSignalSpy points(r.get(), &SweepRunner::pointCompleted);
        QSignalSpy samples(r.get(), &SweepRunner::sampleReceived);
        QSignalSpy progress(r.get(), &SweepRunner::progress);
        QVERIFY(r->start(burstByClone(2, 100)));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Completed);

        const auto data = m_store.loadRunData(r->runId());
        QVERIFY(data);
        QCOMPARE(toString(data->run.status), toString(RunStatus::Completed));
        QVERIFY(data->run.spec.seed != 0);
        QCOMPARE(data->run.hello.value("type").toString(), QStringLiteral("hello"));
        QVERIFY(!data->run.checklist.isEmpty());
        QVERIFY(!data->run.fingerprint.isEmpty());
        QCOMPARE(data->steps.size(), 8);
        qsizetype stored = 0;
        for (const StepData &s : data->steps) {
            QCOMPARE(toString(s.result.status), toString(RunStatus::Completed));
            QVERIFY(s.result.pps > 0);
            // The engine measured the window after the sweep's warm-up.
            const QJsonObject window = s.result.totals.value("window").toObject();
            QCOMPARE(window.value("warmup_ms").toInt(), 20);
            QCOMPARE(s.result.effectivePps(), window.value("pps").toDouble());
            QVERIFY(!s.result.ppsAfterWarmup);
            QVERIFY(!s.samples.isEmpty());
            stored += s.samples.size();
        }
        QCOMPARE(stored, samples.size());
        QCOMPARE(points.size(), 4);
        for (const QList<QVariant> &p : points) {
            const PointStats stats = p[0].value<PointStats>();
            QCOMPARE(stats.ppsSummary.n, 2);
            QVERIFY(stats.representativePps() > 0);
        }
        QCOMPARE(progress.last()[0].toInt(), 8);
        QCOMPARE(progress.last()[2].toLongLong(), 0);
    }

    void resumeRunsOnlyWhatIsMissing() {
        auto first = runner();
        int finishedSteps = 0;
        connect(first.get(), &SweepRunner::stepFinished, first.get(), [&] {
            if (++finishedSteps == 3)
                first->stop();
        });
        QVERIFY(first->start(burstByClone(2, 60)));
        QCOMPARE(finish(*first), SweepRunner::Outcome::Interrupted);
        const qint64 id = first->runId();
        QCOMPARE(toString(m_store.loadRun(id)->status), toString(RunStatus::Interrupted));
        const auto before = *m_store.stepsOf(id);
        QList<StepResult> completedBefore;
        for (const StepResult &s : before) {
            if (s.status == RunStatus::Completed)
                completedBefore << s;
        }
        QCOMPARE(completedBefore.size(), 3);

        auto second = runner();
        QSignalSpy started(second.get(), &SweepRunner::stepStarted);
        QVERIFY(second->resume(id));
        QCOMPARE(finish(*second), SweepRunner::Outcome::Completed);
        QCOMPARE(started.size(), 5);
        QCOMPARE(started.first()[0].toInt(), 3); // step 4 of 8
        const auto after = *m_store.stepsOf(id);
        QStringList completed;
        for (const StepResult &s : after) {
            if (s.status == RunStatus::Completed)
                completed << s.point.key() + QLatin1Char('#') + QString::number(s.rep);
        }
        QCOMPARE(completed.size(), 8);
        QCOMPARE(completed.removeDuplicates(), 0);
        // the steps measured before the interruption are the same rows, untouched
        for (const StepResult &s : completedBefore)
            QVERIFY(std::any_of(after.begin(), after.end(),
                                [&](const StepResult &a) { return a == s; }));
        QCOMPARE(toString(m_store.loadRun(id)->status), toString(RunStatus::Completed));
        QVERIFY(!second->resume(id));
        QVERIFY(second->errorString().contains(QStringLiteral("completed")));
    }

    void refusesValuesOutsideTheEngineLimits() {
        const qsizetype runsBefore = m_store.listRuns()->size();
        Run run = burstByClone(1, 50);
        run.spec.axes[0] = axis(QStringLiteral("burst"), {0, 1});
        auto r = runner();
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Refused);
        QCOMPARE(r->refusedField(), QStringLiteral("burst"));
        QCOMPARE(r->errorString(), QStringLiteral("burst must be in 1..512, got 0"));
        QCOMPARE(m_store.listRuns()->size(), runsBefore);
    }

    void engineCrashFailsTheRunAndKeepsCompletedSteps() {
        const auto r = sweepOnFake("crash", 2);
        QVERIFY2(r->errorString().contains(QStringLiteral("killed by signal 9 (SIGKILL)")),
                 qPrintable(r->errorString()));
        const auto data = m_store.loadRunData(r->runId());
        QCOMPARE(toString(data->run.status), toString(RunStatus::Failed));
        QVERIFY(data->run.error.contains(QStringLiteral("SIGKILL")));
        QCOMPARE(data->steps.size(), 3);
        int completed = 0;
        for (const StepData &s : data->steps) {
            if (s.result.status == RunStatus::Completed) {
                ++completed;
                QCOMPARE(s.samples.size(), 4);
            } else {
                QCOMPARE(toString(s.result.status), toString(RunStatus::Failed));
                QCOMPARE(s.samples.size(), 2); // the crashed step's samples are kept too
            }
        }
        QCOMPARE(completed, 2);
    }

    void engineHangFailsTheRun() {
        const auto r = sweepOnFake("hang", 0);
        QVERIFY2(r->errorString().contains(QStringLiteral("hangs")), qPrintable(r->errorString()));
        QCOMPARE(toString(m_store.loadRun(r->runId())->status), toString(RunStatus::Failed));
    }

    void missingEngineIsAnEngineFailure() {
        Run run = burstByClone(1, 40);
        run.spec.engine.enginePath = QStringLiteral("/nonexistent/burstlab-engine");
        auto r = runner();
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::EngineFailure);
        QVERIFY(r->errorString().contains(QStringLiteral("does not exist")));
        QCOMPARE(r->runId(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestSweepRunner)
#include "tst_sweep_runner.moc"
