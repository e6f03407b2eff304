// The compare view over two stored runs: the per-point delta table with its
// verdicts, both charts overlaid, and the host differences.
#include "UiTestData.h"
#include "charts/DeltaChart.h"
#include "charts/PpsChart.h"
#include "compare/CompareChecklists.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "host/CheckResult.h"
#include "store/RunStore.h"

#include <QListWidget>
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
    void oneDimensionRunMeetsTheMatchingSeries();
    void runsWithNothingInCommonSayWhy();
    void fixedSettingsThatDifferAreListed();
    void pickerComparesTheTickedRuns();
    void checklistsSideBySide();

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
    QCOMPARE(cell(view, 0, M::columnOf(0, M::PpsField)), QStringLiteral("10,000,000"));
    // 10 Mpps of 60-byte frames: 4800 Mbit/s as sent, 6720 on the wire.
    QCOMPARE(cell(view, 0, M::columnOf(0, M::BitsField)), QStringLiteral("4800.00 / 6720.00"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::PpsField)), QStringLiteral("12,500,000"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::DeltaField)), QStringLiteral("20.00"));
    QCOMPARE(cell(view, 0, M::columnOf(1, M::VerdictField)), QStringLiteral("better"));
    QCOMPARE(cell(view, 1, M::columnOf(1, M::VerdictField)), QStringLiteral("within noise"));
    // Headed by its id, short for a laptop, named whole in the tooltip.
    const int pps = M::columnOf(1, M::PpsField);
    QCOMPARE(model->headerData(pps, Qt::Horizontal).toString(),
             QStringLiteral("#%1 pps").arg(m_patch));
    const QString tip = model->headerData(pps, Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(QStringLiteral("#%1 patch2").arg(m_patch)), qPrintable(tip));

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

namespace {
// The table row whose point reads text, or -1.
int rowOf(const CompareTableModel *model, const QString &text) {
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data().toString() == text) {
            return row;
        }
    }
    return -1;
}

double twoAxisPps(qint64 burst, qint64 clone) {
    return 1e6 * double(burst) * (clone == 0 ? 1.0 : 2.0);
}
} // namespace

void TestCompareView::oneDimensionRunMeetsTheMatchingSeries() {
    // A burst x clone sweep, and a burst sweep that held clone at 64: the
    // second is compared with the clone=64 series of the first, not clone=0.
    const qint64 twoD = testdata::insert(
        m_store, testdata::burstCloneRun(QStringLiteral("2d"), {1, 8, 32}, {0, 64}, twoAxisPps));
    RunData oneDData = testdata::burstRun(
        QStringLiteral("1d"), {{1, {4.0e6, 4.04e6, 3.96e6}}, {8, {16e6, 16.16e6, 15.84e6}}});
    oneDData.run.spec.fixed = {{QStringLiteral("clone"), 64}};
    const qint64 oneD = testdata::insert(m_store, oneDData);

    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({twoD, oneD}));
    const CompareTableModel *model = view.tableModel();
    QCOMPARE(model->rowCount(), 6);
    const int matched = rowOf(model, QStringLiteral("burst=1 clone=64"));
    const int other = rowOf(model, QStringLiteral("burst=1 clone=0"));
    QVERIFY(matched >= 0 && other >= 0);
    // 2 Mpps (500 ns) in the 2-D run, 4 Mpps (250 ns) in the 1-D run: 250 ns faster.
    using M = CompareTableModel;
    QCOMPARE(cell(view, matched, M::columnOf(0, M::PpsField)), QStringLiteral("2,000,000"));
    QCOMPARE(cell(view, matched, M::columnOf(1, M::PpsField)), QStringLiteral("4,000,000"));
    QCOMPARE(cell(view, matched, M::columnOf(1, M::DeltaField)), QStringLiteral("250.00"));
    QCOMPARE(cell(view, matched, M::columnOf(1, M::VerdictField)), QStringLiteral("better"));
    QCOMPARE(cell(view, other, M::columnOf(1, M::PpsField)), QStringLiteral("—"));
    QVERIFY2(view.message().contains(QStringLiteral("compared")), qPrintable(view.message()));

    // Legends tell the series apart by their value and name the run.
    const QStringList names = view.ppsChart()->legendLabels();
    QCOMPARE(names, (QStringList{QStringLiteral("clone=0 · 2d"), QStringLiteral("clone=64 · 2d"),
                                 QStringLiteral("clone=64 · 1d")}));
    QCOMPARE(view.deltaChart()->legendLabels(), QStringList{QStringLiteral("clone=64 · 1d")});
}

void TestCompareView::runsWithNothingInCommonSayWhy() {
    const qint64 twoD = testdata::insert(
        m_store, testdata::burstCloneRun(QStringLiteral("2d"), {1, 8}, {0, 64}, twoAxisPps));
    RunData clone8 = testdata::burstRun(QStringLiteral("clone8"), {{1, {4e6}}, {8, {9e6}}});
    clone8.run.spec.fixed = {{QStringLiteral("clone"), 8}};
    const qint64 other = testdata::insert(m_store, clone8);
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({twoD, other}));
    QVERIFY2(view.message().contains(QStringLiteral("clone is 0,64 in 2d but 8 in clone8")),
             qPrintable(view.message()));
    QVERIFY2(view.differences().first().contains(QStringLiteral("shares no point")),
             qPrintable(view.differences().join(u'\n')));
}

void TestCompareView::fixedSettingsThatDifferAreListed() {
    RunData clone64 = testdata::burstRun(QStringLiteral("clone64"),
                                         {{1, {10e6, 10.1e6, 9.9e6}}, {2, {15e6, 15.2e6, 14.8e6}}});
    clone64.run.spec.fixed = {{QStringLiteral("clone"), 64}};
    const qint64 id = testdata::insert(m_store, clone64);
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({m_baseline, id}));
    // Neither sweeps clone: they meet by burst, and the clone setting is named.
    QCOMPARE(view.tableModel()->rowCount(), 2);
    QVERIFY2(
        view.differences().contains(QStringLiteral("Setting: clone: 0 in baseline, 64 in clone64")),
        qPrintable(view.differences().join(u'\n')));
}

void TestCompareView::pickerComparesTheTickedRuns() {
    CompareView view;
    view.setStore(&m_store);
    QListWidget *picker = view.runPicker();
    QVERIFY(picker->count() >= 2);
    const auto item = [picker](qint64 id) -> QListWidgetItem * {
        for (int i = 0; i < picker->count(); ++i) {
            if (picker->item(i)->data(Qt::UserRole).toLongLong() == id) {
                return picker->item(i);
            }
        }
        return nullptr;
    };
    item(m_patch)->setCheckState(Qt::Checked);
    QVERIFY(view.runIds().isEmpty() || view.runIds() == QList<qint64>{m_patch});
    item(m_baseline)->setCheckState(Qt::Checked);
    // The first ticked is the baseline until another is chosen.
    QCOMPARE(view.runIds(), (QList<qint64>{m_patch, m_baseline}));
    QCOMPARE(view.tableModel()->rowCount(), 2);
    QVERIFY(view.setBaseline(m_baseline));
    QCOMPARE(view.runIds(), (QList<qint64>{m_baseline, m_patch}));
    item(m_patch)->setCheckState(Qt::Unchecked);
    QCOMPARE(view.tableModel()->rowCount(), 0);
    // compareRuns ticks what it compares.
    QVERIFY(view.compareRuns({m_baseline, m_patch}));
    QCOMPARE(item(m_patch)->checkState(), Qt::Checked);
}

void TestCompareView::checklistsSideBySide() {
    // The governor changed between the runs; the clocksource did not; only
    // the second run probed the ring size; the load failed in both, with
    // another load each time (a busy host).
    const auto item = [](const QString &id, CheckStatus status, const QString &current) {
        CheckResult result;
        result.id = id;
        result.title = id + QStringLiteral(" title");
        result.status = status;
        result.current = current;
        return result;
    };
    RunData before = testdata::burstRun(QStringLiteral("before"), {{1, {10e6, 10e6}}});
    before.run.checklist = CheckResult::toJsonArray(
        {item(QStringLiteral("clocksource"), CheckStatus::Pass, QStringLiteral("tsc")),
         item(QStringLiteral("governor"), CheckStatus::Pass, QStringLiteral("performance")),
         item(QStringLiteral("other_load"), CheckStatus::Fail, QStringLiteral("load 1.90"))});
    RunData after = testdata::burstRun(QStringLiteral("after"), {{1, {11e6, 11e6}}});
    after.run.checklist = CheckResult::toJsonArray(
        {item(QStringLiteral("clocksource"), CheckStatus::Pass, QStringLiteral("tsc")),
         item(QStringLiteral("governor"), CheckStatus::Warn, QStringLiteral("powersave")),
         item(QStringLiteral("ring"), CheckStatus::Unknown, QString()),
         item(QStringLiteral("other_load"), CheckStatus::Fail, QStringLiteral("load 0.70"))});
    const qint64 first = testdata::insert(m_store, before);
    const qint64 second = testdata::insert(m_store, after);
    CompareView view;
    view.setStore(&m_store);
    QVERIFY(view.compareRuns({first, second}));
    const CompareChecklists *lists = view.checklists();
    QCOMPARE(lists->columnCount(), 2);
    QCOMPARE(lists->rowCount(), 4);
    // A changed status first, in the baseline's order, then a changed value
    // alone, then the rest.
    QCOMPARE(lists->differingItems(),
             (QStringList{QStringLiteral("governor title"), QStringLiteral("ring title")}));
    QCOMPARE(lists->verticalHeaderItem(0)->text(), QStringLiteral("governor title"));
    QCOMPARE(lists->item(0, 0)->text(), QStringLiteral("pass"));
    QCOMPARE(lists->item(0, 1)->text(), QStringLiteral("warn"));
    QVERIFY(lists->item(0, 1)->font().bold());
    QVERIFY(!lists->item(0, 0)->font().bold());
    QVERIFY2(lists->item(0, 1)->toolTip().contains(QStringLiteral("powersave")),
             qPrintable(lists->item(0, 1)->toolTip()));
    QCOMPARE(lists->item(1, 0)->text(), QStringLiteral("not probed"));
    // "fail" beside "fail": not a difference, the other value quietly noted.
    QCOMPARE(lists->verticalHeaderItem(2)->text(), QStringLiteral("other_load title"));
    QCOMPARE(lists->item(2, 0)->text(), QStringLiteral("fail"));
    QCOMPARE(lists->item(2, 1)->text(), QStringLiteral("fail"));
    QVERIFY(!lists->item(2, 1)->font().bold());
    QVERIFY(lists->item(2, 1)->font().italic());
    QVERIFY(!lists->item(2, 1)->background().style());
    QVERIFY2(
        lists->item(2, 1)->toolTip().contains(QStringLiteral("#%1 found: load 1.90").arg(first)),
        qPrintable(lists->item(2, 1)->toolTip()));
    QVERIFY(!lists->item(0, 1)->font().italic());
    QCOMPARE(lists->verticalHeaderItem(3)->text(), QStringLiteral("clocksource title"));
    QVERIFY(!lists->item(3, 1)->font().bold());
    QVERIFY(!lists->item(3, 1)->font().italic());
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
