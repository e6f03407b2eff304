// The checklist view: stored results with their fix commands (copyable), and
// a re-probe of this host that runs off the GUI thread.
#include "checklist/ChecklistModel.h"
#include "checklist/ChecklistView.h"
#include "host/Checklist.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace burstlab;

namespace {
CheckResult result(const QString &id, CheckStatus status, const QString &fix) {
    CheckResult r;
    r.id = id;
    r.title = id + QStringLiteral(" title");
    r.status = status;
    r.current = QStringLiteral("current of ") + id;
    r.recommended = QStringLiteral("recommended of ") + id;
    r.why = QStringLiteral("why ") + id + QStringLiteral(" matters");
    r.fix = fix;
    return r;
}
} // namespace

class TestChecklistView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void showsStoredResultsWithFixes();
    void reprobesThisHost();
    void probesWhenFirstShown();
    void judgesAPktgenRunOnItsDevice();
};

void TestChecklistView::showsStoredResultsWithFixes() {
    ChecklistView view;
    view.showStored({result(QStringLiteral("governor"), CheckStatus::Fail,
                            QStringLiteral("cpupower frequency-set -g performance")),
                     result(QStringLiteral("smt"), CheckStatus::Pass, QString())},
                    QStringLiteral("Stored with run #7"));
    // Stored results shown first: showing the view does not replace them by a probe.
    view.show();
    auto *table = view.findChild<QTableView *>();
    QCOMPARE(table->model()->rowCount(), 2);
    QCOMPARE(table->model()->index(0, ChecklistModel::StatusColumn).data().toString(),
             QStringLiteral("fail"));
    QCOMPARE(table->model()->index(0, ChecklistModel::RecommendedColumn).data().toString(),
             QStringLiteral("recommended of governor"));
    QVERIFY(
        !table->model()->index(0, ChecklistModel::StatusColumn).data(Qt::DecorationRole).isNull());

    auto *fix = view.findChild<QLineEdit *>();
    QPushButton *copy = nullptr;
    for (QPushButton *button : view.findChildren<QPushButton *>()) {
        if (button->text() == QStringLiteral("Copy")) {
            copy = button;
        }
    }
    QVERIFY(copy);
    QCOMPARE(fix->text(), QStringLiteral("cpupower frequency-set -g performance"));
    QVERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), fix->text());

    // An item without a fix command offers nothing to copy.
    table->selectRow(1);
    QVERIFY(fix->text().isEmpty());
    QVERIFY(!copy->isEnabled());
}

void TestChecklistView::reprobesThisHost() {
    ChecklistView view;
    EngineLaunch launch;
    launch.vdevs = {QStringLiteral("net_null0")};
    view.setLaunch(launch);
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.reprobe();
    QVERIFY(done.wait(30000));
    QCOMPARE(view.results().size(), Checklist::builtIn().items().size());
    QVERIFY(view.results().size() >= 10);
}

void TestChecklistView::probesWhenFirstShown() {
    ChecklistView view;
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.show();
    QVERIFY(done.wait(30000));
    QVERIFY(!view.results().isEmpty());
}

namespace {
QStringList ids(const QList<CheckResult> &results) {
    QStringList out;
    for (const CheckResult &r : results)
        out << r.id;
    return out;
}
} // namespace

// A pktgen run is judged on its kernel device by pktgen's items: DPDK's set-up
// (hugepages, PCI binding) is left out, and the caption names the device.
void TestChecklistView::judgesAPktgenRunOnItsDevice() {
    ChecklistView view;
    EngineLaunch launch;
    launch.kind = EngineKind::Pktgen;
    launch.device = QStringLiteral("lo");
    view.setLaunch(launch);
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.reprobe();
    QVERIFY(done.wait(30000));
    const Checklist checklist = Checklist::builtIn();
    qsizetype pktgenItems = 0;
    for (const CheckItem &item : checklist.items())
        pktgenItems += item.appliesTo(EngineKind::Pktgen) ? 1 : 0;
    QCOMPARE(view.results().size(), pktgenItems);
    QVERIFY(pktgenItems < checklist.items().size());
    QVERIFY(!ids(view.results()).contains(QStringLiteral("hugepages")));
    QVERIFY(!ids(view.results()).contains(QStringLiteral("pci_binding")));
    bool captionNamesDevice = false;
    for (const QLabel *label : view.findChildren<QLabel *>())
        captionNamesDevice |= label->text().contains(QStringLiteral(", for lo, probed"));
    QVERIFY(captionNamesDevice);
}

QTEST_MAIN(TestChecklistView)
#include "tst_checklistview.moc"
