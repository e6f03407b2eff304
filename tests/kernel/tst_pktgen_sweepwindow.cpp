// The main window runs a kernel pktgen sweep chosen in its setup panel. The
// program runs inside the test guest (tests/guest/run-in-guest.sh),
// as the guest's root, offscreen; elsewhere it skips. The sweep starts the
// real pktgen engine on dummy0 and is stored as a pktgen run that the results
// and the runs list show; the checklist's "Try the fix" runs the gro fix on
// a veth device and says its verdict. Functional, not performance: the
// guest's CPUs are emulated.
#include "checklist/ChecklistView.h"
#include "host/Checklist.h"
#include "main/MainWindow.h"
#include "main/SweepToolBar.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "runs/RunsBrowser.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"
#include "sweep/SweepSession.h"
#include "sweep/SweepSetupPanel.h"

#include <QAbstractButton>
#include <QFile>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {
constexpr int sweepTimeoutMs = 240000;
constexpr qint64 count = 100000;
// Only a bound, which a slow or busy host's emulated CPU does not reach:
// each step ends on its count.
constexpr int stepBoundMs = 30000;
} // namespace

class TestPktgenSweepWindow : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void pktgenSweepFromTheSetupPanel();
    void tryTheFixFromTheChecklist();

  private:
    QTemporaryDir m_dir;
};

void TestPktgenSweepWindow::initTestCase() {
    if (!QFile::exists(QStringLiteral("/proc/net/pktgen/pgctrl")))
        QSKIP(
            "no pktgen here: this test runs inside the test kernel (tests/guest/run-in-guest.sh)");
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    if (!QFile::exists(QStringLiteral("/sys/class/net/dummy0")))
        QCOMPARE(
            QProcess::execute(QStringLiteral("ip"), {"link", "add", "dummy0", "type", "dummy"}), 0);
    QCOMPARE(QProcess::execute(QStringLiteral("ip"), {"link", "set", "dummy0", "up"}), 0);
}

void TestPktgenSweepWindow::pktgenSweepFromTheSetupPanel() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("gui.sqlite"))));
    SweepSetupPanel *setup = window.setupPanel();
    setup->setEngineKind(EngineKind::Pktgen);
    setup->setNetdev(QStringLiteral("dummy0"));
    setup->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,8,32"));
    setup->setSweepValues(1, QStringLiteral("none"), QString());
    setup->setTiming(2, stepBoundMs, 0, 0, false);
    setup->setFixedValue(QStringLiteral("count"), count);
    setup->setRunLabel(QStringLiteral("gui-kernel"));
    QVERIFY2(setup->isValid(), qPrintable(setup->invalidReason()));

    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QTest::mouseClick(window.sweepToolBar()->findChild<QAbstractButton *>("startButton"),
                      Qt::LeftButton);
    QVERIFY(window.sweepSession()->isRunning());
    QVERIFY(finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    const qint64 runId = finished.first().at(0).toLongLong();

    const std::optional<Run> run = window.store()->loadRun(runId);
    QVERIFY(run);
    QCOMPARE(toString(run->status), QStringLiteral("completed"));
    QCOMPARE(run->spec.engine.kind, EngineKind::Pktgen);
    QCOMPARE(run->spec.engine.device, QStringLiteral("dummy0"));
    QCOMPARE(run->hello.value("engine_kind").toString(), QStringLiteral("pktgen"));
    QCOMPARE(run->device(), QStringLiteral("dummy0 (dummy)"));
    const auto steps = window.store()->stepsOf(runId);
    QVERIFY(steps);
    QCOMPARE(steps->size(), 6);
    for (const StepResult &step : *steps) {
        QCOMPARE(toString(step.status), QStringLiteral("completed"));
        QVERIFY(step.measured);
        // pktgen checks its count after each send of a burst.
        QVERIFY(step.txPkts >= count && step.txPkts < count + 32);
        QCOMPARE(step.pps, step.measured->window.pps);
    }

    SweepResultsView *results = window.resultsView();
    QCOMPARE(results->resultsModel()->rowCount(), 3);
    QCOMPARE(results->resultsModel()->index(0, ResultsTableModel::PointColumn).data().toString(),
             QStringLiteral("burst=1"));
    QCOMPARE(results->resultsModel()->index(2, ResultsTableModel::RepsColumn).data().toInt(), 2);
    QVERIFY(results->resultsModel()
                ->index(2, ResultsTableModel::PpsColumn)
                .data(Qt::UserRole)
                .toDouble() > 0);
    QCOMPARE(window.runsBrowser()->model()->rowCount(), 1);
    QVERIFY2(window.sweepSession()->engineDescription().contains(QStringLiteral("pktgen")),
             qPrintable(window.sweepSession()->engineDescription()));
}

// gro on a veth device of its own, off as veth starts: the offloads item's
// gro fix offered, run on the setup's count and reps, stored as "try-fix
// gro" with both values, its verdict in the status bar, gro off again.
void TestPktgenSweepWindow::tryTheFixFromTheChecklist() {
    const QString device = QStringLiteral("tw1");
    if (!QFile::exists("/sys/class/net/" + device))
        QCOMPARE(QProcess::execute(QStringLiteral("ip"),
                                   {"link", "add", "tw0", "type", "veth", "peer", "name", device}),
                 0);
    QCOMPARE(QProcess::execute(QStringLiteral("ip"), {"link", "set", "tw0", "up"}), 0);
    QCOMPARE(QProcess::execute(QStringLiteral("ip"), {"link", "set", device, "up"}), 0);
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("tryfix.sqlite"))));
    SweepSetupPanel *setup = window.setupPanel();
    setup->setEngineKind(EngineKind::Pktgen);
    setup->setNetdev(device);
    setup->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,8"));
    setup->setSweepValues(1, QStringLiteral("none"), QString());
    setup->setTiming(2, stepBoundMs, 0, 0, false);
    setup->setFixedValue(QStringLiteral("count"), 20000);
    QVERIFY2(setup->isValid(), qPrintable(setup->invalidReason()));

    ChecklistView *checklist = window.checklistView();
    QSignalSpy probed(checklist, &ChecklistView::probeFinished);
    checklist->reprobe();
    QVERIFY(probed.wait(60000));
    qsizetype row = -1;
    for (qsizetype i = 0; i < checklist->results().size(); ++i) {
        if (checklist->results()[i].id == QLatin1String("offloads"))
            row = i;
    }
    QVERIFY(row >= 0);
    QCOMPARE(checklist->results()[row].values["gro"].toString(), QStringLiteral("off"));
    checklist->findChild<QTableView *>()->selectRow(int(row));
    QPushButton *tryFix = nullptr;
    for (QPushButton *b : checklist->findChildren<QPushButton *>()) {
        if (b->text() == QStringLiteral("Try the fix"))
            tryFix = b;
    }
    QVERIFY(tryFix && tryFix->isEnabled());
    QAction *gro = nullptr;
    for (QAction *a : tryFix->menu()->actions()) {
        if (a->text() == "gro off -> on on " + device)
            gro = a;
    }
    QVERIFY(gro && gro->isEnabled());
    // The row's details name the device the fix reads and sets, and what it read there.
    const QString details = checklist->findChild<QTextBrowser *>()->toPlainText();
    QVERIFY2(details.contains("Try the fix: gro off -> on on " + device), qPrintable(details));

    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    gro->trigger();
    QVERIFY(window.sweepSession()->isRunning());
    QVERIFY(finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    const auto data = window.store()->loadRunData(finished.first().at(0).toLongLong());
    QVERIFY(data);
    QCOMPARE(data->run.label, QStringLiteral("try-fix gro"));
    QCOMPARE(data->run.spec.axisNames(), QStringList{"gro"});
    QCOMPARE(data->run.spec.fixed.value("count").toInteger(), 20000);
    QCOMPARE(data->results().size(), 4);
    const QString said = window.statusBar()->currentMessage();
    QVERIFY2(said.startsWith("try-fix gro off -> on on " + device + ": "), qPrintable(said));
    // The engine put gro back as found.
    CheckResult now = Checklist::builtIn().run(*Checklist::builtIn().item("offloads"),
                                               ProbeContext::forLaunch(setup->spec().engine));
    QCOMPARE(now.values["gro"].toString(), QStringLiteral("off"));
    QCOMPARE(QProcess::execute(QStringLiteral("ip"), {"link", "del", "tw0"}), 0);
}

QTEST_MAIN(TestPktgenSweepWindow)
#include "tst_pktgen_sweepwindow.moc"
