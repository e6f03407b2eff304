// What the charts are given for a two-parameter sweep: one series per value of
// the second parameter, medians with min/max whiskers, and deltas only where the
// core computed one.
#include "results/ChartSeriesBuilder.h"

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

QTEST_MAIN(TestChartSeriesBuilder)
#include "tst_chartseriesbuilder.moc"
