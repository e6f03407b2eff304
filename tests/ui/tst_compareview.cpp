// The compare view over two stored runs: the per-point delta table with its
// verdicts, both charts overlaid, and the host differences.
#include "UiTestData.h"
#include "charts/DeltaChart.h"
#include "charts/PpsChart.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "store/RunStore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

class TestCompareView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void deltaTableAgainstBaseline();
    void baselineSwitchFlipsTheDeltas();
    void needsTwoRuns();

  private:
    QString cell(const CompareView &view, int row, int column) const;

    QTemporaryDir m_dir;
    RunStore m_store;
    qint64 m_baseline = 0;
    qint64 m_patch = 0;
};

void TestCompareView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_store.open(m_dir.filePath(QStringLiteral("runs.sqlite"))),
             qPrintable(m_store.lastError()));
    // burst=1: 10 Mpps vs 12.5 Mpps = 100 ns vs 80 ns: 20 ns better, far outside the noise.
    // burst=2: the same numbers in both runs: within noise.
    m_baseline = testdata::insert(m_store, testdata::burstRun(QStringLiteral("baseline"),
                                                              {{1, {10.00e6, 10.01e6, 9.99e6}},
                                                               {2, {15.00e6, 15.20e6, 14.80e6}}}));
    m_patch = testdata::insert(
        m_store,
        testdata::burstRun(QStringLiteral("patch2"),
                           {{1, {12.50e6, 12.51e6, 12.49e6}}, {2, {15.00e6, 15.20e6, 14.80e6}}},
                           RunStatus::Completed, QStringLiteral("powersave")));
    QVERIFY(m_baseline > 0 && m_patch > 0);
}

QString TestCompareView::cell(const CompareView &view, int row, int column) const {
    const CompareTableModel *model = view.tableModel();
    return model->data(model->index(row, column)).toString();
}

void TestCompareView::deltaTableAgainstBaseline() {
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({m_baseline, m_patch}));

    // Columns: point, baseline pps and bit rates, then pps / bit rates / delta /
    // verdict of patch2.
    using M = CompareTableModel;
    const CompareTableModel *model = view.tableModel();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->columnCount(), 7);
    QCOMPARE(cell(view, 0, 0), QStringLiteral("burst=1"));
    QCOMPARE(cell(view, 0, M::columnOf(0, M::PpsField)), QStringLiteral("10000000"));
    // 10 Mpps of 60-byte frames: 4800 Mbit/s as sent, 6720 on the wire.
    QCOMPARE(cell(view, 0, M::columnOf(0, M::BitsField)), QStringLiteral("4800.00 / 6720.00"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::PpsField)), QStringLiteral("12500000"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::DeltaField)), QStringLiteral("20.00"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::VerdictField)), QStringLiteral("better"));
    QCOMPARE(cell(view, 1, M::columnOf(1, M::VerdictField)), QStringLiteral("within noise"));
    const QString header =
        model->headerData(M::columnOf(1, M::PpsField), Qt::Horizontal).toString();
    QVERIFY2(header.startsWith(QStringLiteral("#%1 patch2").arg(m_patch)), qPrintable(header));

    // Both runs on the pps chart, the non-baseline run's deltas on the delta chart.
    QCOMPARE(view.ppsChart()->seriesCount(), 2);
    QCOMPARE(view.ppsChart()->dataPointCount(), 4);
    QCOMPARE(view.deltaChart()->dataPointCount(), 2);

    const QStringList warnings = view.hostWarnings();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.first().contains(QStringLiteral("powersave")), qPrintable(warnings.first()));
}

void TestCompareView::baselineSwitchFlipsTheDeltas() {
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({m_baseline, m_patch}));
    QVERIFY(view.setBaseline(m_patch));
    QCOMPARE(view.runIds(), (QList<qint64>{m_patch, m_baseline}));
    QCOMPARE(cell(view, 0, CompareTableModel::columnOf(1, CompareTableModel::DeltaField)),
             QStringLiteral("-20.00"));
    QCOMPARE(cell(view, 0, CompareTableModel::columnOf(1, CompareTableModel::VerdictField)),
             QStringLiteral("worse"));
    QVERIFY(!view.setBaseline(9999));
}

void TestCompareView::needsTwoRuns() {
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(!view.compareRuns({m_baseline}));
    QVERIFY(!view.compareRuns({m_baseline, 9999}));
    QCOMPARE(view.tableModel()->rowCount(), 0);
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
