// Sweeps on the real engine on a host made noisy on purpose: busy loops
// pinned with taskset to the CPU of the TX lcore (the engine gets --lcores
// 0,1, so its TX lcore runs on CPU 1) take the TX thread's CPU, and the
// repetitions are marked disturbed with a CPU share a fair scheduler bounds
// (no quiet baseline: a shared host has none); the load watch sees the loops and the run's
// checklist says so; --rerun-disturbed runs such a repetition again up to
// the limit; and --reps auto stops at the target or at the maximum.
#include "CpuHogs.h"
#include "exchange/NetdevExport.h"
#include "host/CheckResult.h"
#include "host/LoadVerdict.h"
#include "store/RunStore.h"
#include "sweep/LoadWatch.h"
#include "sweep/SweepRunner.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <sched.h>

using namespace burstlab;

namespace {

const QString kBinDir = QStringLiteral(BURSTLAB_BIN_DIR);
constexpr int kTxCpu = 1;
// Three loops beside the TX thread leave it at most a quarter of its CPU
// (a fair scheduler shares it among four), whatever else the host runs.
constexpr int kHogs = 3;

Run burstSweep(const QList<qint64> &bursts, int reps, int durationMs) {
    Run run;
    run.name = QStringLiteral("noisy host");
    run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    run.spec.engine.memoryMb = 256;
    Axis axis{QStringLiteral("burst"), {}};
    for (qint64 b : bursts)
        axis.values << AxisValue(b);
    run.spec.axes = {axis};
    run.spec.reps = reps;
    run.spec.durationMs = durationMs;
    run.spec.warmupMs = 20;
    return run;
}

// The main lcore on CPU 0 and the TX lcore on CPU 1.
Run onTxCpu(int reps, int durationMs) {
    Run run = burstSweep({32}, reps, durationMs);
    run.spec.engine.lcores = QStringLiteral("0,%1").arg(kTxCpu);
    return run;
}

cpu_set_t usableCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    sched_getaffinity(0, sizeof set, &set);
    return set;
}

// Why this host cannot pin a TX lcore and a hog to CPU 1 beside CPU 0, or
// an empty string.
QString cannotPin() {
    const cpu_set_t set = usableCpus();
    if (!CPU_ISSET(0, &set) || !CPU_ISSET(kTxCpu, &set))
        return QStringLiteral("needs CPUs 0 and 1 (the engine's main lcore on CPU 0, its TX lcore "
                              "and the hogs on CPU 1); this test may run on %1 CPU(s)")
            .arg(CPU_COUNT(&set));
    if (!CpuHogs::canPin())
        return QStringLiteral("needs taskset (util-linux) to pin the hogs to CPU 1");
    return {};
}

// A checklist of the one item the load watch judges, as probed at the start.
HostRecord quietStart(const ProbeContext &, const QJsonObject &) {
    CheckResult item;
    item.id = LoadVerdict::kItemId;
    item.title = QStringLiteral("Nothing else running");
    item.status = CheckStatus::Pass;
    item.current = QStringLiteral("load 0.00 on 2 CPUs, 0 other busy");
    return {CheckResult::toJsonArray({item}), {}};
}

double median(QList<double> values) {
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values[values.size() / 2];
}

} // namespace

class TestNoisyHost : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    RunStore m_store;

    // Runs the sweep to its end into data; false, with the reason in
    // m_failure, when it did not complete (the caller's QVERIFY2 fails only
    // that test function).
    bool sweep(const Run &run, RunData &data) {
        SweepRunner r(m_store);
        r.setEngineDir(kBinDir);
        r.setHostProbe(quietStart);
        r.setLoadInterval(100);
        QSignalSpy finished(&r, &SweepRunner::finished);
        if (!r.start(run) || !finished.wait(60000)) {
            m_failure = QStringLiteral("the sweep did not finish: %1").arg(r.errorString());
            return false;
        }
        if (r.outcome() != SweepRunner::Outcome::Completed) {
            m_failure = QStringLiteral("the sweep failed: %1").arg(r.errorString());
            return false;
        }
        const auto stored = m_store.loadRunData(r.runId());
        m_failure = stored ? QString() : m_store.lastError();
        if (stored)
            data = *stored;
        return stored.has_value();
    }
    QString m_failure;

    static QList<double> cpuShares(const RunData &data) {
        QList<double> shares;
        for (const StepResult &s : data.results()) {
            if (const auto t = s.measured ? s.measured->thread : std::nullopt)
                shares << t->minCpuShare;
        }
        return shares;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_store.open(m_dir.filePath(QStringLiteral("noisy.sqlite"))));
    }

    // Where every CPU it may use sends, the load watch takes no sample on
    // its timer nor at its start (either would land inside a window on the
    // senders' CPU), only one after each step; with a CPU to itself it
    // samples at once and on its timer.
    void loadWatchSharingTheSendersCpusSamplesBetweenSteps() {
        cpu_set_t set;
        CPU_ZERO(&set);
        QVERIFY(sched_getaffinity(0, sizeof set, &set) == 0);
        QList<int> every;
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (CPU_ISSET(cpu, &set))
                every << cpu;
        }
        LoadWatch shared;
        QSignalSpy sharedSamples(&shared, &LoadWatch::sampled);
        shared.start(every, {}, QStringLiteral("/"), 10);
        // The watch emits from its own thread, maybe before a wait() would
        // begin: the count is polled, not waited on.
        shared.sampleBetweenSteps();
        QTRY_COMPARE_WITH_TIMEOUT(sharedSamples.size(), 1, 10000);
        shared.sampleBetweenSteps();
        QTRY_COMPARE_WITH_TIMEOUT(sharedSamples.size(), 2, 10000);
        // A 10 ms timer would add several in this time.
        QTest::qWait(50);
        QCOMPARE(sharedSamples.size(), 2);
        shared.stop();

        if (every.size() < 2)
            return;
        LoadWatch own;
        QSignalSpy ownSamples(&own, &LoadWatch::sampled);
        own.start({every.first()}, {}, QStringLiteral("/"), 10);
        QTRY_VERIFY_WITH_TIMEOUT(ownSamples.size() >= 3, 10000);
        own.stop();
    }

    void hogOnTheTxCpuDisturbsTheStep() {
        if (const QString why = cannotPin(); !why.isEmpty())
            QSKIP(qPrintable(why));
        RunData hogged;
        QList<qint64> hogPids;
        {
            CpuHogs hogs(kHogs, kTxCpu);
            QVERIFY(hogs.running());
            hogPids = hogs.pids();
            QVERIFY2(sweep(onTxCpu(2, 300), hogged), qPrintable(m_failure));
        }
        // No quiet sweep to compare with: on a shared host there is none.
        // A fair scheduler gives the TX thread a quarter of its CPU beside
        // the loops, and whatever else runs there only takes more; half is
        // a bound no undisturbed thread comes near.
        const QList<double> hoggedShares = cpuShares(hogged);
        QCOMPARE(hoggedShares.size(), 2);
        const QString shares = QStringLiteral("CPU share with %1 hogs on CPU %2: %3")
                                   .arg(kHogs)
                                   .arg(kTxCpu)
                                   .arg(median(hoggedShares));
        qInfo("%s", qPrintable(shares));
        QVERIFY2(median(hoggedShares) < 0.5, qPrintable(shares));
        for (const StepResult &s : hogged.results()) {
            QCOMPARE(toString(s.status), toString(RunStatus::Completed));
            QCOMPARE(s.measured->lcores.first().thread->cpu, kTxCpu);
            QVERIFY(RepetitionNoise::of(s, hogged.run.spec.noise).disturbed);
            // The CPU-time rate is the rate the thread kept while it ran.
            const auto t = s.measured->thread;
            QVERIFY2(t->cpuPps > s.effectivePps(),
                     qPrintable(QStringLiteral("%1 per CPU second, %2 per second")
                                    .arg(t->cpuPps)
                                    .arg(s.effectivePps())));
            QVERIFY(t->involuntarySwitches > 0);
        }
        const PointStats stats = PointStats::ofRun(hogged).first();
        QCOMPARE(stats.disturbance.disturbed, 2);
        QVERIFY2(stats.disturbance.text().startsWith(
                     QStringLiteral("2 of 2 repetitions disturbed (TX core on CPU ")),
                 qPrintable(stats.disturbance.text()));
        QVERIFY(NetdevExport::run(hogged).contains(QStringLiteral("[2 disturbed]")));

        // The load watch saw the hogs on the TX CPU, and the checklist says so.
        int seen = 0;
        for (const LoadSample &sample : hogged.loadSamples) {
            seen += std::any_of(
                sample.onTxCpus.begin(), sample.onTxCpus.end(), [&](const QString &task) {
                    return task.contains(QStringLiteral("(%1) on CPU 1").arg(hogPids.first()));
                });
        }
        QVERIFY2(seen > 0, qPrintable(QStringLiteral("%1 samples").arg(hogged.loadSamples.size())));
        const CheckResult item = CheckResult::fromJson(hogged.run.checklist.first().toObject());
        QVERIFY2(item.status == CheckStatus::Fail || item.status == CheckStatus::Warn,
                 qPrintable(item.current));
        QVERIFY2(item.current.startsWith(QStringLiteral("during the run: ")),
                 qPrintable(item.current));
        QVERIFY(item.detail.contains(QStringLiteral("at its start: load 0.00")));
    }

    // With the hogs there all along, every attempt is disturbed: the
    // repetition is run three times in all and the last attempt stands.
    void rerunDisturbedRepeatsUpToTheLimit() {
        if (const QString why = cannotPin(); !why.isEmpty())
            QSKIP(qPrintable(why));
        Run run = onTxCpu(1, 150);
        run.spec.noise.rerunDisturbed = true;
        RunData data;
        {
            CpuHogs hogs(kHogs, kTxCpu);
            QVERIFY(hogs.running());
            QVERIFY2(sweep(run, data), qPrintable(m_failure));
        }
        QCOMPARE(data.steps.size(), SweepRunner::kMaxAttempts);
        for (qsizetype i = 0; i < data.steps.size(); ++i) {
            QCOMPARE(data.steps[i].result.rep, 0);
            QCOMPARE(data.steps[i].result.seq, int(i));
        }
        const PointStats stats = PointStats::ofRun(data).first();
        QCOMPARE(stats.disturbance.replaced, SweepRunner::kMaxAttempts - 1);
        QCOMPARE(stats.disturbance.repetitions, 1);
        QCOMPARE(stats.ppsSummary.n, 1);
        QCOMPARE(stats.pps.first(), data.steps.last().result.effectivePps());
        QVERIFY2(
            stats.disturbance.text().endsWith(QStringLiteral("2 disturbed attempts run again")),
            qPrintable(stats.disturbance.text()));
        // Left out of the statistics, the point has no figure, and says why.
        StatsOptions exclude;
        exclude.excludeDisturbed = true;
        const PointStats out = PointStats::ofRun(data, exclude).first();
        QVERIFY(!out.ppsFigure);
        QVERIFY(out.warnings.contains(QStringLiteral("no valid repetition")));
        QVERIFY(out.disturbance.text().contains(QStringLiteral("left out of the statistics")));
    }

    // --reps auto on the engine: a loose target stops every point at the
    // minimum, a target no host meets stops them at the maximum, and the
    // outputs name those points.
    void untilPreciseStopsAtTheTargetOrTheMaximum() {
        if (const cpu_set_t set = usableCpus(); CPU_COUNT(&set) < 2)
            QSKIP("the engine needs two CPUs, a main lcore and a TX lcore");
        Run run = burstSweep({8, 32}, PrecisionTarget::kMinReps, 60);
        run.spec.untilPrecise = PrecisionTarget{};
        run.spec.untilPrecise->maxReps = 4;
        run.spec.untilPrecise->ns = PrecisionTarget::kMaxNs; // a millisecond per packet
        // Counted by repetition: on a busy host an attempt may be invalid and run again.
        RunData loose;
        QVERIFY2(sweep(run, loose), qPrintable(m_failure));
        for (const PointStats &s : PointStats::ofRun(loose)) {
            QVERIFY(s.precision.reached());
            QCOMPARE(s.precision.run, PrecisionTarget::kMinReps);
        }

        run.spec.untilPrecise->ns.reset();
        run.spec.untilPrecise->share = 0.00001;
        RunData tight;
        QVERIFY2(sweep(run, tight), qPrintable(m_failure));
        const QList<PointStats> stats = PointStats::ofRun(tight);
        QCOMPARE(stats.size(), 2);
        for (const PointStats &s : stats) {
            QCOMPARE(s.precision.run, 4);
            QCOMPARE(int(s.precision.state), int(Precision::State::MaxReached));
            QVERIFY(s.warnings.contains(s.precision.warning()));
        }
        const QString text = NetdevExport::run(tight).simplified(); // unwrapped
        QVERIFY2(text.contains(QStringLiteral("2 points reached the maximum of 4 repetitions "
                                              "without it")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Measured: 3..4 reps until the 95% CI of ns/pkt")),
                 qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestNoisyHost)
#include "tst_noisy_host.moc"
