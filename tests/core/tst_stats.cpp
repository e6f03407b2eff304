#include "stats/Delta.h"
#include "stats/LineRate.h"
#include "stats/PointStats.h"
#include "stats/Summary.h"
#include "stats/Welch.h"
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

    void verdicts() {
        const QList<double> base{5.00e6, 5.02e6, 4.98e6};
        // 10% more pps, far outside the noise: fewer ns per packet.
        const Delta better = Delta::between(base, {5.50e6, 5.52e6, 5.48e6});
        QCOMPARE(toString(better.verdict), "better");
        QVERIFY(better.ns > 0 && better.pps > 0);
        QVERIFY(better.nsCiLow > 0 && better.nsCiLow < better.ns && better.ns < better.nsCiHigh);
        const double baseNs = (1e9 / 5.00e6 + 1e9 / 5.02e6 + 1e9 / 4.98e6) / 3;
        const double thisNs = (1e9 / 5.50e6 + 1e9 / 5.52e6 + 1e9 / 5.48e6) / 3;
        QVERIFY(std::abs(better.ns - (baseNs - thisNs)) < 1e-9);
        QVERIFY(std::abs(better.pps - 0.5e6) < 1e-6);
        const Delta worse = Delta::between(base, {4.50e6, 4.52e6, 4.48e6});
        QCOMPARE(toString(worse.verdict), "worse");
        QVERIFY(worse.ns < 0 && worse.pps < 0);
        const Delta noise = Delta::between(base, {5.01e6, 4.97e6, 5.03e6});
        QCOMPARE(toString(noise.verdict), "within noise");
        QVERIFY(noise.nsCiLow < 0 && noise.nsCiHigh > 0);
        const Delta single = Delta::between({5614370}, {5571279});
        QCOMPARE(toString(single.verdict), "insufficient");
        QVERIFY(std::abs(single.ns - (1e9 / 5614370 - 1e9 / 5571279)) < 1e-12);
        QVERIFY(std::isnan(single.nsCiLow));
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
        QCOMPARE(stats[0].representativePps(), 5.00e6);
        QCOMPARE(stats[0].representativeNs(), 200.0);
        QVERIFY(!stats[0].vsPrevious);
        QVERIFY(stats[1].vsPrevious);
        QCOMPARE(toString(stats[1].vsPrevious->verdict), "better");
        QVERIFY(stats[0].warnings.isEmpty());
        // CV of 7.0/7.1/6.9 M is 1.4%, above the 0.5% asked for.
        QCOMPARE(stats[1].warnings, QStringList{QStringLiteral("CV 1.4% above 0.5%")});
        // The median of ns equals 1e9 over the median pps for odd n.
        QVERIFY(std::abs(stats[1].nsSummary.median - 1e9 / 7.0e6) < 1e-9);
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
            PointStats::compute(steps, {}, {}, {at(2, 1, 5e6), at(1, 0, 1e6)});
        QCOMPARE(stats.size(), 4);
        QVERIFY(!stats[2].vsPrevious); // first of the clone=1 series
        QVERIFY(std::abs(stats[3].vsPrevious->ns - (1e9 / 3e6 - 1e9 / 4e6)) < 1e-9);
        QVERIFY(std::abs(stats[3].vsBaseline->ns - (1e9 / 5e6 - 1e9 / 4e6)) < 1e-9);
        QVERIFY(std::abs(stats[3].vsBaseline->pps - -1e6) < 1e-6);
        QVERIFY(!stats[1].vsBaseline);
        QCOMPARE(stats[0].warnings.first(), QStringLiteral("1 repetition (fewer than 3)"));
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
