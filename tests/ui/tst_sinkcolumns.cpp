// The sink's figures in the GUI's results table and chart: columns for what
// the sink received, lost and dropped (and the latency with the clock's
// resolution as the headers' tooltip) only for a run with a sink, a lossy
// point's verdict and warning, and its mark on the pps chart the way a
// disturbed point is marked. The run goes through a real SQLite store.
#include "SinkRunData.h"
#include "results/ChartSeriesBuilder.h"
#include "results/ResultsTableModel.h"
#include "stats/PointStats.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

class TestSinkColumns : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    RunStore m_store;

    RunData stored(bool sink, bool timestamps) {
        const auto id =
            m_store.insertRunData(testdata::sinkRun(QStringLiteral("gui"), sink, timestamps));
        const auto data = id ? m_store.loadRunData(*id) : std::nullopt;
        if (!data)
            qFatal("store: %s", qPrintable(m_store.lastError()));
        return *data;
    }

    static QString cell(const ResultsTableModel &model, int row, int column) {
        return model.data(model.index(row, column)).toString();
    }

  private slots:
    void initTestCase() { QVERIFY(m_store.open(m_dir.filePath(QStringLiteral("gui.sqlite")))); }

    void aRunWithASinkHasItsColumns() {
        const RunData data = stored(true, true);
        ResultsTableModel model;
        model.setStats(PointStats::ofRun(data), data.run.spec.axisNames(),
                       SinkFigures::clockText(data.run.hello));
        QCOMPARE(model.columnCount(), int(ResultsTableModel::AllColumnCount));
        QCOMPARE(model.headerData(ResultsTableModel::LostColumn, Qt::Horizontal).toString(),
                 QStringLiteral("lost"));
        QCOMPARE(cell(model, 1, ResultsTableModel::ReceivedColumn), QStringLiteral("89700"));
        QCOMPARE(cell(model, 1, ResultsTableModel::LostColumn), QStringLiteral("300"));
        QCOMPARE(cell(model, 1, ResultsTableModel::LossColumn), QStringLiteral("0.33%"));
        QCOMPARE(cell(model, 0, ResultsTableModel::ForeignColumn), QStringLiteral("3"));
        QCOMPARE(cell(model, 1, ResultsTableModel::VerdictColumn), QStringLiteral("lossy"));
        QVERIFY(cell(model, 1, ResultsTableModel::NotesColumn)
                    .contains(QStringLiteral("lossy: 300 of 90000 packets lost")));
        QCOMPARE(cell(model, 0, ResultsTableModel::P50Column), QStringLiteral("1100"));
        QCOMPARE(cell(model, 0, ResultsTableModel::P99Column), QStringLiteral("6000"));
        QCOMPARE(cell(model, 0, ResultsTableModel::MaxLatencyColumn), QStringLiteral("40000"));
        QVERIFY(model.headerData(ResultsTableModel::P99Column, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("TSC 2445.41 MHz (0.41 ns a tick)")));
        // Sorted by number, not by text.
        QCOMPARE(
            model.data(model.index(1, ResultsTableModel::LostColumn), Qt::UserRole).toLongLong(),
            300);
    }

    void withoutTimestampsNoLatencyColumns() {
        const RunData data = stored(true, false);
        ResultsTableModel model;
        model.setStats(PointStats::ofRun(data), data.run.spec.axisNames());
        QCOMPARE(model.columnCount(), int(ResultsTableModel::P50Column));
    }

    void aRunWithoutASinkKeepsItsColumns() {
        const RunData data = stored(false, false);
        ResultsTableModel model;
        model.setStats(PointStats::ofRun(data), data.run.spec.axisNames());
        QCOMPARE(model.columnCount(), int(ResultsTableModel::ColumnCount));
        QVERIFY(cell(model, 1, ResultsTableModel::VerdictColumn) != QStringLiteral("lossy"));
        for (const ChartSeriesData &series :
             ChartSeriesBuilder::pps(PointStats::ofRun(data), data.run.spec.axisNames(), {})) {
            for (const ChartPoint &point : series.points)
                QVERIFY(point.mark.isEmpty());
        }
    }

    void aLossyPointIsMarkedOnTheChart() {
        const RunData data = stored(true, true);
        const QList<ChartSeriesData> series =
            ChartSeriesBuilder::pps(PointStats::ofRun(data), data.run.spec.axisNames(), {});
        QCOMPARE(series.size(), 1);
        QCOMPARE(series[0].points.size(), 2);
        QCOMPARE(series[0].points[0].mark, QString());
        QCOMPARE(series[0].points[1].mark, QStringLiteral("loss 0.33%"));
    }
};

QTEST_MAIN(TestSinkColumns)
#include "tst_sinkcolumns.moc"
