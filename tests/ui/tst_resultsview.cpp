// The results view of one stored run: the mailing-list table and both charts,
// with deltas against the previous point or against a chosen baseline run.
#include "UiTestData.h"
#include "charts/DeltaChart.h"
#include "charts/PpsChart.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "store/RunStore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

class TestResultsView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void deltasAgainstPreviousPoint();
    void deltasAgainstBaselineRun();
    void baselineOlderThanThoseOffered();

  private:
    void show(SweepResultsView &view, qint64 runId);
    QString cell(const SweepResultsView &view, int row, int column) const;

    QTemporaryDir m_dir;
    RunStore m_store;
    qint64 m_baseline = 0;
    qint64 m_patch = 0;
};

void TestResultsView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_store.open(m_dir.filePath(QStringLiteral("results.sqlite"))));
    // 10 -> 12.5 Mpps is 100 -> 80 ns/packet: 20 ns saved by the second point.
    m_baseline = testdata::insert(
        m_store, testdata::burstRun(QStringLiteral("baseline"), {{1, {10e6, 10.01e6, 9.99e6}},
                                                                 {2, {12.5e6, 12.51e6, 12.49e6}}}));
    m_patch = testdata::insert(
        m_store, testdata::burstRun(QStringLiteral("patch"), {{1, {12.5e6, 12.51e6, 12.49e6}},
                                                              {2, {12.5e6, 12.51e6, 12.49e6}}}));
    QVERIFY(m_baseline > 0 && m_patch > 0);
}

void TestResultsView::show(SweepResultsView &view, qint64 runId) {
    view.setStore(&m_store);
    view.showRun(*m_store.loadRun(runId), *m_store.stepsOf(runId));
}

QString TestResultsView::cell(const SweepResultsView &view, int row, int column) const {
    return view.resultsModel()->index(row, column).data().toString();
}

void TestResultsView::deltasAgainstPreviousPoint() {
    SweepResultsView view;
    show(view, m_baseline);
    QCOMPARE(view.runId(), std::optional<qint64>(m_baseline));
    QCOMPARE(view.resultsModel()->rowCount(), 2);
    QCOMPARE(cell(view, 0, ResultsTableModel::PointColumn), QStringLiteral("burst=1"));
    QCOMPARE(cell(view, 0, ResultsTableModel::NsColumn), QStringLiteral("100.00"));
    QCOMPARE(cell(view, 0, ResultsTableModel::DeltaColumn), QStringLiteral("—"));
    QCOMPARE(cell(view, 1, ResultsTableModel::DeltaColumn), QStringLiteral("20.00"));
    QCOMPARE(cell(view, 1, ResultsTableModel::VerdictColumn), QStringLiteral("better"));
    QCOMPARE(view.ppsChart()->dataPointCount(), 2);
    QCOMPARE(view.deltaChart()->dataPointCount(), 1);
    QCOMPARE(view.deltaChart()->chartTitle(), QStringLiteral("ns/packet saved vs previous point"));
}

void TestResultsView::deltasAgainstBaselineRun() {
    SweepResultsView view;
    show(view, m_patch);
    QVERIFY(view.setBaselineRun(m_baseline));
    QCOMPARE(view.resultsModel()->deltaMode(), DeltaMode::VsBaseline);
    // burst=1 is 20 ns faster than the baseline, burst=2 the same.
    QCOMPARE(cell(view, 0, ResultsTableModel::DeltaColumn), QStringLiteral("20.00"));
    QCOMPARE(cell(view, 0, ResultsTableModel::VerdictColumn), QStringLiteral("better"));
    QCOMPARE(cell(view, 1, ResultsTableModel::VerdictColumn), QStringLiteral("within noise"));
    QCOMPARE(view.deltaChart()->dataPointCount(), 2);
    QVERIFY2(view.deltaChart()->chartTitle().contains(QStringLiteral("#%1").arg(m_baseline)),
             qPrintable(view.deltaChart()->chartTitle()));
    QVERIFY(view.resultsModel()
                ->headerData(ResultsTableModel::DeltaColumn, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("baseline")));

    view.setDeltaMode(DeltaMode::VsPrevious);
    QCOMPARE(cell(view, 1, ResultsTableModel::DeltaColumn), QStringLiteral("0.00"));
    QVERIFY(!view.setBaselineRun(9999));
}

void TestResultsView::baselineOlderThanThoseOffered() {
    // The newest 200 runs are offered: the baseline is not among them.
    for (int i = 0; i < 200; ++i) {
        Run run;
        run.name = QStringLiteral("later %1").arg(i);
        run.status = RunStatus::Completed;
        QVERIFY(m_store.createRun(run));
    }
    SweepResultsView view;
    show(view, m_patch);
    QVERIFY(view.setBaselineRun(m_baseline));
    QCOMPARE(cell(view, 0, ResultsTableModel::DeltaColumn), QStringLiteral("20.00"));
    // It stays the chosen baseline when the list is read again (a run was
    // stored) and the baseline mode is picked anew.
    view.reloadBaselines();
    view.setDeltaMode(DeltaMode::VsPrevious);
    view.setDeltaMode(DeltaMode::VsBaseline);
    QCOMPARE(cell(view, 0, ResultsTableModel::DeltaColumn), QStringLiteral("20.00"));
    QVERIFY2(view.deltaChart()->chartTitle().contains(QStringLiteral("#%1").arg(m_baseline)),
             qPrintable(view.deltaChart()->chartTitle()));
}

QTEST_MAIN(TestResultsView)
#include "tst_resultsview.moc"
