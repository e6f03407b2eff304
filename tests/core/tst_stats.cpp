#include "stats/Delta.h"
#include "stats/Figure.h"
#include "stats/LineRate.h"
#include "stats/PointStats.h"
#include "stats/Summary.h"
#include "stats/Welch.h"
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <cmath>

using namespace burstlab;

namespace {

StepResult step(qint64 burst, double pps, RunStatus status = RunStatus::Completed) {
    StepResult r;
    r.point = Point{{AxisValue(burst)}};
    r.pps = pps;
    r.status = status;
    return r;
}

// Delta::between from the repetitions of two points.
std::optional<Delta> deltaOf(const QList<double> &reference, const QList<double> &current) {
    return Delta::between({*Figure::pps(reference), reference}, {*Figure::pps(current), current});
}

// A tested delta with this p, in the direction of the printed delta.
Delta tested(double p, int direction = 1) {
    Delta d;
    d.p = p;
    d.pHolm = p;
    d.tests = 1;
    d.direction = direction;
    return d;
}

// A completed repetition paced to target pps.
StepResult paced(qint64 rate, double pps) {
    StepResult r;
    r.point = Point{{AxisValue(rate)}};
    r.pps = pps;
    r.status = RunStatus::Completed;
    StepFinished f;
    f.params = QJsonObject{{"rate_pps", rate}};
    r.measured = f;
    return r;
}

} // namespace

class TestStats : public QObject {
    Q_OBJECT

  private slots:
    void summaryOfTextbookSample() {
        // Mean 5, sum of squares 32, s = sqrt(32/7); t(0.975, 7) = 2.364624.
        const Summary s = Summary::of({2, 4, 4, 4, 5, 5, 7, 9});
        QCOMPARE(s.n, 8);
        QCOMPARE(s.mean, 5.0);
        QCOMPARE(s.median, 4.5);
        QCOMPARE(s.min, 2.0);
        QCOMPARE(s.max, 9.0);
        QVERIFY(std::abs(s.stddev - std::sqrt(32.0 / 7)) < 1e-12);
        QVERIFY(std::abs(s.cv - std::sqrt(32.0 / 7) / 5) < 1e-12);
        const double half = 2.364624 * std::sqrt(32.0 / 7) / std::sqrt(8.0);
        QVERIFY(std::abs(s.ciLow - (5 - half)) < 1e-5);
        QVERIFY(std::abs(s.ciHigh - (5 + half)) < 1e-5);
    }

    void studentTFourDegreesOfFreedom() {
        // Five values: 4 dof, t(0.975, 4) = 2.776 from any t table.
        const Summary s = Summary::of({10, 12, 14, 16, 18});
        const double half = (s.ciHigh - s.ciLow) / 2;
        const double t = half / (s.stddev / std::sqrt(5.0));
        QVERIFY2(std::abs(t - 2.776) < 0.0005, qPrintable(QString::number(t, 'f', 6)));
        QCOMPARE(s.median, 14.0);
    }

    void tooFewValues() {
        const Summary one = Summary::of({7});
        QCOMPARE(one.n, 1);
        QCOMPARE(one.mean, 7.0);
        QCOMPARE(one.median, 7.0);
        QVERIFY(std::isnan(one.stddev));
        QVERIFY(std::isnan(one.ciLow));
        QVERIFY(std::isnan(Summary::of({}).mean));
    }

    void welchTextbookExample() {
        // Welch's t-test, example 1 of the Wikipedia article: t = 2.46,
        // dof = 25.0, two-sided p = 0.021 (b against a).
        const QList<double> a{27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                              21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
        const QList<double> b{27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                              24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
        const Welch w = Welch::test(a, b);
        QVERIFY(w.valid);
        QVERIFY(std::abs(w.diff - (22.986666666666668 - 20.82)) < 1e-9);
        QVERIFY(std::abs(w.t - 2.455356) < 1e-5);
        QVERIFY(std::abs(w.dof - 24.988529) < 1e-5);
        QVERIFY2(std::abs(w.p - 0.0214) < 0.0005, qPrintable(QString::number(w.p)));
        // diff -/+ t(0.975, 24.99) * se, t = 2.0595.
        QVERIFY(std::abs(w.ciLow - (w.diff - 2.0595 * w.se)) < 1e-3);
        QVERIFY(std::abs(w.ciHigh - (w.diff + 2.0595 * w.se)) < 1e-3);
        QVERIFY(!Welch::test({1}, {2, 3}).valid);
        QVERIFY(!Welch::test({1, 1}, {2, 2}).valid);
        // a step that sent nothing after its warm-up: 0 pps, inf ns per packet
        const double inf = std::numeric_limits<double>::infinity();
        QVERIFY(!Welch::test({10, 12}, {inf, 11}).valid);
        // variances so small that their squares underflow
        QVERIFY(!Welch::test({1e-85, 3e-85}, {2e-85, 5e-85}).valid);
    }

    void figures() {
        // The median, rounded to whole pps: the number every output prints.
        QCOMPARE(Figure::pps({5.00e6, 5.02e6, 4.98e6}).value_or(0), qint64(5000000));
        QCOMPARE(Figure::pps({1000001, 1000002}).value_or(0), qint64(1000002)); // 1000001.5
        QVERIFY(!Figure::pps({}));
        QVERIFY(!Figure::ns(0));
        QCOMPARE(Figure::ns(8000000).value_or(0), 125.0);
        // Seed 000's arithmetic.
        QVERIFY(std::abs(*Figure::deltaNs(5614370, 8945166) - 66.32215) < 1e-4);
        QCOMPARE(Figure::printed(-0.004), 0.0);
        QCOMPARE(Figure::printed(35.4577), 35.46);
    }

    void verdicts() {
        const QList<double> base{5.00e6, 5.02e6, 4.98e6};
        // 10% more pps, far outside the noise: fewer ns per packet.
        const Delta better = *deltaOf(base, {5.50e6, 5.52e6, 5.48e6});
        QCOMPARE(toString(better.verdict), "better");
        QVERIFY(better.ns > 0 && better.pps > 0);
        QVERIFY(better.nsCiLow > 0 && better.nsCiLow < better.nsCiHigh);
        // The delta is the one of the printed figures (the medians), not of the means.
        QCOMPARE(better.ns, 1e9 / 5.00e6 - 1e9 / 5.50e6);
        QCOMPARE(better.pps, qint64(500000));
        const Delta worse = *deltaOf(base, {4.50e6, 4.52e6, 4.48e6});
        QCOMPARE(toString(worse.verdict), "worse");
        QVERIFY(worse.ns < 0 && worse.pps < 0);
        const Delta noise = *deltaOf(base, {5.01e6, 4.97e6, 5.03e6});
        QCOMPARE(toString(noise.verdict), "within noise");
        QVERIFY(noise.nsCiLow < 0 && noise.nsCiHigh > 0);
        const Delta single = *deltaOf({5614370}, {5571279});
        QCOMPARE(toString(single.verdict), "insufficient");
        QVERIFY(std::abs(single.ns - (1e9 / 5614370 - 1e9 / 5571279)) < 1e-12);
        QVERIFY(std::isnan(single.nsCiLow));
        QVERIFY(!single.hasInterval());
        QVERIFY(!Delta::between({0, {0}}, {5, {5}}));
    }

    void verdictNeverContradictsThePrintedDelta() {
        // The GUI case: 48.68 -> 45.10 Mpps by the medians (worse), but
        // one fast outlier makes the mean ns of the second point lower. The
        // t-test on the means then says "faster"; the printed delta says
        // slower: the verdict must not pick a side.
        const QList<double> four{48.0e6, 48.68e6, 49.5e6};
        const QList<double> eight{45.0e6, 45.10e6, 90.0e6};
        const Delta d = *deltaOf(four, eight);
        QVERIFY(d.ns < 0);
        QVERIFY2(d.verdict == Verdict::WithinNoise || d.verdict == Verdict::Worse,
                 toString(d.verdict));
        QVERIFY(d.verdict != Verdict::Better);
        // Clearly faster by every repetition: better, and the printed delta is positive.
        for (int i = 0; i < 50; ++i) {
            const double jitter = 1e4 * (i % 7);
            const Delta e = *deltaOf({5e6 + jitter, 5.01e6, 4.99e6 - jitter},
                                     {5.5e6 - jitter, 5.51e6, 5.49e6 + jitter});
            QVERIFY(e.verdict != Verdict::Worse);
            if (e.verdict == Verdict::Better)
                QVERIFY(Figure::printed(e.ns) > 0);
        }
        // A delta that prints as 0.00 has no direction.
        const Delta flat =
            *deltaOf({1e6, 1.0000001e6, 0.9999999e6}, {1e6, 1.0000002e6, 0.9999998e6});
        QVERIFY(flat.verdict != Verdict::Better && flat.verdict != Verdict::Worse);
    }

    void verdictsNeedUndisturbedUnpacedPoints() {
        const DeltaSide base{5000000, {5.00e6, 5.02e6, 4.98e6}};
        const DeltaSide faster{5500000, {5.50e6, 5.52e6, 5.48e6}};
        QCOMPARE(toString(Delta::between(base, faster)->verdict), "better");
        // The same repetitions with disturbed ones among them: no verdict,
        // but the test's figures stay for the reader.
        DeltaSide disturbed = faster;
        disturbed.disturbed = true;
        const Delta d = *Delta::between(base, disturbed);
        QCOMPARE(toString(d.verdict), "disturbed");
        QVERIFY(d.hasInterval() && d.p < 0.05 && !d.tested());
        // A paced side: its rate was the input.
        DeltaSide pacedSide = faster;
        pacedSide.paced = true;
        QCOMPARE(toString(Delta::between(base, pacedSide)->verdict), "paced");
        QCOMPARE(toString(Delta::between(pacedSide, base)->verdict), "paced");
        // Paced says more than too few repetitions.
        QCOMPARE(
            toString(Delta::between({5000000, {5e6}}, {5500000, {5.5e6}, false, true})->verdict),
            "paced");
    }

    void holmCorrectsATable() {
        // p 0.01, 0.04, 0.03, 0.5 over 4 tests: 0.04, then max(0.09, 0.04) =
        // 0.09, then max(0.08, 0.09) = 0.09, then 0.5. Only the first stays.
        QList<Delta> table{tested(0.01), tested(0.04, -1), tested(0.03), tested(0.5)};
        Delta untested; // insufficient: no member of the family
        QList<Delta *> pointers{&table[0], &table[1], &table[2], &table[3], &untested};
        Delta::correct(pointers);
        QCOMPARE(table[0].pHolm, 0.04);
        QCOMPARE(table[1].pHolm, 0.09);
        QCOMPARE(table[2].pHolm, 0.09);
        QCOMPARE(table[3].pHolm, 0.5);
        for (const Delta &d : table)
            QCOMPARE(d.tests, 4);
        QCOMPARE(toString(table[0].verdict), "better");
        QCOMPARE(toString(table[1].verdict), "within noise"); // 0.04 < 0.05 uncorrected
        QCOMPARE(toString(table[2].verdict), "within noise");
        QCOMPARE(toString(untested.verdict), "insufficient");
        QCOMPARE(untested.tests, 0);
        QCOMPARE(Delta::correctionText({&table[0], &untested}),
                 QStringLiteral("Welch's t-test, Holm-corrected over 4 deltas, alpha 5%"));
        QVERIFY(Delta::correctionText({&untested}).isEmpty());
    }

    void runDeltasAreOneFamily() {
        // Twelve points 1% apart by noisy repetitions: uncorrected, some
        // would be called; each delta's family is all twelve.
        QList<StepResult> steps;
        for (int b = 1; b <= 13; ++b) {
            for (int r = 0; r < 3; ++r)
                steps << step(b, 5e6 * (1 + 0.001 * b) + (r - 1) * 2e4);
        }
        const QList<PointStats> stats = PointStats::compute(steps);
        QCOMPARE(stats.size(), 13);
        for (qsizetype i = 1; i < stats.size(); ++i) {
            const Delta &d = *stats[i].vsPrevious;
            QCOMPARE(d.tests, 12);
            QVERIFY(d.pHolm >= d.p);
        }
        QCOMPARE(PointStats::correctionText(stats, false),
                 QStringLiteral("Welch's t-test, Holm-corrected over 12 deltas, alpha 5%"));
        QVERIFY(PointStats::correctionText(stats, true).isEmpty());
    }

    void pacedPointsBelowTheirTargetAreMarked() {
        const QList<PointStats> stats =
            PointStats::compute({paced(10000, 9999), paced(10000, 10001), paced(10000, 9998),
                                 paced(100000, 93100), paced(100000, 93155), paced(100000, 93200)});
        QCOMPARE(stats.size(), 2);
        QCOMPARE(stats[0].targetPps.value_or(0), qint64(10000));
        QVERIFY(!stats[0].belowTarget());
        QVERIFY(stats[0].warnings.isEmpty());
        QVERIFY(stats[1].belowTarget());
        QVERIFY2(stats[1].warnings.contains(QStringLiteral("paced: 93155 of 100000 pps")),
                 qPrintable(stats[1].warnings.join(u'|')));
        // 9625.66 ns less per packet, but the rate was the input.
        QCOMPARE(toString(stats[1].vsPrevious->verdict), "paced");
        QCOMPARE(stats[1].vsPrevious->tests, 0);
        // Unpaced points have no target.
        QVERIFY(!PointStats::compute({step(1, 5e6)}).first().targetPps);
    }

    void lineRate() {
        QCOMPARE(LineRate::wireBytes(60), 84);
        QCOMPARE(LineRate::wireBytes(1514), 1538);
        QCOMPARE(LineRate::wireBytes(42), 84); // padded to the minimum frame
        QCOMPARE(std::llround(LineRate::pps(10000, 60)), 14880952ll);
        QCOMPARE(std::llround(LineRate::pps(1000, 1514)), 81274ll);
        // Seed 003: 14,892,001 pps is 11049 pps too fast for 10G.
        QCOMPARE(14892001 - std::llround(std::floor(LineRate::pps(10000, 60))), 11049ll);
        QVERIFY(LineRate::above(14892001, 10000, 60));
        QVERIFY(!LineRate::above(14880952, 10000, 60));
        QVERIFY(!LineRate::above(12815925, 10000, 60));
        QVERIFY(!LineRate::above(1e12, 0, 60));
        // L2 as pktgen prints it (5614370pps at 60 bytes: 2694897600bps), L1 on the wire.
        QCOMPARE(LineRate::l2Bps(5614370, 60), 2694897600.0);
        QCOMPARE(LineRate::l1Bps(14880952, 60), 14880952.0 * 84 * 8);
    }

    void linkSpeeds_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("mbps"); // 0: refused
        QTest::newRow("10G") << "10G" << 10000.0;
        QTest::newRow("lower g") << "25g" << 25000.0;
        QTest::newRow("25000M") << "25000M" << 25000.0;
        QTest::newRow("100G") << "100G" << 100000.0;
        QTest::newRow("2.5G") << "2.5G" << 2500.0;
        QTest::newRow("Gbit/s") << "40Gbit/s" << 40000.0;
        QTest::newRow("plain Mbit/s") << "1000" << 1000.0;
        QTest::newRow("zero") << "0G" << 0.0;
        QTest::newRow("negative") << "-10G" << 0.0;
        QTest::newRow("too fast") << "2000G" << 0.0;
        QTest::newRow("unit") << "10T" << 0.0;
        QTest::newRow("empty") << "" << 0.0;
    }

    void linkSpeeds() {
        QFETCH(QString, text);
        QFETCH(double, mbps);
        QString error;
        const auto speed = LineRate::parseSpeedMbps(text, &error);
        if (mbps == 0) {
            QVERIFY(!speed);
            QVERIFY2(error.contains(QStringLiteral("10G")) && error.contains(text),
                     qPrintable(error));
            return;
        }
        QCOMPARE(speed.value_or(0), mbps);
        QCOMPARE(LineRate::parseSpeedMbps(LineRate::speedText(mbps), nullptr).value_or(0), mbps);
    }

    void pointStatsOverRepetitions() {
        const QList<StepResult> steps{step(1, 5.00e6),
                                      step(2, 7.0e6),
                                      step(1, 5.02e6),
                                      step(2, 7.1e6),
                                      step(1, 4.98e6),
                                      step(2, 6.9e6),
                                      step(4, 9e6, RunStatus::Failed)};
        StatsOptions options;
        options.cvThreshold = 0.005;
        const QList<Point> order{Point{{AxisValue(1)}}, Point{{AxisValue(2)}},
                                 Point{{AxisValue(4)}}};
        const QList<PointStats> stats = PointStats::compute(steps, order, options);
        QCOMPARE(stats.size(), 2); // burst=4 has no completed step
        QCOMPARE(stats[0].ppsSummary.n, 3);
        QCOMPARE(stats[0].ppsFigure.value_or(0), qint64(5000000));
        QCOMPARE(stats[0].nsFigure().value_or(0), 200.0);
        QVERIFY(!stats[0].vsPrevious);
        QVERIFY(stats[1].vsPrevious);
        QCOMPARE(toString(stats[1].vsPrevious->verdict), "better");
        QVERIFY(stats[0].warnings.isEmpty());
        // CV of 7.0/7.1/6.9 M is 1.4%, above the 0.5% asked for.
        QCOMPARE(stats[1].warnings, QStringList{QStringLiteral("CV 1.4% above 0.5%")});
        // The median of ns equals 1e9 over the median pps for odd n.
        QVERIFY(std::abs(stats[1].nsSummary.median - 1e9 / 7.0e6) < 1e-9);
        QCOMPARE(PointStats::bestPps(stats).value_or(0), qint64(7000000));
        // The run list's figure is the same, without the deltas.
        Run run;
        run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(2)}}};
        QCOMPARE(PointStats::bestPpsOf(run, steps),
                 PointStats::bestPps(PointStats::of(run, steps)));
        QCOMPARE(PointStats::bestPpsOf(run, steps).value_or(0), qint64(7000000));
        QVERIFY(!PointStats::bestPpsOf(run, {steps.last()}));
    }

    void invalidRepetitionsAreCountedNotUsed() {
        StepResult bad = step(2, 9.9e9, RunStatus::Invalid);
        bad.error = QStringLiteral("ring full for the whole window");
        StepResult silent = step(3, 1e6, RunStatus::Invalid);
        const QList<StepResult> steps{step(1, 5e6), step(2, 6e6), bad,           step(2, 6.2e6),
                                      silent,       step(4, 8e6), step(1, 5.1e6)};
        const QList<PointStats> stats = PointStats::compute(steps);
        QCOMPARE(stats.size(), 4); // burst=3 has only an invalid repetition, and is shown
        const PointStats &two = stats[1];
        QCOMPARE(two.ppsSummary.n, 2);
        QCOMPARE(two.invalid, 1);
        QCOMPARE(two.repetitions.size(), 3);
        QCOMPARE(two.ppsFigure.value_or(0), qint64(6100000));
        QVERIFY2(two.warnings.contains(
                     QStringLiteral("1 of 3 repetitions invalid: ring full for the whole window")),
                 qPrintable(two.warnings.join(u'|')));
        const PointStats &three = stats[2];
        QVERIFY(!three.ppsFigure && !three.nsFigure() && !three.l2Bps());
        QVERIFY(std::isnan(three.representativePps()));
        QVERIFY(three.warnings.contains(QStringLiteral("no valid repetition")));
        QVERIFY(three.invalidText().contains(QStringLiteral("no reason recorded")));
        QVERIFY(!three.vsPrevious);
        // burst=4's previous point is the last one with a figure: burst=2.
        QCOMPARE(stats[3].vsPrevious->ns, 1e9 / 6100000 - 1e9 / 8000000);
    }

    void lineRateOfEveryPoint() {
        // A pkt_size axis: each point has its own frame size and line rate.
        Run run;
        run.spec.axes = {Axis{QStringLiteral("pkt_size"), {AxisValue(60), AxisValue(1514)}}};
        run.spec.linkSpeedMbps = 10000;
        StepResult small = step(60, 14892001);
        StepResult big = step(1514, 800000);
        const QList<PointStats> stats =
            PointStats::compute({small, big}, {}, StatsOptions{}.forRun(run));
        QCOMPARE(stats[0].frameBytes, 60);
        QVERIFY(stats[0].aboveLineRate);
        QCOMPARE(stats[1].frameBytes, 1514);
        QVERIFY(!stats[1].aboveLineRate); // 812743 pps at 1514 B
        QVERIFY(std::abs(*stats[1].lineShare() - 800000 / LineRate::pps(10000, 1514)) < 1e-12);
        QCOMPARE(*stats[1].l2Bps(), 800000.0 * 1514 * 8);
        // No link speed: nothing is flagged and the reason is kept.
        Run virtualRun;
        virtualRun.hello = QJsonObject{
            {QStringLiteral("ports"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("net_null0")},
                                    {QStringLiteral("driver"), QStringLiteral("net_null")},
                                    {QStringLiteral("link_speed_mbps"), 10000}}}}};
        const StatsOptions unknown = StatsOptions{}.forRun(virtualRun);
        QVERIFY(!unknown.linkMbps);
        QCOMPARE(unknown.linkUnknownReason, QStringLiteral("net_null0 (net_null) has no wire"));
        QVERIFY(!PointStats::compute({small}, {}, unknown).first().linePps);
        virtualRun.spec.linkSpeedMbps = 10000; // --link-speed 10G
        QVERIFY(PointStats::compute({small}, {}, StatsOptions{}.forRun(virtualRun))
                    .first()
                    .aboveLineRate);
    }

    void seriesAndBaseline() {
        // Two axes: burst x clone; the previous point is within the same clone.
        auto at = [](qint64 burst, qint64 clone, double pps) {
            StepResult r;
            r.point = Point{{AxisValue(burst), AxisValue(clone)}};
            r.pps = pps;
            r.status = RunStatus::Completed;
            return r;
        };
        const QList<StepResult> steps{at(1, 0, 1e6), at(2, 0, 2e6), at(1, 1, 3e6), at(2, 1, 4e6)};
        const QList<PointStats> stats =
            PointStats::compute(steps, {}, {}, PointStats::compute({at(2, 1, 5e6), at(1, 0, 1e6)}));
        QCOMPARE(stats.size(), 4);
        QVERIFY(!stats[2].vsPrevious); // first of the clone=1 series
        QVERIFY(std::abs(stats[3].vsPrevious->ns - (1e9 / 3e6 - 1e9 / 4e6)) < 1e-9);
        QVERIFY(std::abs(stats[3].vsBaseline->ns - (1e9 / 5e6 - 1e9 / 4e6)) < 1e-9);
        QCOMPARE(stats[3].vsBaseline->pps, qint64(-1000000));
        QVERIFY(!stats[1].vsBaseline);
        QCOMPARE(stats[0].warnings.first(), QStringLiteral("1 repetition (fewer than 3)"));
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
