// Sweep planning and the sweep runner: a real 2-parameter sweep on net_null
// stored end to end, rates that hold with CPU hogs beside the sweep, invalid
// repetitions stored as such and run again (also on resume), resume without
// re-running completed steps, refusal before anything runs, and engine
// faults (from the fake engine) leaving a failed run with its completed
// steps intact.
#include "CpuHogs.h"
#include "store/RunStore.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepRunner.h"
#include "sweep/WindowCheck.h"

#include <QProcess>
#include <QSemaphore>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <memory>

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

// A finished message of one TX lcore whose window passes every check: 8 Mpps
// over `ms` milliseconds after the 20 ms warm-up of a 100 ms step.
StepFinished goodFinished(qint64 ms = 80) {
    const qint64 pkts = 8000 * ms;
    const LcoreWindow window{pkts,         pkts * 60, pkts / 32, 20000000, 20000000 + ms * 1000000,
                             ms * 1000000, 8e6};
    StepFinished f;
    f.reason = QStringLiteral("duration");
    f.counters.txPkts = 800000;
    f.counters.txCalls = 25000;
    f.elapsedNs = 100100000;
    static_cast<WindowFigures &>(f.window) = window;
    f.window.warmupMs = 20;
    f.window.lcores = 1;
    LcoreFinished lcore;
    lcore.lcore = 1;
    lcore.window = window;
    f.lcores = {lcore};
    f.params = {{"pkt_size", 60}, {"duration_ms", 100}, {"warmup_ms", 20}};
    return f;
}

// goodFinished() with one thing changed.
StepFinished changed(const std::function<void(StepFinished &)> &change) {
    StepFinished f = goodFinished();
    change(f);
    return f;
}

// One point (burst 32, clone 0) and one repetition on the real engine.
Run onePoint(int durationMs, int warmupMs) {
    Run run = burstByClone(1, durationMs);
    run.spec.axes = {axis(QStringLiteral("burst"), {32}), axis(QStringLiteral("clone"), {0})};
    run.spec.warmupMs = warmupMs;
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

    // Stops the engine's first step (not the sweep) at its first sample,
    // from outside the runner: in a warm-up much longer than stats_ms.
    void stopFirstStepInItsWarmup(SweepRunner &r) {
        auto stopped = std::make_shared<bool>(false);
        connect(&r, &SweepRunner::sampleReceived, &r, [&r, stopped] {
            if (!std::exchange(*stopped, true))
                r.client()->stopStep();
        });
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
        // The probe's pooled thread may take its first step after this
        // function returned (the runner does not wait for an abandoned probe),
        // so it holds the semaphore itself.
        auto release = std::make_shared<QSemaphore>();
        r->setHostProbe([release](const ProbeContext &, const QJsonObject &) {
            release->acquire();
            return HostRecord{};
        });
        QSignalSpy started(r.get(), &SweepRunner::stepStarted);
        QSignalSpy stored(r.get(), &SweepRunner::runStored);
        connect(r.get(), &SweepRunner::helloReceived, this, [&] {
            QTimer::singleShot(0, r.get(), [&] {
                r->stop();
                release->release();
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
        // A repetition the window check rejects on a busy host is stored as
        // invalid and run again: 8 completed steps, beside any invalid ones.
        qsizetype stored = 0;
        qsizetype completed = 0;
        for (const StepData &s : data->steps) {
            stored += s.samples.size();
            if (s.result.status != RunStatus::Completed) {
                QCOMPARE(toString(s.result.status), toString(RunStatus::Invalid));
                continue;
            }
            ++completed;
            QVERIFY(s.result.pps > 0);
            // The engine measured the window after the sweep's warm-up.
            QVERIFY(s.result.measured);
            const MeasuredWindow &window = s.result.measured->window;
            QCOMPARE(window.warmupMs, 20);
            QCOMPARE(s.result.effectivePps(), window.pps);
            QVERIFY(!s.result.ppsAfterWarmup);
            QVERIFY(!s.samples.isEmpty());
        }
        QCOMPARE(completed, 8);
        QCOMPARE(stored, samples.size());
        QCOMPARE(points.size(), 4);
        for (const QList<QVariant> &p : points) {
            const PointStats stats = p[0].value<PointStats>();
            QCOMPARE(stats.ppsSummary.n, 2);
            QVERIFY(stats.representativePps() > 0);
        }
        QCOMPARE(progress.last()[0].toInt(), int(data->steps.size()));
        QCOMPARE(progress.last()[2].toLongLong(), 0);
    }

    void resumeRunsOnlyWhatIsMissing() {
        // On a busy host a step may be invalid and run again: the stop
        // comes after three completed ones, however many attempts that took.
        auto first = runner();
        int completedSteps = 0;
        connect(first.get(), &SweepRunner::stepFinished, first.get(), [&](const StepResult &r) {
            if (r.status == RunStatus::Completed && ++completedSteps == 3)
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
        const auto key = [](const Point &point, int rep) {
            return point.key() + QLatin1Char('#') + QString::number(rep);
        };
        const auto after = *m_store.stepsOf(id);
        QStringList completed;
        for (const StepResult &s : after) {
            if (s.status == RunStatus::Completed)
                completed << key(s.point, s.rep);
        }
        QCOMPARE(completed.size(), 8);
        QCOMPARE(completed.removeDuplicates(), 0);
        // The resumed session started exactly the five repetitions missing
        // (each perhaps more than once, when an attempt was invalid).
        QSet<QString> missing(completed.begin(), completed.end());
        for (const StepResult &s : completedBefore)
            missing.remove(key(s.point, s.rep));
        QCOMPARE(missing.size(), 5);
        QSet<QString> startedAgain;
        for (const QList<QVariant> &args : started)
            startedAgain << key(args[2].value<Point>(), args[3].toInt());
        QCOMPARE(startedAgain, missing);
        // the steps measured before the interruption are the same rows, untouched
        for (const StepResult &s : completedBefore)
            QVERIFY(std::any_of(after.begin(), after.end(),
                                [&](const StepResult &a) { return a == s; }));
        QCOMPARE(toString(m_store.loadRun(id)->status), toString(RunStatus::Completed));
        QVERIFY(!second->resume(id));
        QVERIFY(second->errorString().contains(QStringLiteral("completed")));
    }

    // A repetition's rate is the engine's own window, never one from when
    // samples reached the client: with two busy loops beside a sweep of
    // 100 ms steps, every stored pps agrees with its ns/packet and with the
    // window it came from, and none is 0.
    void ratesHoldWithCpuHogsBeside() {
        CpuHogs hogs(2);
        QVERIFY(hogs.running());
        Run run = burstByClone(3, 100);
        run.spec.axes = {axis(QStringLiteral("burst"), {8, 32})};
        run.spec.warmupMs = SweepSpec::defaultWarmupMs(100);
        auto r = runner();
        r->setRecordHost(false);
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Completed);
        const auto steps = m_store.stepsOf(r->runId());
        QVERIFY(steps);
        int completed = 0;
        for (const StepResult &s : *steps) {
            if (s.status == RunStatus::Invalid) {
                QVERIFY(!s.error.isEmpty());
                continue;
            }
            QCOMPARE(toString(s.status), toString(RunStatus::Completed));
            ++completed;
            const double pps = s.effectivePps();
            QVERIFY2(pps > 0, qPrintable(s.point.key()));
            QVERIFY(s.measured);
            const MeasuredWindow &w = s.measured->window;
            // Our ns/packet is that of the engine's rate for its window.
            QVERIFY2(qAbs(*s.nsPerPacket() * w.pps / 1e9 - 1) <= 0.01,
                     qPrintable(QStringLiteral("%1 ns/pkt at the engine's %2 pps")
                                    .arg(*s.nsPerPacket())
                                    .arg(w.pps)));
            const double windowPps = double(w.txPkts) * 1e9 / double(w.ns);
            QVERIFY2(
                qAbs(pps / windowPps - 1) <= 0.01,
                qPrintable(
                    QStringLiteral("%1 pps stored, %2 in the window").arg(pps).arg(windowPps)));
        }
        QCOMPARE(completed, 6);
    }

    // The rules refuse a warm-up as long as the step before anything runs.
    void warmupAsLongAsTheStepIsRefused() {
        const qsizetype runsBefore = m_store.listRuns()->size();
        auto r = runner();
        QVERIFY(!r->start(onePoint(50, 50)));
        QCOMPARE(r->outcome(), SweepRunner::Outcome::Refused);
        QCOMPARE(r->refusedField(), QStringLiteral("warmup_ms"));
        QVERIFY2(r->errorString().contains(QStringLiteral("shorter than the step (50 ms)")),
                 qPrintable(r->errorString()));
        QCOMPARE(m_store.listRuns()->size(), runsBefore);
    }

    // A step that sends all it has before its warm-up ends leaves no
    // window: every attempt is stored as invalid with the reason, and the
    // repetition is run again until the limit, then left out of the
    // statistics.
    void nothingAfterTheWarmupIsInvalid() {
        auto r = runner();
        r->setRecordHost(false);
        QSignalSpy points(r.get(), &SweepRunner::pointCompleted);
        QSignalSpy progress(r.get(), &SweepRunner::progress);
        Run run = onePoint(200, 50);
        run.spec.fixed.insert(QStringLiteral("count"), 3200);
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Completed);
        const auto steps = *m_store.stepsOf(r->runId());
        QCOMPARE(steps.size(), SweepRunner::kMaxAttempts);
        for (qsizetype i = 0; i < steps.size(); ++i) {
            QCOMPARE(toString(steps[i].status), toString(RunStatus::Invalid));
            QCOMPARE(steps[i].error, QStringLiteral("no packet was sent after the 50 ms warm-up"));
            QCOMPARE(steps[i].rep, 0);
            QCOMPARE(steps[i].seq, int(i));
            QVERIFY(steps[i].measured);
            QCOMPARE(steps[i].measured->window.txPkts, 0);
            QCOMPARE(steps[i].pps, 0.0);
            QVERIFY(!steps[i].nsPerPacket());
        }
        QCOMPARE(points.size(), 0);
        QCOMPARE(progress.last()[0].toInt(), SweepRunner::kMaxAttempts);
        QCOMPARE(progress.last()[1].toInt(), SweepRunner::kMaxAttempts);
    }

    // A stop in the middle of the warm-up (from outside the runner) leaves
    // an empty window: invalid, then run again and completed.
    void stopDuringWarmupIsInvalidAndRunAgain() {
        auto r = runner();
        r->setRecordHost(false);
        stopFirstStepInItsWarmup(*r);
        QVERIFY(r->start(onePoint(400, 300)));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Completed);
        const auto steps = *m_store.stepsOf(r->runId());
        QCOMPARE(steps.size(), 2);
        QCOMPARE(toString(steps[0].status), toString(RunStatus::Invalid));
        QCOMPARE(steps[0].measured.value_or(StepFinished{}).reason, QStringLiteral("stopped"));
        QVERIFY2(steps[0].error.startsWith(QStringLiteral("no packet was sent after")) ||
                     steps[0].error.contains(QStringLiteral("less than half")),
                 qPrintable(steps[0].error));
        QCOMPARE(toString(steps[1].status), toString(RunStatus::Completed));
        QCOMPARE(steps[1].point, steps[0].point);
        QCOMPARE(steps[1].rep, steps[0].rep);
        QVERIFY(steps[1].effectivePps() > 0);
        // Only the completed attempt counts.
        const auto data = m_store.loadRunData(r->runId());
        const QList<PointStats> stats = PointStats::ofRun(*data, StatsOptions{});
        QCOMPARE(stats.size(), 1);
        QCOMPARE(stats.first().ppsSummary.n, 1);
        QCOMPARE(stats.first().pps.first(), steps[1].effectivePps());
    }

    // An interrupted run whose last repetition was invalid runs it again on resume.
    void resumeRunsInvalidRepetitionsAgain() {
        auto first = runner();
        first->setRecordHost(false);
        stopFirstStepInItsWarmup(*first);
        connect(first.get(), &SweepRunner::stepFinished, first.get(), [&] { first->stop(); });
        QVERIFY(first->start(onePoint(300, 200)));
        QCOMPARE(finish(*first), SweepRunner::Outcome::Interrupted);
        const qint64 id = first->runId();
        QCOMPARE(m_store.stepsOf(id)->size(), 1);
        QCOMPARE(toString(m_store.stepsOf(id)->first().status), toString(RunStatus::Invalid));

        auto second = runner();
        second->setRecordHost(false);
        QVERIFY(second->resume(id));
        QCOMPARE(finish(*second), SweepRunner::Outcome::Completed);
        const auto steps = *m_store.stepsOf(id);
        QCOMPARE(steps.size(), 2);
        QCOMPARE(toString(steps[1].status), toString(RunStatus::Completed));
        QCOMPARE(steps[1].seq, 1);
    }

    void windowCheckRules_data() {
        QTest::addColumn<StepFinished>("finished");
        QTest::addColumn<QString>("problem");
        QTest::newRow("good") << goodFinished() << QString();
        QTest::newRow("no packets") << changed([](StepFinished &f) { f.window.txPkts = 0; })
                                    << "no packet was sent after the 20 ms warm-up";
        QTest::newRow("few calls") << changed([](StepFinished &f) { f.window.txCalls = 99; })
                                   << "the measured window holds 99 tx_burst calls, fewer than 100";
        // pktgen's window has no tx_burst calls: its packets are its calls.
        QTest::newRow("pktgen, packets for calls") << changed([](StepFinished &f) {
            f.window.txCalls.reset();
            f.counters.txCalls.reset();
        }) << QString();
        QTest::newRow("pktgen, few packets") << changed([](StepFinished &f) {
            f.window.txCalls.reset();
            f.counters.txCalls.reset();
            f.window.txPkts = f.lcores[0].window.txPkts = 99;
            f.window.txBytes = 99 * 60;
        }) << "the measured window holds 99 packets, fewer than 100";
        QTest::newRow("under 1 ms") << changed([](StepFinished &f) { f.window.ns = 999999; })
                                    << "the measured window lasts 0.999999 ms, less than 1 ms";
        QTest::newRow("half of the step")
            << goodFinished(39)
            << "the measured window lasts 39 ms, less than half of the 80 ms after the warm-up";
        QTest::newRow("lcores not together")
            << changed([](StepFinished &f) { f.window.ns = 71999999; })
            << "the TX lcores were in their windows together for 71.999999 ms of the longest "
               "window's 80 ms";
        QTest::newRow("more packets than the step")
            << changed([](StepFinished &f) { f.counters.txPkts = 639999; })
            << "the measured window (640000 packets, 20000000 to 100000000 ns) does not lie "
               "within the step (639999 packets, 100100000 ns)";
        QTest::newRow("ends after the step")
            << changed([](StepFinished &f) { f.elapsedNs = 99999999; })
            << "the measured window (640000 packets, 20000000 to 100000000 ns) does not lie "
               "within the step (800000 packets, 99999999 ns)";
        QTest::newRow("bytes") << changed([](StepFinished &f) { f.window.txBytes = 1; })
                               << "the measured window's 1 bytes are not its 640000 packets of 60 "
                                  "bytes";
        QTest::newRow("lcores disagree")
            << changed([](StepFinished &f) { f.lcores[0].window.txPkts = 640001; })
            << "the lcores' windows hold 640001 packets, the step's window 640000";
        QTest::newRow("rate not its packets over its time")
            << changed([](StepFinished &f) { f.window.pps = 8.1e6; })
            << "the window's 8100000.0 pps are not the sum of its lcores' 8000000.0 pps";
    }
    void windowCheckRules() {
        QFETCH(StepFinished, finished);
        QFETCH(QString, problem);
        QCOMPARE(WindowCheck::problem(finished), problem);
        // A step ended by its count is not held to the planned time.
        if (problem.contains(QStringLiteral("less than half"))) {
            finished.reason = QStringLiteral("count");
            QCOMPARE(WindowCheck::problem(finished), QString());
        }
    }

    // A count ended before the window could be trusted: the count to try
    // comes from the rate the step measured, ten windows' worth, rounded up.
    void countToTryFromTheMeasuredRate() {
        StepFinished f = changed([](StepFinished &s) {
            s.reason = QStringLiteral("count");
            s.window.ns = 250000; // 640000 packets at 8 Mpps would take 80 ms
        });
        QVERIFY(!WindowCheck::problem(f).isEmpty());
        // 1 ms at 8e6 pps is 8000 packets; ten of those, 1-2-5 rounded: 100000.
        QCOMPARE(WindowCheck::countToTry(f), std::optional<qint64>(100000));
        // Too few driver calls weigh in when they need more: 1600 packets
        // in 50 calls over 16 ms need 3200 for 100 calls, ten times that
        // rounded up.
        f.window.txPkts = 1600;
        f.window.txCalls = 50;
        f.window.ns = 16000000;
        f.window.pps = 1e5;
        QCOMPARE(WindowCheck::countToTry(f), std::optional<qint64>(50000));
        // Not for a step that ended on its duration, nor a good window.
        f.reason = QStringLiteral("duration");
        QCOMPARE(WindowCheck::countToTry(f), std::nullopt);
        QCOMPARE(WindowCheck::countToTry(goodFinished()), std::nullopt);
    }

    // On the real engine: a count net_null sends in far less than 1 ms stops
    // the sweep at its first such step, naming a count to try, and leaves no
    // run when that was the first step. Each repetition would be as short,
    // so five of them make a host that stretches one window past 1 ms by
    // preempting the engine no reason to pass.
    void countTooShortStopsAtOnce() {
        Run run = onePoint(1000, 0);
        run.spec.reps = 5;
        run.spec.fixed.insert(QStringLiteral("count"), 3200);
        const qsizetype before = m_store.listRuns()->size();
        auto r = runner();
        r->setRecordHost(false);
        QVERIFY(r->start(run));
        QCOMPARE(finish(*r), SweepRunner::Outcome::Refused);
        QCOMPARE(r->refusedField(), QStringLiteral("count"));
        const QString error = r->errorString();
        QVERIFY2(error.startsWith(QStringLiteral("count=3200 ended step ")), qPrintable(error));
        const qsizetype at = error.indexOf(QStringLiteral("try count="));
        QVERIFY2(at > 0, qPrintable(error));
        QVERIFY(error.mid(at + 10).toLongLong() > 3200);
        if (error.startsWith(QStringLiteral("count=3200 ended step 0 ")))
            QCOMPARE(m_store.listRuns()->size(), before); // withdrawn
        else
            QCOMPARE(toString(m_store.loadRun(r->runId())->status), toString(RunStatus::Failed));
    }

    void planRepeatsAStep() {
        SweepSpec spec = burstByClone(1, 100).spec;
        spec.randomize = false;
        SweepPlan plan = SweepPlan::make(spec);
        plan.repeat(1);
        QCOMPARE(plan.totalSteps(), 5);
        QCOMPARE(plan.doneSteps(), 0);
        QCOMPARE(stepKeys(plan.steps()),
                 (QStringList{"1/0#0", "32/0#0", "32/0#0", "1/8#0", "32/8#0"}));
        QList<int> seqs;
        QList<int> attempts;
        for (const PlannedStep &s : plan.steps()) {
            seqs << s.seq;
            attempts << s.attempt;
        }
        QCOMPARE(seqs, (QList<int>{0, 1, 2, 3, 4}));
        QCOMPARE(attempts, (QList<int>{1, 1, 2, 1, 1}));
    }

    void refusesValuesOutsideTheEngineLimits() {
        const qsizetype runsBefore = m_store.listRuns()->size();
        Run run = burstByClone(1, 50);
        run.spec.axes[0] = axis(QStringLiteral("burst"), {0, 1});
        auto r = runner();
        QVERIFY(!r->start(run));
        QCOMPARE(r->outcome(), SweepRunner::Outcome::Refused);
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
