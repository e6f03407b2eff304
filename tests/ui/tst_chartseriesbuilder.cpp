// What the charts are given for a two-parameter sweep: one series per value of
// the second parameter, medians with min/max whiskers, and deltas only where the
// core computed one.
#include "results/ChartSeriesBuilder.h"

#include <QLocale>
#include <QTest>

using namespace burstlab;

namespace {
StepResult step(qint64 burst, qint64 clone, int rep, double pps) {
    StepResult s;
    s.point = Point{{AxisValue(burst), AxisValue(clone)}};
    s.rep = rep;
    s.status = RunStatus::Completed;
    s.pps = pps;
    return s;
}

QList<PointStats> twoAxisStats() {
    QList<StepResult> steps;
    for (qint64 clone : {0, 64}) {
        for (qint64 burst : {1, 8, 32}) {
            const double base = 1e6 * double(burst + clone);
            steps << step(burst, clone, 0, base) << step(burst, clone, 1, base * 1.02)
                  << step(burst, clone, 2, base * 0.98);
        }
    }
    return PointStats::compute(steps);
}
} // namespace

class TestChartSeriesBuilder : public QObject {
    Q_OBJECT

  private slots:
    void ppsSeriesPerSecondAxisValue();
    void deltasOnlyWhereComputed();
    void labelAxisUsesPositions();
    void everyPointSaysItsFigures();
};

void TestChartSeriesBuilder::ppsSeriesPerSecondAxisValue() {
    const QStringList axes{QStringLiteral("burst"), QStringLiteral("clone")};
    const QList<ChartSeriesData> series =
        ChartSeriesBuilder::pps(twoAxisStats(), axes, QStringLiteral("run 1"));
    QCOMPARE(series.size(), 2);
    QCOMPARE(series.at(0).name, QStringLiteral("clone=0 · run 1"));
    QCOMPARE(series.at(1).name, QStringLiteral("clone=64 · run 1"));
    QCOMPARE(series.at(0).points.size(), 3);
    const ChartPoint &p = series.at(1).points.at(1); // burst=8, clone=64: 72 Mpps
    QCOMPARE(p.x, 8.0);
    QCOMPARE(p.y, 72e6);
    QCOMPARE(p.low, 72e6 * 0.98);
    QCOMPARE(p.high, 72e6 * 1.02);
}

void TestChartSeriesBuilder::deltasOnlyWhereComputed() {
    const QStringList axes{QStringLiteral("burst"), QStringLiteral("clone")};
    const QList<PointStats> stats = twoAxisStats();
    const QList<ChartSeriesData> previous =
        ChartSeriesBuilder::deltas(stats, axes, QString(), DeltaMode::VsPrevious);
    // The first point of each series has no previous point.
    QCOMPARE(previous.size(), 2);
    QCOMPARE(previous.at(0).points.size(), 2);
    QCOMPARE(previous.at(0).name, QStringLiteral("clone=0"));
    // No baseline was given: nothing to draw against it.
    QVERIFY(ChartSeriesBuilder::deltas(stats, axes, QString(), DeltaMode::VsBaseline).isEmpty());
}

void TestChartSeriesBuilder::labelAxisUsesPositions() {
    QList<StepResult> steps;
    for (const QString &label : {QStringLiteral("baseline"), QStringLiteral("patch2")}) {
        StepResult s;
        s.point = Point{{AxisValue(label)}};
        s.status = RunStatus::Completed;
        s.pps = 5e6;
        steps << s;
    }
    const QList<ChartSeriesData> series =
        ChartSeriesBuilder::pps(PointStats::compute(steps), {QStringLiteral("patch")}, {});
    QCOMPARE(series.size(), 1);
    QCOMPARE(series.first().points.at(0).x, 1.0);
    QCOMPARE(series.first().points.at(1).x, 2.0);
}

void TestChartSeriesBuilder::everyPointSaysItsFigures() {
    const QStringList axes{QStringLiteral("burst"), QStringLiteral("clone")};
    const QList<PointStats> stats = twoAxisStats();
    const QList<ChartSeriesData> series = ChartSeriesBuilder::pps(stats, axes, QString());
    const QLocale locale;
    for (const ChartSeriesData &s : series) {
        for (const ChartPoint &p : s.points) {
            QVERIFY2(p.tip.contains(locale.toString(qint64(p.y)) + QStringLiteral(" pps")),
                     qPrintable(p.tip));
            QVERIFY2(p.tip.contains(QStringLiteral("median of 3 repetitions")), qPrintable(p.tip));
            QVERIFY2(p.tip.contains(QStringLiteral("95% CI of the mean: ")), qPrintable(p.tip));
        }
    }
    // burst=8, clone=64: 72 Mpps is 13.89 ns/packet, its mean's interval
    // around 72 Mpps, and its repetitions 0.98 and 1.02 of it.
    const QString tip = series.at(1).points.at(1).tip;
    QVERIFY2(tip.startsWith(QStringLiteral("burst=8 clone=64\n")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("13.89 ns/packet")), qPrintable(tip));
    const PointStats &point = stats.at(4);
    QVERIFY2(tip.contains(locale.toString(point.ppsSummary.ciLow, 'f', 0)), qPrintable(tip));
    QVERIFY2(tip.contains(locale.toString(72e6 * 0.98, 'f', 0)), qPrintable(tip));
    // A delta's tooltip adds its interval and verdict to the point's figures.
    const QList<ChartSeriesData> deltas =
        ChartSeriesBuilder::deltas(stats, axes, QString(), DeltaMode::VsPrevious);
    const QString deltaTip = deltas.at(1).points.at(0).tip;
    QVERIFY2(deltaTip.contains(QStringLiteral("95% CI of Δ (Welch): ")), qPrintable(deltaTip));
    QVERIFY2(deltaTip.contains(QStringLiteral("verdict: ")), qPrintable(deltaTip));
    QVERIFY2(deltaTip.contains(QStringLiteral("median of 3 repetitions")), qPrintable(deltaTip));
}

QTEST_MAIN(TestChartSeriesBuilder)
#include "tst_chartseriesbuilder.moc"
