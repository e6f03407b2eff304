// The results view of one stored run: the mailing-list table and both charts,
// with deltas against the previous point or against a chosen baseline run.
#include "UiTestData.h"
#include "charts/DeltaChart.h"
#include "charts/LiveRateChart.h"
#include "charts/PpsChart.h"
#include "checklist/ChecklistSummary.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "store/RunStore.h"
#include "util/ColumnChooser.h"

#include <QHeaderView>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

class TestResultsView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void deltasAgainstPreviousPoint();
    void deltasAgainstBaselineRun();
    void baselineOfferedFirstFitsTheRun();
    void baselineOlderThanThoseOffered();
    void twoAxisLegendsAreDistinct();
    void bothChartsShareTheXScale();
    void hiddenIntervalsLeaveTheCaption();
    void storedRunClearsTheLiveChart();
    void checklistBesideTheCharts();
    void everyPointHasATooltip();
    void keyUnderTheChartsAndInTheFigure();
    void columnsChosenAreRemembered();

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
    // Named by its label, never by the store's local id.
    QCOMPARE(view.deltaChart()->chartTitle(), QStringLiteral("ns/packet saved vs baseline"));
    QVERIFY(view.resultsModel()
                ->headerData(ResultsTableModel::DeltaColumn, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("baseline")));

    view.setDeltaMode(DeltaMode::VsPrevious);
    QCOMPARE(cell(view, 1, ResultsTableModel::DeltaColumn), QStringLiteral("0.00"));
    QVERIFY(!view.setBaselineRun(9999));
}

void TestResultsView::baselineOfferedFirstFitsTheRun() {
    // Newer than the two completed burst runs: one cut short before its first
    // step, and a completed one that sweeps another parameter.
    const qint64 cut = testdata::insert(
        m_store, testdata::burstRun(QStringLiteral("cut"), {}, RunStatus::Interrupted));
    RunData clones = testdata::burstRun(QStringLiteral("clones"), {{0, {5e6}}, {8, {9e6}}});
    clones.run.spec.axes.first().name = QStringLiteral("clone");
    const qint64 other = testdata::insert(m_store, clones);
    QVERIFY(cut > m_patch && other > cut);

    SweepResultsView view;
    show(view, m_patch);
    // The newest other completed run of the same sweep, not the newest run.
    QCOMPARE(view.baselineRunId(), std::optional<qint64>(m_baseline));
    view.setDeltaMode(DeltaMode::VsBaseline);
    QCOMPARE(cell(view, 0, ResultsTableModel::DeltaColumn), QStringLiteral("20.00"));
    QVERIFY(view.baselineNote().isEmpty());

    // Chosen anyway, an empty baseline says why there are no deltas.
    QVERIFY(view.setBaselineRun(cut));
    QCOMPARE(view.deltaChart()->dataPointCount(), 0);
    QVERIFY2(view.baselineNote().contains(QStringLiteral("interrupted with no measured point")),
             qPrintable(view.baselineNote()));
    QVERIFY(view.setBaselineRun(other));
    QVERIFY2(view.baselineNote().contains(QStringLiteral("shares no point")),
             qPrintable(view.baselineNote()));
    QVERIFY(m_store.deleteRun(cut) && m_store.deleteRun(other));
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
    QCOMPARE(view.deltaChart()->chartTitle(), QStringLiteral("ns/packet saved vs baseline"));
}

void TestResultsView::twoAxisLegendsAreDistinct() {
    // A label long enough to fill a legend entry on its own.
    const qint64 id = testdata::insert(
        m_store, testdata::burstCloneRun(
                     QStringLiteral("a rather long label for a two-dimensional sweep"), {1, 8, 32},
                     {0, 64}, [](qint64 b, qint64 c) { return 1e6 * double(b + c); }));
    SweepResultsView view;
    show(view, id);
    for (const SeriesChart *chart : {static_cast<const SeriesChart *>(view.ppsChart()),
                                     static_cast<const SeriesChart *>(view.deltaChart())}) {
        const QStringList legend = chart->legendLabels();
        QCOMPARE(legend.size(), 2);
        QVERIFY2(legend.at(0) != legend.at(1), qPrintable(legend.join(u'|')));
        // The value that tells them apart, alone: the header names the run.
        QCOMPARE(legend, (QStringList{QStringLiteral("clone=0"), QStringLiteral("clone=64")}));
    }
}

void TestResultsView::hiddenIntervalsLeaveTheCaption() {
    SweepResultsView view;
    show(view, m_baseline);
    QVERIFY(view.ppsChart()->caption().contains(QStringLiteral("whisker")));
    QVERIFY(view.deltaChart()->caption().contains(QStringLiteral("95% CI")));
    QVERIFY(view.keyText().contains(QStringLiteral("whisker")));
    view.setBandsShown(false);
    QVERIFY(!view.ppsChart()->bandsShown());
    QVERIFY(!view.deltaChart()->bandsShown());
    // An exported figure never explains marks it does not draw.
    for (const auto &figure : view.figures()) {
        QVERIFY2(!figure.second.caption().contains(QStringLiteral("whisker")),
                 qPrintable(figure.second.caption()));
        QVERIFY2(!figure.second.caption().contains(QStringLiteral("95% CI")),
                 qPrintable(figure.second.caption()));
    }
    QVERIFY(!view.keyText().contains(QStringLiteral("whisker")));
    view.setBandsShown(true);
    QVERIFY(view.ppsChart()->caption().contains(QStringLiteral("whisker")));
}

void TestResultsView::bothChartsShareTheXScale() {
    const qint64 id = testdata::insert(
        m_store, testdata::burstRun(
                     QStringLiteral("pow2"),
                     {{1, {1e6}}, {2, {2e6}}, {4, {3e6}}, {8, {4e6}}, {16, {5e6}}, {32, {6e6}}}));
    SweepResultsView view;
    show(view, id);
    // Deltas start at the second point (2..32), pps at the first (1..32): one log2 scale.
    QVERIFY(view.ppsChart()->logXAxis());
    QVERIFY(view.deltaChart()->logXAxis());
    QCOMPARE(view.deltaChart()->axisRange(Qt::Horizontal),
             view.ppsChart()->axisRange(Qt::Horizontal));
    // The rate axis fits the data (10..12.5 Mpps), or starts at zero when asked.
    show(view, m_baseline);
    QVERIFY(view.ppsChart()->axisRange(Qt::Vertical).first > 5);
    view.setPpsFromZero(true);
    QCOMPARE(view.ppsChart()->axisRange(Qt::Vertical).first, 0.0);
}

void TestResultsView::storedRunClearsTheLiveChart() {
    SweepResultsView view;
    view.setStore(&m_store);
    const auto stepOfRun99 = [&view](bool running) {
        view.liveChart()->startStep(QStringLiteral("run #99: burst=8, repetition 1/1"), 0.2);
        view.liveChart()->addSample(0.1, 5e6);
        view.setLiveRun(99, running);
    };
    stepOfRun99(false);
    show(view, m_baseline);
    // No sweep is running: the last step of run 99 would pass for this run's.
    QCOMPARE(view.liveChart()->dataPointCount(), 0);
    QVERIFY(view.liveChart()->chartTitle().contains(QStringLiteral("no step running")));
    // While one runs, its step stays, named by its run.
    stepOfRun99(true);
    show(view, m_patch);
    QCOMPARE(view.liveChart()->dataPointCount(), 1);
    QVERIFY(view.liveChart()->chartTitle().contains(QStringLiteral("run #99")));
}

void TestResultsView::checklistBesideTheCharts() {
    RunData data = testdata::burstRun(QStringLiteral("tuned?"), {{1, {5e6}}, {2, {6e6}}});
    CheckResult pass;
    pass.id = QStringLiteral("smt");
    pass.title = QStringLiteral("No Hyper-Threading");
    pass.status = CheckStatus::Pass;
    CheckResult warn = pass;
    warn.id = QStringLiteral("irqbalance");
    warn.title = QStringLiteral("irqbalance stopped");
    warn.status = CheckStatus::Warn;
    CheckResult fail = pass;
    fail.id = QStringLiteral("governor");
    fail.title = QStringLiteral("CPU frequency governor performance");
    fail.status = CheckStatus::Fail;
    data.run.checklist = CheckResult::toJsonArray({pass, warn, fail});
    const qint64 id = testdata::insert(m_store, data);
    SweepResultsView view;
    show(view, id);
    const ChecklistSummary *summary = view.checklistSummary();
    QCOMPARE(summary->countsText(), QStringLiteral("1 pass, 1 warn, 1 fail, 0 unknown"));
    // What does not pass, worst first.
    QCOMPARE(summary->listedItems(),
             (QStringList{QStringLiteral("CPU frequency governor performance"),
                          QStringLiteral("irqbalance stopped")}));
    QSignalSpy full(&view, &SweepResultsView::checklistRequested);
    auto *button = summary->findChild<QPushButton *>();
    QVERIFY(button && button->isEnabled());
    button->click();
    QCOMPARE(full.count(), 1);
    QCOMPARE(full.first().first().toLongLong(), id);
}

void TestResultsView::everyPointHasATooltip() {
    SweepResultsView view;
    show(view, m_baseline);
    // One per dot: 10.00 and 12.50 Mpps, with the interval of their means.
    const QStringList tips = view.ppsChart()->pointToolTips();
    QCOMPARE(tips.size(), 2);
    const QLocale locale;
    QVERIFY2(tips.at(0).startsWith(QStringLiteral("burst=1\n")), qPrintable(tips.at(0)));
    QVERIFY2(tips.at(0).contains(locale.toString(qint64(10000000)) + QStringLiteral(" pps")),
             qPrintable(tips.at(0)));
    QVERIFY2(tips.at(1).contains(locale.toString(qint64(12500000)) + QStringLiteral(" pps")),
             qPrintable(tips.at(1)));
    for (const QString &tip : tips) {
        QVERIFY2(tip.contains(QStringLiteral("95% CI of the mean: ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("median of 3 repetitions")), qPrintable(tip));
    }
    // The delta's with its interval and verdict: 20.00 ns saved, better.
    const QStringList deltaTips = view.deltaChart()->pointToolTips();
    QCOMPARE(deltaTips.size(), 1);
    QVERIFY2(deltaTips.first().contains(QStringLiteral("Δ 20.00 ns/packet")),
             qPrintable(deltaTips.first()));
    QVERIFY2(deltaTips.first().contains(QStringLiteral("95% CI of Δ (Welch): ")),
             qPrintable(deltaTips.first()));
    QVERIFY2(deltaTips.first().contains(QStringLiteral("verdict: better")),
             qPrintable(deltaTips.first()));
}

void TestResultsView::keyUnderTheChartsAndInTheFigure() {
    SweepResultsView view;
    view.resize(1280, 720);
    show(view, m_baseline);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString key = view.keyText();
    QVERIFY2(key.contains(QStringLiteral("dot: median of repetitions")), qPrintable(key));
    QVERIFY2(key.contains(QStringLiteral("band: 95% CI of Δ")), qPrintable(key));
    // No point of this run is disturbed: the key names no mark it does not draw.
    QVERIFY2(!key.contains(QStringLiteral("disturbed")), qPrintable(key));
    for (const auto &figure : view.figures()) {
        if (figure.second.chartCount() == 2) {
            QVERIFY2(figure.second.caption().contains(key), qPrintable(figure.second.caption()));
        }
    }
}

void TestResultsView::columnsChosenAreRemembered() {
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
    using M = ResultsTableModel;
    {
        SweepResultsView view;
        show(view, m_patch);
        const QHeaderView *header = view.resultsTable()->horizontalHeader();
        // The reader's first columns shown, the precision, bit rates and
        // warnings in the row's tooltip until asked for.
        for (int column : {M::PointColumn, M::PpsColumn, M::DeltaColumn, M::CiColumn,
                           M::VerdictColumn, M::NsColumn, M::RepsColumn, M::DisturbedColumn}) {
            QVERIFY2(!header->isSectionHidden(column), qPrintable(QString::number(column)));
        }
        QVERIFY(header->isSectionHidden(M::L2Column));
        const QString tip =
            view.resultsModel()->index(0, M::PpsColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("L2 Mbit/s: ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("precision: ")), qPrintable(tip));
        auto *chooser = view.resultsTable()->findChild<ColumnChooser *>();
        QVERIFY(chooser);
        chooser->setColumnHidden(M::L2Column, false);
        chooser->setColumnHidden(M::RepsColumn, true);
        QVERIFY(!header->isSectionHidden(M::L2Column));
    }
    // The next view (the next session) starts with the user's choice.
    SweepResultsView view;
    show(view, m_patch);
    const QHeaderView *header = view.resultsTable()->horizontalHeader();
    QVERIFY(!header->isSectionHidden(M::L2Column));
    QVERIFY(header->isSectionHidden(M::RepsColumn));
    QVERIFY(header->isSectionHidden(M::L1Column));
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
}

QTEST_MAIN(TestResultsView)
#include "tst_resultsview.moc"
