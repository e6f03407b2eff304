// The main window driving the real engine on net_null: a burst sweep fills the
// results table and both charts; Stop leaves a stored run marked interrupted
// that resumes to completion; an engine that cannot start is reported in the
// window; until precise and re-running disturbed repetitions, chosen in the
// form, are the sweep the runner runs, and the busy-host banner follows the
// load watch; "Run again" on a CLI run made with every option away from its
// default runs the same sweep; a shared store's server that goes for good
// mid-sweep leaves the run whole in a local copy, and the window says where
// and how to move it. Steps are short (150 ms, one to three repetitions, two to four
// points).
#include "ThrowawayPostgres.h"
#include "charts/DeltaChart.h"
#include "charts/LiveRateChart.h"
#include "charts/PpsChart.h"
#include "checklist/ChecklistSummary.h"
#include "host/CheckResult.h"
#include "log/LogPane.h"
#include "main/LoadBanner.h"
#include "main/MainWindow.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "runs/RunsBrowser.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"
#include "sweep/RunWriter.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSession.h"
#include "sweep/SweepSetupPanel.h"

#include "main/SweepToolBar.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <atomic>
#include <memory>

using namespace burstlab;

namespace {
constexpr int sweepTimeoutMs = 60000;

// The toolbar's Start, Stop and Resume buttons.
QAbstractButton *button(MainWindow &window, const char *name) {
    return window.sweepToolBar()->findChild<QAbstractButton *>(QString::fromLatin1(name));
}

// Answers the next modal question (quit during a sweep) with the given button.
void answerNextQuestion(QMessageBox::StandardButton answer) {
    QTimer::singleShot(0, [answer] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            box->button(answer)->click();
        }
    });
}

void setUpSweep(MainWindow &window, const QString &values, int reps, const QString &label) {
    SweepSetupPanel *setup = window.setupPanel();
    setup->setDevice(QStringLiteral("net_null0"));
    setup->setSweepValues(0, QStringLiteral("burst"), values);
    setup->setSweepValues(1, QStringLiteral("none"), QString());
    setup->setTiming(reps, 150, 20, 0, false);
    setup->setRunLabel(label);
}
} // namespace

class TestSweepWindow : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    // The window restores the last sweep set up: every test starts from the defaults.
    void init() { QSettings().clear(); }
    void realSweepFillsTableAndCharts();
    void untilPreciseAndRerunReachTheRunner();
    void stopMidSweepLeavesInterruptedRun();
    void stopWhileProbingSaysNothingWasStored();
    void engineThatCannotStartIsReported();
    void closingMidSweepKeepsTheRun();
    void quitMidSweepKeepsTheSetup();
    void quitQuestionFollowsTheSweep();
    void runAgainReproducesACliRun();
    void lostStoreKeepsTheRunLocally();

  private:
    QTemporaryDir m_dir;
};

void TestSweepWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    const QString engine = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-engine");
    QVERIFY2(QFileInfo(engine).isExecutable(), qPrintable(engine + " is not built"));
}

void TestSweepWindow::realSweepFillsTableAndCharts() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("sweep.sqlite"))));
    setUpSweep(window, QStringLiteral("1,8,32"), 2, QStringLiteral("baseline"));
    QVERIFY2(window.setupPanel()->isValid(), qPrintable(window.setupPanel()->invalidReason()));

    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QSignalSpy running(window.sweepSession(), &SweepSession::runningChanged);
    QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
    QVERIFY(window.sweepSession()->isRunning());
    QVERIFY(!button(window, "startButton")->isEnabled());
    QVERIFY(button(window, "stopButton")->isEnabled());
    QVERIFY(finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    QCOMPARE(running.count(), 2);
    const qint64 runId = finished.first().at(0).toLongLong();
    QVERIFY(runId > 0);

    SweepResultsView *results = window.resultsView();
    QCOMPARE(results->resultsModel()->rowCount(), 3);
    QCOMPARE(results->ppsChart()->dataPointCount(), 3);
    // Deltas against the previous point: none for the first point.
    QCOMPARE(results->deltaChart()->dataPointCount(), 2);
    // 150 ms steps are sampled every 20 ms, not at the engine's 10 Hz default
    // (one sample, two at most): the live chart shows the last step's course
    // (half its samples, should a busy host delay the engine's main lcore),
    // and the steps before it.
    QVERIFY2(results->liveChart()->dataPointCount() >= 4,
             qPrintable(QString::number(results->liveChart()->dataPointCount())));
    QCOMPARE(results->liveChart()->earlierSteps(), 3);
    const QModelIndex first = results->resultsModel()->index(0, ResultsTableModel::PointColumn);
    QCOMPARE(first.data().toString(), QStringLiteral("burst=1"));
    const QModelIndex pps = results->resultsModel()->index(2, ResultsTableModel::PpsColumn);
    QVERIFY(pps.data(Qt::UserRole).toDouble() > 0);
    QCOMPARE(results->resultsModel()->index(2, ResultsTableModel::RepsColumn).data().toInt(), 2);

    const std::optional<Run> run = window.store()->loadRun(runId);
    QVERIFY(run);
    QCOMPARE(toString(run->status), QStringLiteral("completed"));
    QCOMPARE(run->label, QStringLiteral("baseline"));
    QVERIFY(!run->checklist.isEmpty());
    // The side checklist is the stored one, with the load watch's verdict the
    // runner adds as the run ends, not the one probed before the first step.
    QCOMPARE(results->checklistSummary()->countsText(),
             CheckResult::summary(CheckResult::fromJsonArray(run->checklist)));
    // On a busy host the window check may reject a repetition: it is stored as
    // invalid and run again, so the store holds 2 completed steps per point
    // beside any invalid ones.
    const auto steps = window.store()->stepsOf(runId);
    QVERIFY(steps);
    int completed = 0;
    for (const StepResult &step : *steps) {
        if (step.status == RunStatus::Completed) {
            ++completed;
        } else {
            QCOMPARE(toString(step.status), QStringLiteral("invalid"));
        }
    }
    QCOMPARE(completed, 6);
    QCOMPARE(window.runsBrowser()->model()->rowCount(), 1);
    QVERIFY(!window.sweepSession()->engineDescription().isEmpty());
}

void TestSweepWindow::stopMidSweepLeavesInterruptedRun() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("stop.sqlite"))));
    window.sweepSession()->setRecordHost(false);
    setUpSweep(window, QStringLiteral("1,2,4,8"), 1, QStringLiteral("stopped"));
    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
    // Stop once the first step is in the table, while the sweep is still going.
    QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->resultsModel()->rowCount() >= 1 ||
                                 !finished.isEmpty(),
                             sweepTimeoutMs);
    QVERIFY2(finished.isEmpty(), qPrintable(finished.value(0).value(2).toString()));
    QVERIFY(window.sweepSession()->isRunning());
    // Escape closes a drop-down the user opened during the sweep, and
    // pressed again on the window, does nothing: the sweep goes on.
    auto *against = window.resultsView()->findChild<QComboBox *>();
    QVERIFY(against);
    against->showPopup();
    QTRY_VERIFY(QApplication::activePopupWidget());
    QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Escape);
    QTRY_VERIFY(!QApplication::activePopupWidget());
    QTest::keyClick(&window, Qt::Key_Escape);
    QApplication::processEvents();
    QVERIFY(window.sweepSession()->isRunning());
    QTest::mouseClick(button(window, "stopButton"), Qt::LeftButton);
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(finished.first().at(1).toBool(), false);
    const qint64 runId = finished.first().at(0).toLongLong();

    const std::optional<Run> run = window.store()->loadRun(runId);
    QVERIFY(run);
    QCOMPARE(toString(run->status), QStringLiteral("interrupted"));
    const int measured = int(window.store()->completedPoints(runId)->size());
    QVERIFY2(measured >= 1 && measured < 4, qPrintable(QString::number(measured)));
    // The bar keeps the steps reached and says the sweep was stopped.
    SweepToolBar *toolbar = window.sweepToolBar();
    QVERIFY2(toolbar->progressValue() >= measured, qPrintable(toolbar->progressText()));
    QVERIFY2(toolbar->progressText().startsWith(QStringLiteral("Stopped at ")),
             qPrintable(toolbar->progressText()));

    // The runs browser shows it as interrupted and offers to resume it.
    RunsBrowser *runs = window.runsBrowser();
    QCOMPARE(runs->model()->rowCount(), 1);
    const QModelIndex status = runs->model()->index(0, RunsTableModel::StatusColumn);
    QCOMPARE(status.data().toString(), QStringLiteral("interrupted"));
    QVERIFY(!status.data(Qt::DecorationRole).isNull());
    runs->selectRuns({runId});
    QSignalSpy resume(runs, &RunsBrowser::resumeRequested);
    QAction *resumeAction = nullptr;
    for (QAction *action : runs->table()->actions()) {
        if (action->text() == QStringLiteral("Resume")) {
            resumeAction = action;
        }
    }
    QVERIFY(resumeAction && resumeAction->isEnabled());
    resumeAction->trigger();
    QCOMPARE(resume.count(), 1);
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(finished.last().at(1).toBool(), true);
    QCOMPARE(toString(window.store()->loadRun(runId)->status), QStringLiteral("completed"));
    QCOMPARE(window.store()->completedPoints(runId)->size(), 4);
    QCOMPARE(window.resultsView()->resultsModel()->rowCount(), 4);
}

void TestSweepWindow::untilPreciseAndRerunReachTheRunner() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("precise.sqlite"))));
    window.sweepSession()->setRecordHost(false);
    setUpSweep(window, QStringLiteral("1,8"), 1, QStringLiteral("precise"));
    SweepSetupPanel *setup = window.setupPanel();
    auto *mode = setup->findChild<QComboBox *>(QStringLiteral("repsMode"));
    auto *reps = setup->findChild<QSpinBox *>(QStringLiteral("reps"));
    auto *rerun = setup->findChild<QCheckBox *>(QStringLiteral("rerunDisturbed"));
    QVERIFY(mode && reps && rerun);
    mode->setCurrentIndex(mode->findData(QStringLiteral("until_precise")));
    reps->setValue(PrecisionTarget::kMinReps); // the maximum: one round
    rerun->setChecked(true);

    QSignalSpy stored(window.sweepSession(), &SweepSession::runStored);
    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
    QVERIFY(stored.wait(sweepTimeoutMs));
    auto *runner = window.sweepSession()->findChild<SweepRunner *>();
    QVERIFY(runner);
    const SweepSpec &spec = runner->run().spec;
    QVERIFY(spec.untilPrecise);
    QCOMPARE(spec.untilPrecise->maxReps, PrecisionTarget::kMinReps);
    QCOMPARE(spec.reps, PrecisionTarget::kMinReps);
    QVERIFY(spec.noise.rerunDisturbed);

    // The banner while the load watch sees a task on a TX core's CPU, not after.
    LoadBanner *banner = window.loadBanner();
    LoadSample busy;
    busy.cpus = {1};
    busy.onTxCpus = {QStringLiteral("cc1plus (4123) on CPU 1")};
    busy.load1 = 2.5;
    // The run is stored before its first step: the sweep is still running.
    QVERIFY(window.sweepSession()->isRunning());
    // It holds its place and its height for the whole sweep, busy or quiet,
    // one task or many: nothing below it moves.
    QVERIFY(banner->isVisible());
    QApplication::processEvents();
    const QRect place = banner->geometry();
    const QRect tabs = window.tabs()->geometry();
    emit window.sweepSession()->loadSampled(busy);
    QVERIFY(banner->isBusy());
    QVERIFY2(banner->text().contains(busy.describe()), qPrintable(banner->text()));
    emit window.sweepSession()->loadSampled(LoadSample{});
    QVERIFY(!banner->isBusy());
    QVERIFY(banner->isVisible());
    LoadSample crowded = busy;
    for (int task = 0; task < 40; ++task) {
        crowded.onTxCpus.append(QStringLiteral("stress-ng-cpu (%1) on CPU 1").arg(5000 + task));
    }
    emit window.sweepSession()->loadSampled(crowded);
    QVERIFY(banner->isBusy());
    QVERIFY2(banner->text().contains(crowded.describe()), qPrintable(banner->text()));
    QApplication::processEvents();
    QCOMPARE(banner->geometry(), place);
    QCOMPARE(window.tabs()->geometry(), tabs);
    QVERIFY(finished.count() == 1 || finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    QVERIFY(!banner->isVisible());
    emit window.sweepSession()->loadSampled(busy);
    QVERIFY(!banner->isVisible());

    // Stored as run, and the table counts what the core counted.
    const qint64 runId = finished.first().at(0).toLongLong();
    const RunData data = *window.store()->loadRunData(runId);
    QCOMPARE(data.run.spec.untilPrecise, spec.untilPrecise);
    QVERIFY(data.run.spec.noise.rerunDisturbed);
    const QList<PointStats> stats = PointStats::ofRun(data);
    const ResultsTableModel *model = window.resultsView()->resultsModel();
    QCOMPARE(model->rowCount(), 2);
    for (int r = 0; r < model->rowCount(); ++r) {
        // One round of kMinReps, each counted valid or invalid (a busy host
        // can spoil one), and the table says the core's count.
        QVERIFY(stats[r].ppsSummary.n + stats[r].invalid >= PrecisionTarget::kMinReps);
        QCOMPARE(model->index(r, ResultsTableModel::RepsColumn).data(Qt::UserRole).toInt(),
                 stats[r].ppsSummary.n);
        QCOMPARE(
            model->index(r, ResultsTableModel::RepsColumn).data().toString(),
            stats[r].invalid > 0
                ? QStringLiteral("%1 + %2 invalid").arg(stats[r].ppsSummary.n).arg(stats[r].invalid)
                : QString::number(stats[r].ppsSummary.n));
        QCOMPARE(model->index(r, ResultsTableModel::DisturbedColumn).data().toInt(),
                 stats[r].disturbance.disturbed);
        QCOMPARE(model->index(r, ResultsTableModel::PrecisionColumn).data().toString(),
                 stats[r].precision.shareText());
    }
}

void TestSweepWindow::stopWhileProbingSaysNothingWasStored() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("probing.sqlite"))));
    window.sweepSession()->setRecordHost(true);
    auto *runner = window.sweepSession()->findChild<SweepRunner *>();
    QVERIFY(runner);
    // The probe runs in a pool thread: it holds there until Stop was clicked.
    auto probing = std::make_shared<std::atomic<bool>>(false);
    auto release = std::make_shared<QSemaphore>();
    runner->setHostProbe([probing, release](const auto &, const QJsonObject &) {
        *probing = true;
        release->acquire();
        return HostRecord{};
    });
    setUpSweep(window, QStringLiteral("1,2"), 1, QStringLiteral("probing"));
    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    window.startSweep();
    QTRY_VERIFY_WITH_TIMEOUT(*probing || !finished.isEmpty(), sweepTimeoutMs);
    QVERIFY2(finished.isEmpty(), qPrintable(finished.value(0).value(2).toString()));
    QTest::mouseClick(button(window, "stopButton"), Qt::LeftButton);
    release->release();
    QVERIFY(finished.count() == 1 || finished.wait(sweepTimeoutMs));
    QCOMPARE(finished.first().at(0).toLongLong(), 0);
    const QString progress = window.sweepToolBar()->progressText();
    QVERIFY2(progress.contains(QStringLiteral("Nothing was stored")), qPrintable(progress));
    QVERIFY2(!progress.contains(QStringLiteral("Resume it")), qPrintable(progress));
}

void TestSweepWindow::engineThatCannotStartIsReported() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("fail.sqlite"))));
    setUpSweep(window, QStringLiteral("1,2"), 1, QString());
    SweepSpec spec = window.setupPanel()->spec();
    spec.engine.enginePath = m_dir.filePath(QStringLiteral("no-such-engine"));
    window.setupPanel()->setSpec(spec);
    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    window.startSweep();
    QVERIFY(finished.count() == 1 || finished.wait(sweepTimeoutMs));
    QCOMPARE(finished.first().at(1).toBool(), false);
    const QString error = finished.first().at(2).toString();
    QVERIFY2(error.contains(QStringLiteral("no-such-engine")), qPrintable(error));
    QVERIFY2(window.logPane()->text().contains(QStringLiteral("ERROR")),
             qPrintable(window.logPane()->text()));
    QVERIFY(!window.sweepSession()->isRunning());
    QVERIFY(button(window, "startButton")->isEnabled());
}

void TestSweepWindow::closingMidSweepKeepsTheRun() {
    const QString file = m_dir.filePath(QStringLiteral("close.sqlite"));
    qint64 runId = 0;
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openStore(file));
        window.sweepSession()->setRecordHost(false);
        setUpSweep(window, QStringLiteral("1,2,4,8"), 1, QStringLiteral("closed"));
        QSignalSpy stored(window.sweepSession(), &SweepSession::runStored);
        window.startSweep();
        QVERIFY(stored.wait(sweepTimeoutMs));
        runId = stored.first().first().toLongLong();
        QVERIFY(window.sweepSession()->isRunning());
    }
    RunStore store;
    QVERIFY(store.open(file));
    // Marked by the closing window itself, not left "running" for the next open to recover.
    QVERIFY(store.recoveredOnOpen().isEmpty());
    const std::optional<Run> run = store.loadRun(runId);
    QVERIFY(run);
    QCOMPARE(toString(run->status), QStringLiteral("interrupted"));
}

void TestSweepWindow::quitMidSweepKeepsTheSetup() {
    const QString file = m_dir.filePath(QStringLiteral("quit.sqlite"));
    SweepSpec spec;
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openStore(file));
        window.sweepSession()->setRecordHost(false);
        setUpSweep(window, QStringLiteral("1,2,4,8"), 1, QStringLiteral("quit"));
        window.setupPanel()->setFixedValue(QStringLiteral("clone"), 64);
        window.setupPanel()->setFixedValue(QStringLiteral("pkt_size"), 128);
        window.setupPanel()->setRunName(QStringLiteral("named once"));
        spec = window.setupPanel()->spec();
        QSignalSpy stored(window.sweepSession(), &SweepSession::runStored);
        QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
        QVERIFY(stored.wait(sweepTimeoutMs));
        QVERIFY(window.sweepSession()->isRunning());
        // The name was this run's: the next sweep is named from its own settings.
        QVERIFY(window.setupPanel()->runName().isEmpty());
        const qint64 runId = stored.first().first().toLongLong();
        QCOMPARE(window.store()->loadRun(runId)->name, QStringLiteral("named once"));
        // File ▸ Quit in the middle of the sweep, confirmed.
        answerNextQuestion(QMessageBox::Yes);
        QVERIFY(window.close());
    }
    MainWindow again;
    QCOMPARE(again.setupPanel()->spec(), spec);
    QCOMPARE(again.setupPanel()->spec().fixed.value(QStringLiteral("clone")).toInt(), 64);
    QCOMPARE(again.setupPanel()->runLabel(), QStringLiteral("quit"));
    QVERIFY(again.setupPanel()->runName().isEmpty());
}

void TestSweepWindow::quitQuestionFollowsTheSweep() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("quitasked.sqlite"))));
    window.sweepSession()->setRecordHost(false);
    setUpSweep(window, QStringLiteral("1,2,4"), 1, QStringLiteral("asked"));
    QSignalSpy stored(window.sweepSession(), &SweepSession::runStored);
    window.startSweep();
    QVERIFY(stored.wait(sweepTimeoutMs));
    const qint64 runId = stored.first().first().toLongLong();
    // Quit is asked while the sweep runs; the sweep ends before the answer.
    QString asked;
    QString answered;
    bool ended = false;
    QTimer::singleShot(0, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            return;
        }
        asked = box->text();
        ended =
            QTest::qWaitFor([&] { return !window.sweepSession()->isRunning(); }, sweepTimeoutMs);
        answered = box->text();
        box->button(QMessageBox::Yes)->click();
    });
    QVERIFY(window.close());
    QVERIFY(ended);
    QVERIFY2(asked.startsWith(QStringLiteral("A sweep is running")), qPrintable(asked));
    QVERIFY2(answered.startsWith(QStringLiteral("The sweep has ended")), qPrintable(answered));
    QCOMPARE(toString(window.store()->loadRun(runId)->status), QStringLiteral("completed"));
}

void TestSweepWindow::runAgainReproducesACliRun() {
    const QString db = m_dir.filePath(QStringLiteral("again.sqlite"));
    // Every option this host can run away from its default: no hugepages
    // here, one TX lcore (so one queue), and net_null has no sink.
    const QStringList options{QStringLiteral("--vdev"),
                              QStringLiteral("net_null0"),
                              QStringLiteral("--lcores"),
                              QStringLiteral("0-1"),
                              QStringLiteral("--memory-mb"),
                              QStringLiteral("384"),
                              QStringLiteral("--link-speed"),
                              QStringLiteral("10G"),
                              QStringLiteral("--sweep"),
                              QStringLiteral("burst=1,8"),
                              QStringLiteral("--set"),
                              QStringLiteral("clone=4"),
                              QStringLiteral("--set"),
                              QStringLiteral("pkt_size=128"),
                              QStringLiteral("--set"),
                              QStringLiteral("tx_desc=512"),
                              QStringLiteral("--set"),
                              QStringLiteral("flows=2"),
                              QStringLiteral("--set"),
                              QStringLiteral("timestamp=true"),
                              QStringLiteral("--set"),
                              QStringLiteral("stats_ms=50"),
                              QStringLiteral("--set"),
                              QStringLiteral("src_mac=02:00:00:00:00:0a"),
                              QStringLiteral("--set"),
                              QStringLiteral("dst_mac=02:00:00:00:00:0b"),
                              QStringLiteral("--set"),
                              QStringLiteral("src_ip=198.18.1.1"),
                              QStringLiteral("--set"),
                              QStringLiteral("dst_ip=198.18.1.2"),
                              QStringLiteral("--set"),
                              QStringLiteral("udp_src=50000-50003"),
                              QStringLiteral("--set"),
                              QStringLiteral("udp_dst=54001-54002"),
                              QStringLiteral("--set"),
                              QStringLiteral("vlan=100"),
                              QStringLiteral("--set"),
                              QStringLiteral("vlan_pcp=3"),
                              QStringLiteral("--reps"),
                              QStringLiteral("auto"),
                              QStringLiteral("--max-reps"),
                              QStringLiteral("4"),
                              QStringLiteral("--precision-pct"),
                              QStringLiteral("5"),
                              QStringLiteral("--min-cpu-pct"),
                              QStringLiteral("50"),
                              QStringLiteral("--max-steal-pct"),
                              QStringLiteral("5"),
                              QStringLiteral("--rerun-disturbed"),
                              QStringLiteral("--exclude-disturbed"),
                              QStringLiteral("--duration-ms"),
                              QStringLiteral("150"),
                              QStringLiteral("--warmup-ms"),
                              QStringLiteral("30"),
                              QStringLiteral("--pause-ms"),
                              QStringLiteral("5"),
                              QStringLiteral("--seed"),
                              QStringLiteral("12345"),
                              QStringLiteral("--label"),
                              QStringLiteral("cli"),
                              QStringLiteral("--no-chart")};
    QProcess cli;
    cli.start(QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli"),
              QStringList{QStringLiteral("--db"), db, QStringLiteral("sweep")} + options);
    QVERIFY(cli.waitForFinished(sweepTimeoutMs));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());

    MainWindow window;
    window.show();
    QVERIFY(window.openStore(db));
    window.sweepSession()->setRecordHost(false);
    const auto listed = window.store()->listRuns();
    QVERIFY(listed && listed->size() == 1);
    const Run first = *window.store()->loadRun(listed->first().id);
    QCOMPARE(first.spec.fixed.size(), 14);
    emit window.runsBrowser()->runAgainRequested(first.id);
    QVERIFY2(window.setupPanel()->isValid(), qPrintable(window.setupPanel()->invalidReason()));
    QCOMPARE(window.setupPanel()->spec(), first.spec);

    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
    QVERIFY(finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    const Run again = *window.store()->loadRun(finished.first().at(0).toLongLong());
    QVERIFY(again.id != first.id);
    QCOMPARE(again.spec, first.spec);
    QCOMPARE(again.label, first.label);
}

void TestSweepWindow::lostStoreKeepsTheRunLocally() {
    if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
        QSKIP(qPrintable(why));
    ThrowawayPostgres server;
    QString error = server.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString db = server.createDatabase(QStringLiteral("lost"), &error);
    QVERIFY2(!db.isEmpty(), qPrintable(error));
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(db));
    window.sweepSession()->setRecordHost(false);
    setUpSweep(window, QStringLiteral("1,2,4,8"), 1, QStringLiteral("lost"));
    QSignalSpy finished(window.sweepSession(), &SweepSession::finished);
    QSignalSpy said(window.sweepSession(), &SweepSession::statusMessage);
    QTest::mouseClick(button(window, "startButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->resultsModel()->rowCount() >= 1 ||
                                 !finished.isEmpty(),
                             sweepTimeoutMs);
    QVERIFY2(finished.isEmpty(), qPrintable(finished.value(0).value(2).toString()));
    server.stop();
    QVERIFY(finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));

    const RunWriter &writer = window.sweepSession()->findChild<SweepRunner *>()->writer();
    QVERIFY(writer.isKept());
    const auto removeKept = qScopeGuard([&] {
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(writer.keptFile() + suffix);
    });
    // The status bar's last word: where the run is, and the command.
    const QString last = said.last().at(0).toString();
    QCOMPARE(last, writer.keptNotice());
    QVERIFY2(last.contains(QStringLiteral("burstlab-cli store copy ")), qPrintable(last));
    RunStore kept;
    QVERIFY2(kept.open(writer.keptFile()), qPrintable(kept.lastError()));
    const auto run = kept.loadRun(writer.keptId());
    QVERIFY(run);
    QCOMPARE(toString(run->status), QStringLiteral("completed"));
    QCOMPARE(kept.completedPoints(writer.keptId())->size(), 4);
}

QTEST_MAIN(TestSweepWindow)
#include "tst_sweepwindow.moc"
