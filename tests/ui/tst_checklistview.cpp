// The checklist view: stored results with their fix commands (copyable), and
// a re-probe of this host that runs off the GUI thread.
#include "checklist/ChecklistModel.h"
#include "checklist/ChecklistView.h"
#include "host/Checklist.h"

#include <QApplication>
#include <QClipboard>
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
    void pktgenDeviceIsProbedAsAKernelNetdev();
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
    view.setPortSpec(QStringLiteral("net_null0"));
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

// A DPDK virtual device has no kernel netdev to probe; the device pktgen
// sends on is one, named as it is.
void TestChecklistView::pktgenDeviceIsProbedAsAKernelNetdev() {
    const auto noNetdev = [](const ChecklistView &view) {
        qsizetype count = 0;
        for (const CheckResult &r : view.results()) {
            count += r.detail.startsWith(QStringLiteral("no kernel netdev")) ? 1 : 0;
        }
        return count;
    };
    ChecklistView view;
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    EngineLaunch launch;
    launch.vdevs = {QStringLiteral("net_null0")};
    view.setPort(launch);
    view.reprobe();
    QVERIFY(done.wait(30000));
    QVERIFY(noNetdev(view) > 0);

    launch.kind = EngineKind::Pktgen;
    launch.device = QStringLiteral("lo");
    view.setPort(launch);
    view.reprobe();
    QVERIFY(done.wait(30000));
    QCOMPARE(noNetdev(view), 0);
}

QTEST_MAIN(TestChecklistView)
#include "tst_checklistview.moc"
