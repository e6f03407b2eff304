// Noise-aware sweeps without DPDK: which repetitions are disturbed and how
// every output counts them (Disturbance), the stopping rule of "--reps auto"
// (Precision) and the rounds it plans (SweepPlan), also across a resume,
// the thread figures of a finished message (StepThreadFigures), the settings'
// rules, and the load watch's probe and verdict on fake /proc trees.
#include "host/CheckResult.h"
#include "host/LoadProbe.h"
#include "host/LoadVerdict.h"
#include "stats/PointStats.h"
#include "sweep/SweepPlan.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace burstlab;

namespace {

// The "thread" object of a finished message.
QJsonObject threadFigures(double share, std::optional<double> steal = 0.0) {
    return {{"lcores", 1},
            {"wall_ns", 80000000},
            {"on_cpu_ns", qint64(80000000 * share)},
            {"min_cpu_share", share},
            {"involuntary_switches", share < 1 ? 40 : 0},
            {"voluntary_switches", 0},
            {"steal_ns", steal ? QJsonValue(qint64(80000000 * *steal)) : QJsonValue()},
            {"max_steal_share", steal ? QJsonValue(*steal) : QJsonValue()},
            {"cpu_pps", 9e6},
            {"cpu_ns_per_pkt", 1e9 / 9e6}};
}

StepResult rep(qint64 burst, int repIndex, int seq, double pps, std::optional<QJsonObject> t = {},
               RunStatus status = RunStatus::Completed) {
    StepResult r;
    r.point = Point{{AxisValue(burst)}};
    r.rep = repIndex;
    r.seq = seq;
    r.pps = pps;
    r.status = status;
    if (t) {
        StepFinished f;
        f.thread = StepThreadFigures::fromJson(*t, nullptr);
        r.measured = f;
    }
    return r;
}

SweepSpec burstSpec(const QList<qint64> &bursts, bool randomize = true) {
    SweepSpec spec;
    spec.axes = {Axis{QStringLiteral("burst"), {}}};
    for (qint64 b : bursts)
        spec.axes.first().values << AxisValue(b);
    spec.seed = 99;
    spec.randomize = randomize;
    return spec;
}

// The adaptive loop as SweepRunner drives it, without an engine: every
// planned step "measures" the next value of its point's fixture; when the
// plan runs out, the points whose precision needs more get a round. A stop
// after stopAfter steps, then a plan made again from what is stored,
// stands for an interrupted and resumed sweep.
QList<StepResult> runUntilPrecise(const SweepSpec &spec,
                                  const QHash<qint64, QList<double>> &fixture, int stopAfter = -1) {
    QList<StepResult> done;
    SweepPlan plan = SweepPlan::make(spec);
    const StatsOptions options = [&] {
        StatsOptions o;
        o.untilPrecise = spec.untilPrecise;
        return o;
    }();
    for (qsizetype i = 0;; ++i) {
        if (i == stopAfter) {
            plan = SweepPlan::make(spec, done);
            i = -1;
            stopAfter = -1;
            continue;
        }
        if (i >= plan.steps().size()) {
            QList<Point> needMore;
            for (const PointStats &s : PointStats::compute(done, spec.points(), options)) {
                if (s.precision.state == Precision::State::NeedsMore)
                    needMore << s.point;
            }
            if (needMore.isEmpty() || plan.addRound(spec, needMore, done) == 0)
                break;
        }
        const PlannedStep &p = plan.steps().at(i);
        const qint64 burst = p.point.values.first().number();
        done << rep(burst, p.rep, p.seq, fixture.value(burst).value(p.rep));
    }
    return done;
}

int repsAt(const QList<StepResult> &steps, qint64 burst) {
    return int(std::count_if(steps.begin(), steps.end(), [&](const StepResult &s) {
        return s.point.values.first().number() == burst;
    }));
}

// A fake /proc: tasks as {pid, tid, comm, state, cpu}, and a load average.
struct FakeTask {
    int pid;
    int tid;
    QString comm;
    char state;
    int cpu;
};

void writeProc(const QString &root, const QList<FakeTask> &tasks, double load) {
    QDir().mkpath(root + "/proc");
    QFile loadavg(root + "/proc/loadavg");
    QVERIFY(loadavg.open(QIODevice::WriteOnly));
    loadavg.write(QStringLiteral("%1 0.50 0.40 2/300 4242\n").arg(load, 0, 'f', 2).toUtf8());
    for (const FakeTask &t : tasks) {
        const QString dir = QStringLiteral("%1/proc/%2/task/%3").arg(root).arg(t.pid).arg(t.tid);
        QDir().mkpath(dir);
        // Fields after the state up to processor (field 39): 35 of them.
        QStringList fields{QString(QChar(t.state))};
        for (int f = 4; f < 39; ++f)
            fields << QStringLiteral("0");
        fields << QString::number(t.cpu) << QStringLiteral("0 0 0");
        QFile stat(dir + "/stat");
        QVERIFY(stat.open(QIODevice::WriteOnly));
        stat.write(
            QStringLiteral("%1 (%2) %3\n").arg(t.tid).arg(t.comm, fields.join(' ')).toUtf8());
    }
}

QJsonArray checklistWithLoadItem() {
    CheckResult item;
    item.id = LoadVerdict::kItemId;
    item.title = QStringLiteral("Nothing else running");
    item.status = CheckStatus::Pass;
    item.current = QStringLiteral("load 0.10 on 2 CPUs, 0 other busy");
    item.note = QStringLiteral("Idle machine, nothing else running");
    item.values = {{QStringLiteral("load1"), 0.1},
                   {QStringLiteral("cpus"), 2},
                   {QStringLiteral("busy"), 0},
                   {QStringLiteral("max_pass_load"), 0.5}};
    CheckResult other;
    other.id = QStringLiteral("governor");
    other.status = CheckStatus::Warn;
    return CheckResult::toJsonArray({item, other});
}

// Our one TX lcore spins on CPU 1 beside whatever else is seen.
LoadSample sampleSeeing(bool onTx, int elsewhere, double load) {
    LoadSample s;
    s.load1 = load;
    s.cpus = {1};
    s.ownRunning = 1;
    if (onTx)
        s.onTxCpus << QStringLiteral("cc1plus (4123) on CPU 1");
    s.elsewhere = elsewhere;
    return s;
}

} // namespace

class TestNoise : public QObject {
    Q_OBJECT

  private slots:
    void threadFiguresAreReadStrictly() {
        QString error;
        const auto t = StepThreadFigures::fromJson(threadFigures(0.71, 0.04), &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->minCpuShare, 0.71);
        QCOMPARE(*t->maxStealShare, 0.04);
        // Steal is null on a kernel without it, and then unknown, not 0.
        const auto noSteal = StepThreadFigures::fromJson(threadFigures(0.99, std::nullopt), &error);
        QVERIFY(noSteal);
        QVERIFY(!noSteal->maxStealShare && !noSteal->stealNs);
        QJsonObject missing = threadFigures(0.5);
        missing.remove("involuntary_switches");
        QVERIFY(!StepThreadFigures::fromJson(missing, &error));
        QVERIFY2(error.contains("involuntary_switches"), qPrintable(error));
        QJsonObject wrong = threadFigures(0.5);
        wrong.insert("min_cpu_share", "half");
        QVERIFY(!StepThreadFigures::fromJson(wrong, &error));
        QVERIFY2(error.contains("min_cpu_share"), qPrintable(error));
    }

    void disturbedByCpuShareOrSteal_data() {
        QTest::addColumn<double>("share");
        QTest::addColumn<double>("steal");
        QTest::addColumn<bool>("disturbed");
        QTest::newRow("on CPU all the window") << 1.0 << 0.0 << false;
        QTest::newRow("at the threshold") << 0.98 << 0.0 << false;
        QTest::newRow("just below it") << 0.9799 << 0.0 << true;
        QTest::newRow("hog beside it") << 0.5 << 0.0 << true;
        QTest::newRow("steal at 1%") << 0.995 << 0.01 << false;
        QTest::newRow("steal above 1%") << 0.995 << 0.0101 << true;
    }
    void disturbedByCpuShareOrSteal() {
        QFETCH(double, share);
        QFETCH(double, steal);
        QFETCH(bool, disturbed);
        const NoisePolicy policy;
        QCOMPARE(
            RepetitionNoise::of(rep(8, 0, 0, 1e6, threadFigures(share, steal)), policy).disturbed,
            disturbed);
        // An invalid repetition is never judged; an unmeasured one never disturbed.
        QVERIFY(
            !RepetitionNoise::of(rep(8, 0, 0, 1e6, threadFigures(0.1), RunStatus::Invalid), policy)
                 .disturbed);
        QVERIFY(!RepetitionNoise::of(rep(8, 0, 0, 1e6), policy).thread);
    }

    // "burst=24: 2 of 5 repetitions disturbed (TX core on CPU 71%, steal 4%)"
    void pointSaysHowManyAndByHowMuch() {
        const QList<StepResult> steps{rep(24, 0, 0, 10e6, threadFigures(0.999)),
                                      rep(24, 1, 1, 7e6, threadFigures(0.71, 0.04)),
                                      rep(24, 2, 2, 10.1e6, threadFigures(1.0)),
                                      rep(24, 3, 3, 9e6, threadFigures(0.934, 0.0)),
                                      rep(24, 4, 4, 10.2e6, threadFigures(0.99))};
        const QList<PointStats> stats = PointStats::compute(steps);
        const PointStats &s = stats.first();
        QCOMPARE(s.disturbance.repetitions, 5);
        QCOMPARE(s.disturbance.measured, 5);
        QCOMPARE(s.disturbance.disturbed, 2);
        QCOMPARE(s.disturbance.text(), QStringLiteral("2 of 5 repetitions disturbed (TX core on "
                                                      "CPU 71.0-93.4%, steal 0.0-4.0%)"));
        QVERIFY(s.warnings.contains(s.disturbance.text()));
        // Disturbed repetitions still count unless the policy leaves them out.
        QCOMPARE(s.ppsSummary.n, 5);
        QCOMPARE(*s.ppsFigure, qint64(10e6));

        StatsOptions exclude;
        exclude.excludeDisturbed = true;
        const PointStats out = PointStats::compute(steps, {}, exclude).first();
        QCOMPARE(out.ppsSummary.n, 3);
        QCOMPARE(*out.ppsFigure, qint64(10.1e6));
        QVERIFY2(out.disturbance.text().endsWith(", left out of the statistics"),
                 qPrintable(out.disturbance.text()));
        QCOMPARE(out.disturbance.perStep.size(), 5);
        QVERIFY(out.disturbance.perStep[1].disturbed);
    }

    // A disturbed attempt that was run again is replaced by the later
    // attempt of the same repetition: it is not a repetition, and it says so.
    void attemptsRunAgainAreReplaced() {
        const QList<StepResult> steps{
            rep(8, 0, 0, 1e6, threadFigures(0.4)),   // replaced by seq 1
            rep(8, 0, 1, 2e6, threadFigures(0.45)),  // replaced by seq 3
            rep(8, 1, 2, 10e6, threadFigures(1.0)),  // clean
            rep(8, 0, 3, 9.9e6, threadFigures(0.6)), // the last attempt: stays, disturbed
            rep(8, 2, 4, 0, {}, RunStatus::Invalid), rep(8, 2, 5, 10.1e6, threadFigures(1.0))};
        const PointStats s = PointStats::compute(steps).first();
        QCOMPARE(s.disturbance.replaced, 2);
        QCOMPARE(s.disturbance.repetitions, 3);
        QCOMPARE(s.disturbance.disturbed, 1);
        QCOMPARE(s.pps, (QList<double>{9.9e6, 10e6, 10.1e6})); // by repetition
        QCOMPARE(s.invalid, 1);
        QCOMPARE(s.disturbance.text(),
                 QStringLiteral("1 of 3 repetitions disturbed (TX core on CPU 60.0%, steal "
                                "0.0%); 2 disturbed attempts run again"));
        QVERIFY(s.disturbance.perStep[0].replaced && s.disturbance.perStep[1].replaced);
        QVERIFY(!s.disturbance.perStep[2].replaced && s.disturbance.perStep[2].disturbed);
        // Runs without thread figures (older engines, imports) have nothing to say.
        const PointStats plain = PointStats::compute({rep(8, 0, 0, 1e6)}).first();
        QCOMPARE(plain.disturbance.measured, 0);
        QVERIFY(plain.disturbance.text().isEmpty());
    }

    void stoppingRule_data() {
        QTest::addColumn<QList<double>>("pps");
        QTest::addColumn<int>("maxReps");
        QTest::addColumn<int>("state");
        // ns 100, 100.1, 99.9: s = 0.1, width = 2 * 4.303 * 0.1 / sqrt(3) = 0.497 ns < 1 ns.
        QTest::newRow("tight at 3")
            << QList<double>{1e7, 1e9 / 100.1, 1e9 / 99.9} << 10 << int(Precision::State::Reached);
        QTest::newRow("two are never enough")
            << QList<double>{1e7, 1e7} << 10 << int(Precision::State::NeedsMore);
        QTest::newRow("noisy, room left")
            << QList<double>{1e7, 8e6, 1.2e7} << 10 << int(Precision::State::NeedsMore);
        QTest::newRow("noisy at the maximum")
            << QList<double>{1e7, 8e6, 1.2e7, 9e6, 1.1e7} << 5 << int(Precision::State::MaxReached);
    }
    void stoppingRule() {
        QFETCH(QList<double>, pps);
        QFETCH(int, maxReps);
        QFETCH(int, state);
        PrecisionTarget target;
        target.maxReps = maxReps;
        const Precision p = Precision::of(pps, target);
        QCOMPARE(int(p.state), state);
        if (p.state == Precision::State::Reached) {
            QVERIFY(std::abs(p.widthNs - 2 * 4.302653 * 0.1 / std::sqrt(3.0)) < 1e-4);
            QVERIFY(std::abs(p.targetNs - 1.0) < 1e-9);
            QVERIFY(p.warning().isEmpty());
        }
        if (p.state == Precision::State::MaxReached)
            QVERIFY2(p.warning().startsWith("precision ") &&
                         p.warning().endsWith("(target 1.00%) in 5 repetitions, the maximum"),
                     qPrintable(p.warning()));
        // An absolute target: the same tight point against 0.4 ns is not there yet.
        target.ns = 0.4;
        if (state == int(Precision::State::Reached))
            QCOMPARE(int(Precision::of(pps, target).state), int(Precision::State::NeedsMore));
    }

    // The adaptive loop: a quiet point stops at the target, a noisy one at
    // the maximum; the order stays seeded, and a resumed sweep ends alike.
    void adaptiveLoopStopsAtTargetOrMaximum() {
        SweepSpec spec = burstSpec({8, 32});
        spec.untilPrecise = PrecisionTarget{};
        spec.untilPrecise->maxReps = 8;
        spec.reps = PrecisionTarget::kMinReps;
        // burst=8 in ns: 100, 100.5, 99.5 (CI 2.48 ns wide), 100 (1.30 ns),
        // 100 (0.88 ns): precise at the fifth repetition.
        const QHash<qint64, QList<double>> fixture{
            {8, {1e7, 1e9 / 100.5, 1e9 / 99.5, 1e7, 1e7, 1e7, 1e7, 1e7}},
            {32, {2e7, 1.5e7, 2.5e7, 1.8e7, 2.2e7, 1.6e7, 2.4e7, 1.7e7, 2.3e7, 2e7}}};
        const QList<StepResult> done = runUntilPrecise(spec, fixture);
        QCOMPARE(repsAt(done, 8), 5);
        QCOMPARE(repsAt(done, 32), 8);
        StatsOptions options;
        options.untilPrecise = spec.untilPrecise;
        const QList<PointStats> stats = PointStats::compute(done, spec.points(), options);
        QVERIFY(stats[0].precision.reached());
        QVERIFY(stats[0].precision.share < 0.01);
        QCOMPARE(int(stats[1].precision.state), int(Precision::State::MaxReached));
        QVERIFY(stats[1].warnings.contains(stats[1].precision.warning()));
        // Repetition numbers and seqs run on without gaps or repeats.
        QSet<QString> keys;
        for (qsizetype i = 0; i < done.size(); ++i) {
            QCOMPARE(done[i].seq, int(i));
            keys.insert(done[i].point.key() + '#' + QString::number(done[i].rep));
        }
        QCOMPARE(keys.size(), done.size());
        // The same seed gives the same order; an interrupted and resumed
        // sweep (stopped in its second round) ends with the same repetitions.
        QCOMPARE(runUntilPrecise(spec, fixture), done);
        const QList<StepResult> resumed = runUntilPrecise(spec, fixture, 7);
        QCOMPARE(repsAt(resumed, 8), 5);
        QCOMPARE(repsAt(resumed, 32), 8);
    }

    // Invalid repetitions count towards the maximum, so a point that never
    // gives a valid repetition cannot keep a sweep going.
    void invalidRepetitionsCountTowardsTheMaximum() {
        PrecisionTarget target;
        target.maxReps = 4;
        const Precision p = Precision::of({1e7, 1.2e7}, target, 4);
        QCOMPARE(int(p.state), int(Precision::State::MaxReached));
        QVERIFY(p.warning().contains("in 4 repetitions"));
    }

    // Resuming a run whose last repetition was disturbed runs it again when
    // the policy says so, with its attempts counted.
    void resumeRunsDisturbedRepetitionsAgain() {
        SweepSpec spec = burstSpec({8}, false);
        spec.reps = 2;
        const QList<StepResult> done{rep(8, 0, 0, 1e7, threadFigures(1.0)),
                                     rep(8, 1, 1, 5e6, threadFigures(0.5))};
        QCOMPARE(SweepPlan::make(spec, done).steps().size(), 0);
        spec.noise.rerunDisturbed = true;
        const SweepPlan again = SweepPlan::make(spec, done);
        QCOMPARE(again.steps().size(), 1);
        QCOMPARE(again.steps().first().rep, 1);
        QCOMPARE(again.steps().first().attempt, 2);
        QCOMPARE(again.steps().first().seq, 2);
        // Once it had all its attempts it stands.
        const QList<StepResult> tried{
            rep(8, 0, 0, 1e7, threadFigures(1.0)), rep(8, 1, 1, 5e6, threadFigures(0.5)),
            rep(8, 1, 2, 5e6, threadFigures(0.5)), rep(8, 1, 3, 5e6, threadFigures(0.5))};
        QCOMPARE(SweepPlan::make(spec, tried).steps().size(), 0);
    }

    void settingsAreCheckedByField() {
        NoisePolicy noise;
        QVERIFY(noise.problems().isEmpty());
        noise.minCpuShare = 1.5;
        QCOMPARE(noise.problems().size(), 1);
        QCOMPARE(noise.problems().first().field, QStringLiteral("min_cpu_share"));
        QCOMPARE(noise.problems().first().message,
                 QStringLiteral("must be a share in 0..1, got 1.5"));
        PrecisionTarget target;
        QVERIFY(target.problems().isEmpty());
        target.maxReps = 2;
        target.ns = 0;
        const QList<FieldProblem> problems = target.problems();
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems[0].text(),
                 QStringLiteral("max_reps: must be an integer in 3..1000, got 2"));
        QCOMPARE(problems[1].field, QStringLiteral("precision_ns"));

        // Both are stored with the run's sweep and read back; runs stored
        // before them read the defaults.
        SweepSpec spec = burstSpec({1});
        spec.noise.rerunDisturbed = true;
        spec.noise.minCpuShare = 0.95;
        spec.untilPrecise = PrecisionTarget{};
        spec.untilPrecise->ns = 0.05;
        QString error;
        QCOMPARE(*SweepSpec::fromJson(spec.toJson(), &error), spec);
        QJsonObject old = spec.toJson();
        old.remove("noise");
        old.remove("until_precise");
        const auto before = SweepSpec::fromJson(old, &error);
        QVERIFY(before && before->noise == NoisePolicy{} && !before->untilPrecise);
        QJsonObject bad = spec.toJson();
        bad.insert("until_precise", QJsonObject{{"max_reps", 1}});
        QVERIFY(!SweepSpec::fromJson(bad, &error));
        QVERIFY2(error.contains("max_reps"), qPrintable(error));
        QCOMPARE(spec.describe(), QStringLiteral("burst=1; 3..10 reps until precise x 1000 ms"));
    }

    // The probe counts runnable tasks not ours on the TX CPUs by the CPU
    // they run or wait on; ours and sleeping ones do not count.
    void loadProbeSeesOthersOnTheTxCpus() {
        QTemporaryDir dir;
        writeProc(dir.path(),
                  {{100, 100, "cc1plus", 'R', 1},
                   {100, 101, "cc1plus", 'S', 1},
                   {200, 200, "make", 'R', 0},
                   {300, 300, "burstlab-engine", 'S', 0},
                   {300, 301, "lcore-worker-1", 'R', 1},
                   {400, 400, "my (odd) name", 'R', 1},
                   {500, 500, "sleeper", 'S', 1}},
                  2.5);
        const LoadSample s = LoadProbe::sample(HostFs(dir.path()), {1}, {300});
        QCOMPARE(s.load1, 2.5);
        QCOMPARE(s.onTxCpus,
                 (QStringList{"cc1plus (100) on CPU 1", "my (odd) name (400) on CPU 1"}));
        QCOMPARE(s.elsewhere, 1);
        QCOMPARE(s.ownRunning, 1);
        QVERIFY(s.busy());
        QVERIFY(s.at.isValid());
        QString error;
        QCOMPARE(*LoadSample::fromJson(s.toJson(), &error), s);
        const LoadSample quiet = LoadProbe::sample(HostFs(dir.path()), {3}, {100, 300, 400});
        QVERIFY(!quiet.busy());
        QCOMPARE(quiet.elsewhere, 1); // make on CPU 0
    }

    // "Nothing else running" is judged from what was seen during the run,
    // and says so.
    void checklistIsJudgedFromTheRun() {
        const QJsonArray start = checklistWithLoadItem();
        QCOMPARE(LoadVerdict::judged(start, {}), start);
        const auto itemOf = [](const QJsonArray &list) {
            return CheckResult::fromJson(list[0].toObject());
        };
        const CheckResult quiet = itemOf(
            LoadVerdict::judged(start, {sampleSeeing(false, 0, 1.1), sampleSeeing(false, 0, 1.2)}));
        QCOMPARE(quiet.status, CheckStatus::Pass);
        QVERIFY(quiet.current.startsWith("during the run: tasks not ours runnable on a TX CPU in 0 "
                                         "of 2 samples"));
        QVERIFY2(quiet.detail.endsWith("at its start: load 0.10 on 2 CPUs, 0 other busy"),
                 qPrintable(quiet.detail));
        QCOMPARE(quiet.note, QStringLiteral("Idle machine, nothing else running (watched during "
                                            "the run: load not ours below 0.50, no other task on "
                                            "the TX CPUs)"));
        QVERIFY2(quiet.detail.contains("load not ours below 0.50; fail: a TX CPU shared in half "
                                       "the samples or more, or a load not ours of 2 (the CPUs) "
                                       "or more"),
                 qPrintable(quiet.detail));
        // Nothing seen on the TX CPU, yet a host loaded far past its CPUs
        // (load 20.75-24.16 on 2 CPUs, as reported) is not idle.
        const CheckResult loaded = itemOf(LoadVerdict::judged(
            start, {sampleSeeing(false, 0, 20.75), sampleSeeing(false, 0, 24.16)}));
        QCOMPARE(loaded.status, CheckStatus::Fail);
        QVERIFY2(loaded.current.endsWith("load 20.75-24.16, not ours up to 23.16"),
                 qPrintable(loaded.current));
        QVERIFY(loaded.setupNote().isEmpty());
        // A load not ours past the idle limit only warns.
        QCOMPARE(itemOf(LoadVerdict::judged(start, {sampleSeeing(false, 0, 1.7)})).status,
                 CheckStatus::Warn);
        const CheckResult once = itemOf(
            LoadVerdict::judged(start, {sampleSeeing(true, 0, 1.5), sampleSeeing(false, 0, 1.5),
                                        sampleSeeing(false, 0, 1.4)}));
        QCOMPARE(once.status, CheckStatus::Warn);
        QVERIFY2(once.current.contains("in 1 of 3 samples (cc1plus (4123))"),
                 qPrintable(once.current));
        const CheckResult busy = itemOf(
            LoadVerdict::judged(start, {sampleSeeing(true, 1, 2.0), sampleSeeing(true, 1, 3.4)}));
        QCOMPARE(busy.status, CheckStatus::Fail);
        QVERIFY2(busy.current.endsWith("on other CPUs in 2; load 2.00-3.40, not ours up to 2.40"),
                 qPrintable(busy.current));
        QCOMPARE(busy.values.value("busy_samples").toInt(), 2);
        // Judged again (a resume that kept the checklist): the start is kept.
        const CheckResult twice = itemOf(
            LoadVerdict::judged(CheckResult::toJsonArray({busy}), {sampleSeeing(false, 0, 1.0)}));
        QVERIFY2(twice.detail.endsWith("at its start: load 0.10 on 2 CPUs, 0 other busy"),
                 qPrintable(twice.detail));
        // Other items are left as they were.
        QCOMPARE(LoadVerdict::judged(start, {sampleSeeing(true, 0, 2)})[1], start[1]);
    }
};

QTEST_GUILESS_MAIN(TestNoise)
#include "tst_noise.moc"
