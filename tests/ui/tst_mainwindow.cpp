// The main window's conventions: shortcuts for the main actions, settings and
// layout kept between sessions, recent stores, and "Copy as netdev text" of the
// selected stored run through the core exporter, and runs another process
// stores showing up on their own (from a SQLite file and from PostgreSQL); a
// kernel pktgen run named as such wherever its engine is shown, and run again
// as one.
#include "ThrowawayPostgres.h"
#include "UiTestData.h"
#include "checklist/ChecklistView.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "host/CheckResult.h"
#include "log/ErrorNotice.h"
#include "log/LogPane.h"
#include "main/MainWindow.h"
#include "main/RunIdList.h"
#include "main/SweepToolBar.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "runs/RunEditDialog.h"
#include "runs/RunsBrowser.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"
#include "sweep/SweepSetupPanel.h"
#include "util/ElidedLabel.h"
#include <QTableView>
#include <QToolButton>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace burstlab;

namespace {
// Bounds only a hang: the runs list hears another program's write through the
// file's watch or its next poll, and a loaded host may be slow to redraw.
constexpr int kHearsAWriteMs = 15000;

// Why the given columns and the first `rows` rows are not all in sight
// without scrolling; empty when they are.
QString outOfSight(const QTableView *table, const QList<int> &columns, int rows) {
    const QHeaderView *header = table->horizontalHeader();
    const QSize viewport = table->viewport()->size();
    QStringList problems;
    for (int column : columns) {
        const int x = header->sectionViewportPosition(column);
        const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
        if (header->isSectionHidden(column) || x < 0 ||
            x + header->sectionSize(column) > viewport.width()) {
            problems << QStringLiteral("column '%1' at %2..%3 of %4")
                            .arg(title)
                            .arg(x)
                            .arg(x + header->sectionSize(column))
                            .arg(viewport.width());
        }
    }
    if (table->model()->rowCount() < rows) {
        problems << QStringLiteral("only %1 rows").arg(table->model()->rowCount());
    } else if (const int bottom = table->rowViewportPosition(rows - 1) + table->rowHeight(rows - 1);
               table->rowViewportPosition(0) < 0 || bottom > viewport.height()) {
        problems << QStringLiteral("row %1 ends at %2 of %3")
                        .arg(rows)
                        .arg(bottom)
                        .arg(viewport.height());
    }
    return problems.join(QStringLiteral("; "));
}

QAction *actionWithShortcut(const MainWindow &window, const QKeySequence &keys) {
    for (QAction *action : window.actions()) {
        if (action->shortcuts().contains(keys)) {
            return action;
        }
    }
    return nullptr;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void shortcutsForTheMainActions();
    void keyboardReachesStartAndHelpNamesTheDocs();
    void startFollowsValidity();
    void settingsSurviveARestart();
    void copiesSelectedRunAsNetdevText();
    void runAgainFillsTheSetup();
    void fitsALaptopWithALongDescription();
    void tablesFitALaptop();
    void toolbarStartsStopsAndResumes();
    void runIdsFromTheCommandLine();
    void opensRunsFromTheCommandLine();
    void tabFromTheFilterLandsOnARun();
    void showsRunsAnotherProcessStores_data();
    void showsRunsAnotherProcessStores();
    void shownRunFollowsTheStore();
    void opensASharedStoreFromTheMenu();
    void viewerSeesRunsLiveButCannotSweep();
    void logFollowsTheNewestLine();
    void errorsShowInADismissibleNotice();
    void editDialogShowsHiddenCharacters();
    // Last: it leaves the settings with pktgen chosen.
    void pktgenRunIsShownAndRunAgainAsOne();

  private:
    QTemporaryDir m_dir;
    ThrowawayPostgres m_server;
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestMainWindow::shortcutsForTheMainActions() {
    MainWindow window;
    for (const QKeySequence &keys :
         {QKeySequence(QStringLiteral("Ctrl+R")), QKeySequence(QStringLiteral("Ctrl+.")),
          QKeySequence(QStringLiteral("Ctrl+E")), QKeySequence(QKeySequence::Open),
          QKeySequence(QStringLiteral("Ctrl+Shift+C"))}) {
        QVERIFY2(actionWithShortcut(window, keys), qPrintable(keys.toString()));
    }
    // Escape closes popups and dialogs, and nothing else: pressed to close
    // a drop-down during a sweep, it must not stop the sweep.
    QVERIFY(!actionWithShortcut(window, QKeySequence(Qt::Key_Escape)));
    QStringList menus;
    for (QAction *menu : window.menuBar()->actions()) {
        menus.append(menu->text().remove(QLatin1Char('&')));
    }
    QCOMPARE(menus,
             (QStringList{QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                          QStringLiteral("Run"), QStringLiteral("Help")}));
}

void TestMainWindow::startFollowsValidity() {
    MainWindow window;
    QAction *start = actionWithShortcut(window, QKeySequence(QStringLiteral("Ctrl+R")));
    QAction *stop = actionWithShortcut(window, QKeySequence(QStringLiteral("Ctrl+.")));
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..4"));
    QVERIFY2(start->isEnabled(), qPrintable(window.setupPanel()->invalidReason()));
    QVERIFY(!stop->isEnabled());
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..x"));
    QVERIFY(!start->isEnabled());
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Cannot start: ")));
    // Fixed, the complaint goes at once.
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..4"));
    QVERIFY(start->isEnabled());
    QCOMPARE(window.statusBar()->currentMessage(), QString());
}

void TestMainWindow::settingsSurviveARestart() {
    const QString store = m_dir.filePath(QStringLiteral("persist.sqlite"));
    SweepSpec spec;
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openStore(store));
        window.setupPanel()->setSweepValues(0, QStringLiteral("clone"), QStringLiteral("0,8,64"));
        window.setupPanel()->setTiming(4, 250, 25, 0, true);
        window.setupPanel()->setRunLabel(QStringLiteral("persisted"));
        spec = window.setupPanel()->spec();
        QVERIFY(window.close());
    }
    MainWindow again;
    QCOMPARE(again.setupPanel()->spec(), spec);
    QCOMPARE(again.setupPanel()->runLabel(), QStringLiteral("persisted"));
    QMenu *recent = nullptr;
    for (QMenu *menu : again.findChildren<QMenu *>()) {
        if (menu->title().contains(QStringLiteral("recent"))) {
            recent = menu;
        }
    }
    QVERIFY(recent);
    QVERIFY(!recent->actions().isEmpty());
    QCOMPARE(recent->actions().first()->text(), store);
}

void TestMainWindow::copiesSelectedRunAsNetdevText() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("copy.sqlite"))));
    const qint64 id = testdata::insert(
        *window.store(), testdata::burstRun(QStringLiteral("baseline"),
                                            {{1, {5614370, 5614370}}, {2, {6942821, 6942821}}}));
    QVERIFY(id > 0);
    window.runsBrowser()->reload();
    window.showTab(MainWindow::RunsTab);
    window.runsBrowser()->selectRuns({id});
    QApplication::clipboard()->clear();
    actionWithShortcut(window, QKeySequence(QStringLiteral("Ctrl+Shift+C")))->trigger();
    const QString text = QApplication::clipboard()->text();
    // Seed 000's second line: the delta from 1/5614370 to 1/6942821 s per packet.
    QVERIFY2(text.contains(QStringLiteral("6942821 pps")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("34.08 ns")), qPrintable(text));
}

void TestMainWindow::runAgainFillsTheSetup() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("again.sqlite"))));
    RunData data = testdata::burstRun(QStringLiteral("patch3"), {{4, {7e6}}, {16, {9e6}}});
    data.run.spec.durationMs = 321;
    const qint64 id = testdata::insert(*window.store(), data);
    window.runsBrowser()->reload();
    window.runsBrowser()->selectRuns({id});
    QAction *again = nullptr;
    for (QAction *action : window.runsBrowser()->table()->actions()) {
        if (action->text() == QStringLiteral("Run again")) {
            again = action;
        }
    }
    QVERIFY(again && again->isEnabled());
    again->trigger();
    const SweepSpec spec = window.setupPanel()->spec();
    QCOMPARE(spec.axes, data.run.spec.axes);
    QCOMPARE(spec.durationMs, 321);
    QCOMPARE(window.setupPanel()->runLabel(), QStringLiteral("patch3"));
}

void TestMainWindow::pktgenRunIsShownAndRunAgainAsOne() {
    const QString store = m_dir.filePath(QStringLiteral("pktgen.sqlite"));
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openStore(store));
        RunData data = testdata::burstRun(QStringLiteral("kernel"), {{1, {1e6}}, {32, {4e6}}});
        data.run.spec.engine = EngineLaunch{};
        data.run.spec.engine.kind = EngineKind::Pktgen;
        data.run.spec.engine.device = QStringLiteral("dummy0");
        data.run.spec.engine.mode = QStringLiteral("sudo");
        data.run.spec.warmupMs = 0;
        const QJsonObject port{{QStringLiteral("role"), QStringLiteral("tx")},
                               {QStringLiteral("name"), QStringLiteral("dummy0")},
                               {QStringLiteral("driver"), QStringLiteral("dummy")}};
        data.run.hello = QJsonObject{
            {QStringLiteral("type"), QStringLiteral("hello")},
            {QStringLiteral("engine_kind"), QStringLiteral("pktgen")},
            {QStringLiteral("kernel_version"), QStringLiteral("6.1.0-uml")},
            {QStringLiteral("pktgen_version"),
             QStringLiteral("Packet Generator for packet performance testing. Version: 2.75")},
            {QStringLiteral("ports"), QJsonArray{port}}};
        const qint64 id = testdata::insert(*window.store(), data);
        QVERIFY(id > 0);

        window.runsBrowser()->reload();
        const RunsTableModel *runs = window.runsBrowser()->model();
        QString device;
        for (int row = 0; row < runs->rowCount(); ++row) {
            if (runs->index(row, RunsTableModel::IdColumn).data().toLongLong() == id) {
                device = runs->index(row, RunsTableModel::DeviceColumn).data().toString();
            }
        }
        QCOMPARE(device, QStringLiteral("dummy0 (dummy) · kernel pktgen"));

        window.showRun(id);
        const QString engine = QStringLiteral("kernel pktgen 2.75 (Linux 6.1.0-uml)");
        const QString header = window.resultsView()->summaryText();
        QVERIFY2(header.contains(engine), qPrintable(header));
        const QString caption = window.resultsView()->figures().first().second.caption();
        QVERIFY2(caption.contains(QStringLiteral("dummy0 (dummy), ") + engine),
                 qPrintable(caption));
        QVERIFY2(!caption.contains(QStringLiteral("DPDK")), qPrintable(caption));

        window.runsBrowser()->selectRuns({id});
        for (QAction *action : window.runsBrowser()->table()->actions()) {
            if (action->text() == QStringLiteral("Run again")) {
                action->trigger();
            }
        }
        QCOMPARE(window.setupPanel()->engineKind(), EngineKind::Pktgen);
        QCOMPARE(window.setupPanel()->spec().engine.device, QStringLiteral("dummy0"));
        QCOMPARE(window.setupPanel()->spec().axes, data.run.spec.axes);
        QVERIFY(window.close());
    }
    // The choice is the settings' too: the next session starts with it.
    MainWindow again;
    QCOMPARE(again.setupPanel()->engineKind(), EngineKind::Pktgen);
    QCOMPARE(again.setupPanel()->spec().engine.device, QStringLiteral("dummy0"));
}

void TestMainWindow::fitsALaptopWithALongDescription() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("laptop.sqlite"))));
    RunData data = testdata::burstCloneRun(
        QStringLiteral("a label that someone typed as a sentence because they could"),
        {1, 2, 4, 8, 16, 32, 64}, {0, 1, 8, 64, 256},
        [](qint64 b, qint64 c) { return 1e6 * double(b) + double(c); });
    data.run.name = QStringLiteral("clone and burst against the same netdev with every flow and "
                                   "every offload the driver has, run after the 6.8 rebase");
    data.run.notes = data.run.name.repeated(4);
    data.run.spec.engine.vdevs = {
        QStringLiteral("net_pcap0,tx_pcap=/var/tmp/a/very/long/path/to/a/capture/file.pcap")};
    data.run.spec.fixed = {{QStringLiteral("pkt_size"), 1514}, {QStringLiteral("flows"), 65536}};
    const qint64 id = testdata::insert(*window.store(), data);
    const qint64 other =
        testdata::insert(*window.store(), testdata::burstRun(data.run.name, {{1, {1e6}}}));
    window.runsBrowser()->reload();
    // A laptop's size, whatever the offscreen screen is.
    window.setWindowState(Qt::WindowNoState);
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showRun(id);
    QApplication::processEvents();
    QVERIFY2(window.minimumSizeHint().width() <= 1280,
             qPrintable(QString::number(window.minimumSizeHint().width())));
    window.compareRuns({id, other});
    for (int tab = 0; tab < window.tabs()->count(); ++tab) {
        window.tabs()->setCurrentIndex(tab);
        QApplication::processEvents();
        QVERIFY2(window.minimumSizeHint().width() <= 1280,
                 qPrintable(
                     QStringLiteral("tab %1: %2").arg(tab).arg(window.minimumSizeHint().width())));
        QVERIFY2(window.minimumSizeHint().height() <= 720,
                 qPrintable(
                     QStringLiteral("tab %1: %2").arg(tab).arg(window.minimumSizeHint().height())));
    }
    QCOMPARE(window.width(), 1280);
}

void TestMainWindow::tablesFitALaptop() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("laptop.sqlite"))));
    // Burst x clone, ten points named by both values ("burst=128 clone=64"),
    // labels as long as a patch series' names.
    const QList<qint64> bursts{1, 8, 32, 128, 256};
    const QList<qint64> clones{0, 64};
    const qint64 baseline = testdata::insert(
        *window.store(),
        testdata::burstCloneRun(QStringLiteral("v6.8-rc1 baseline"), bursts, clones,
                                [](qint64 b, qint64 c) { return 9.5e6 + 1e5 * double(b + c); }));
    const qint64 patch = testdata::insert(
        *window.store(), testdata::burstCloneRun(QStringLiteral("v6.8-rc1 + xmit_more v3"), bursts,
                                                 clones, [](qint64 b, qint64 c) {
                                                     return 1.1 * (9.5e6 + 1e5 * double(b + c));
                                                 }));
    window.runsBrowser()->reload();
    window.setWindowState(Qt::WindowNoState);
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // Results, with the setup beside them: point, pps, delta with its
    // interval and verdict, ns/packet and the repetitions of eight rows,
    // against the previous point and against a baseline run.
    window.showRun(patch);
    QApplication::processEvents();
    QVERIFY(window.setupDock()->isVisible());
    using R = ResultsTableModel;
    const QList<int> results{R::PointColumn,   R::PpsColumn, R::DeltaColumn, R::CiColumn,
                             R::VerdictColumn, R::NsColumn,  R::RepsColumn,  R::DisturbedColumn};
    QString problem = outOfSight(window.resultsView()->resultsTable(), results, 8);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("results: ") + problem));
    QVERIFY(window.resultsView()->setBaselineRun(baseline));
    QApplication::processEvents();
    problem = outOfSight(window.resultsView()->resultsTable(), results, 8);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("results vs baseline: ") + problem));

    // Compare: the setup folds away, each run's pps, the delta and the verdict.
    window.compareRuns({baseline, patch});
    QApplication::processEvents();
    QVERIFY(!window.setupDock()->isVisible());
    using C = CompareTableModel;
    problem = outOfSight(window.compareView()->table(),
                         {0, C::columnOf(0, C::PpsField), C::columnOf(1, C::PpsField),
                          C::columnOf(1, C::DeltaField), C::columnOf(1, C::VerdictField)},
                         8);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("compare: ") + problem));

    // The checklist reads in full: every cell's text fits its cell, wrapped.
    CheckResult item;
    item.id = QStringLiteral("irq_affinity");
    item.title = QStringLiteral("IRQs of the port kept off the TX cores");
    item.status = CheckStatus::Unknown;
    item.detail = QStringLiteral("no kernel netdev: the port is a DPDK virtual device (polled, "
                                 "it raises no interrupts), so there is no IRQ to move");
    item.recommended = QStringLiteral("the port's IRQs on CPUs other than the TX lcores");
    item.fix = QStringLiteral("echo 1 > /proc/irq/N/smp_affinity_list  # for every IRQ of the "
                              "port, N from /proc/interrupts");
    window.checklistView()->showStored({item, item}, QStringLiteral("stored"));
    window.showTab(MainWindow::ChecklistTab);
    QApplication::processEvents();
    QVERIFY(!window.setupDock()->isVisible());
    auto *checklist = window.checklistView()->findChild<QTableView *>();
    QVERIFY(checklist);
    for (int row = 0; row < checklist->model()->rowCount(); ++row) {
        for (int column = 0; column < checklist->model()->columnCount(); ++column) {
            const QString text = checklist->model()->index(row, column).data().toString();
            const int width = checklist->columnWidth(column) - 8;
            const QRect needed = checklist->fontMetrics().boundingRect(QRect(0, 0, width, 10000),
                                                                       Qt::TextWordWrap, text);
            QVERIFY2(needed.width() <= width && needed.height() <= checklist->rowHeight(row),
                     qPrintable(QStringLiteral("row %1 column %2 needs %3x%4 in %5x%6: %7")
                                    .arg(row)
                                    .arg(column)
                                    .arg(needed.width())
                                    .arg(needed.height())
                                    .arg(width)
                                    .arg(checklist->rowHeight(row))
                                    .arg(text)));
        }
    }

    // Back on the Sweep tab, the setup is where it was.
    window.showTab(MainWindow::SweepTab);
    QVERIFY(window.setupDock()->isVisible());
}

void TestMainWindow::toolbarStartsStopsAndResumes() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("toolbar.sqlite"))));
    window.show();
    SweepToolBar *toolbar = window.sweepToolBar();
    QVERIFY(toolbar->isVisible());
    for (const char *name : {"startButton", "stopButton", "resumeButton"}) {
        QVERIFY2(toolbar->findChild<QAbstractButton *>(QLatin1String(name)), name);
    }
    auto *start = toolbar->findChild<QAbstractButton *>(QStringLiteral("startButton"));
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("0,1"));
    // The reason is shown by the toolbar, where Start is, and Start is off.
    QVERIFY(!start->isEnabled());
    QVERIFY2(toolbar->problemText().contains(QStringLiteral("burst must be in 1..512, got 0")),
             qPrintable(toolbar->problemText()));
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,8"));
    QVERIFY(start->isEnabled());
    QVERIFY(toolbar->problemText().isEmpty());

    auto *resume = toolbar->findChild<QAbstractButton *>(QStringLiteral("resumeButton"));
    const qint64 done =
        testdata::insert(*window.store(), testdata::burstRun(QStringLiteral("done"), {{1, {1e6}}}));
    const qint64 cut =
        testdata::insert(*window.store(), testdata::burstRun(QStringLiteral("cut"), {{1, {1e6}}},
                                                             RunStatus::Interrupted));
    window.runsBrowser()->reload();
    window.showTab(MainWindow::RunsTab);
    window.runsBrowser()->selectRuns({done});
    QVERIFY(!resume->isEnabled());
    window.runsBrowser()->selectRuns({cut});
    QVERIFY(resume->isEnabled());
    QVERIFY(resume->toolTip().contains(QStringLiteral("#%1").arg(cut)));
}

void TestMainWindow::runIdsFromTheCommandLine() {
    QString error;
    QCOMPARE(parseRunIds(QStringLiteral("4, 7,9"), &error), (QList<qint64>{4, 7, 9}));
    QVERIFY(!parseRunIds(QStringLiteral("4,x"), &error));
    QVERIFY2(error.contains(QStringLiteral("'x' is not a run id")), qPrintable(error));
    QVERIFY(!parseRunIds(QStringLiteral("4,4"), &error));
    QVERIFY(!parseRunIds(QStringLiteral("0"), &error));
}

void TestMainWindow::opensRunsFromTheCommandLine() {
    const QString store = m_dir.filePath(QStringLiteral("cmdline.sqlite"));
    qint64 a = 0;
    qint64 b = 0;
    {
        RunStore runs;
        QVERIFY(runs.open(store));
        a = testdata::insert(runs, testdata::burstRun(QStringLiteral("a"), {{1, {1e6}}}));
        b = testdata::insert(runs, testdata::burstRun(QStringLiteral("b"), {{1, {2e6}}}));
    }
    const QString program = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab");
    const auto run = [&](const QStringList &arguments, QString *err) {
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        gui.setProcessEnvironment(env);
        gui.start(program, QStringList{QStringLiteral("--db"), store} + arguments);
        if (!gui.waitForFinished(30000)) {
            gui.kill();
            gui.waitForFinished();
            return -1;
        }
        *err = QString::fromUtf8(gui.readAllStandardError());
        return gui.exitCode();
    };
    // Bad ids exit before a window opens, saying what is wrong, as the CLI does.
    QString err;
    QCOMPARE(run({QStringLiteral("--compare"), QString::number(a)}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("--compare: two or more run ids")), qPrintable(err));
    QCOMPARE(run({QStringLiteral("--run"), QStringLiteral("x")}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("'x' is not a run id")), qPrintable(err));
    QCOMPARE(run({QStringLiteral("--run"), QStringLiteral("999")}, &err), 1);
    QVERIFY2(err.contains(QStringLiteral("there is no run 999")), qPrintable(err));

    // What the options do once the ids are good: the run on the Sweep tab, the
    // comparison (first = baseline) on the Compare tab.
    MainWindow window;
    QVERIFY(window.openStore(store));
    window.showRun(b);
    QCOMPARE(window.resultsView()->runId(), std::optional<qint64>(b));
    QCOMPARE(window.tabs()->currentIndex(), int(MainWindow::SweepTab));
    window.compareRuns({b, a});
    QCOMPARE(window.compareView()->runIds(), (QList<qint64>{b, a}));
    QCOMPARE(window.tabs()->currentIndex(), int(MainWindow::CompareTab));
}

void TestMainWindow::tabFromTheFilterLandsOnARun() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("tab.sqlite"))));
    const qint64 id = testdata::insert(*window.store(),
                                       testdata::burstRun(QStringLiteral("tabbed"), {{1, {1e6}}}));
    window.runsBrowser()->reload();
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.showTab(MainWindow::RunsTab);
    auto *filter = window.runsBrowser()->findChild<QLineEdit *>();
    filter->setFocus();
    QTRY_VERIFY(filter->hasFocus());
    QTest::keyClick(filter, Qt::Key_Tab);
    QWidget *focused = QApplication::focusWidget();
    QVERIFY2(focused == window.runsBrowser()->table(),
             focused ? focused->metaObject()->className() : "nothing");
    // Tabbing in landed on a run: Enter opens it.
    QCOMPARE(window.runsBrowser()->selectedRunIds(), QList<qint64>{id});
    QTest::keyClick(focused, Qt::Key_Return);
    QCOMPARE(window.resultsView()->runId(), std::optional<qint64>(id));
}

// A SQLite file's change is seen by polling it, a PostgreSQL database's is
// heard (LISTEN/NOTIFY): both within 2 s.
void TestMainWindow::showsRunsAnotherProcessStores_data() {
    QTest::addColumn<bool>("postgresql");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

void TestMainWindow::showsRunsAnotherProcessStores() {
    QFETCH(bool, postgresql);
    QString store = m_dir.filePath(QStringLiteral("shared.sqlite"));
    if (postgresql) {
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QString error = m_server.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        store = m_server.createDatabase(QStringLiteral("shared"), &error);
        QVERIFY2(!store.isEmpty(), qPrintable(error));
    }
    MainWindow window;
    window.resize(1000, 600);
    window.show();
    QVERIFY(window.openStore(store));
    QList<RunData> runs;
    for (int i = 0; i < 120; ++i) {
        runs.append(testdata::burstRun(QStringLiteral("r%1").arg(i), {{1, {1e6 + i}}}));
    }
    const std::optional<QList<qint64>> ids = window.store()->insertRuns(runs);
    QVERIFY(ids);
    RunsBrowser *browser = window.runsBrowser();
    browser->reload();
    window.showTab(MainWindow::RunsTab);
    const QList<qint64> selected{ids->at(10), ids->at(40)};
    browser->selectRuns(selected);
    QScrollBar *scroll = browser->table()->verticalScrollBar();
    QVERIFY(scroll->maximum() > 20);
    scroll->setValue(scroll->maximum() / 2);
    const int position = scroll->value();
    QCOMPARE(browser->visibleRunCount(), 120);

    // The real command line tool, a process of its own, adds a run.
    QProcess cli;
    cli.start(QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli"),
              {QStringLiteral("--db"), store, QStringLiteral("import"), QStringLiteral("--format"),
               QStringLiteral("netdev"),
               QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netdev_seed000_burst.txt")});
    QVERIFY(cli.waitForFinished(30000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());

    QTRY_COMPARE_WITH_TIMEOUT(browser->visibleRunCount(), 121, kHearsAWriteMs);
    QVERIFY(browser->model()->rowOf(ids->last() + 1) >= 0);
    QCOMPARE(browser->selectedRunIds(), selected);
    QCOMPARE(scroll->value(), position);
}

void TestMainWindow::shownRunFollowsTheStore() {
    const QString store = m_dir.filePath(QStringLiteral("follow.sqlite"));
    MainWindow window;
    QVERIFY(window.openStore(store));
    const qint64 id = testdata::insert(
        *window.store(), testdata::burstRun(QStringLiteral("before"), {{1, {1e6}}, {2, {2e6}}}));
    window.showRun(id);
    QVERIFY2(window.resultsView()->summaryText().contains(QStringLiteral("before")),
             qPrintable(window.resultsView()->summaryText()));
    // Another connection (as another process would) relabels the shown run.
    RunStore other;
    QVERIFY(other.open(store));
    std::optional<Run> run = other.loadRun(id);
    QVERIFY(run);
    run->label = QStringLiteral("after");
    QVERIFY2(other.updateRun(*run), qPrintable(other.lastError()));
    QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->summaryText().contains(QStringLiteral("after")),
                             2000);
}

// File > Open shared store takes a PostgreSQL connection as libpq names
// one: a file name and a password are refused with the reason, nothing
// opened; a database opens, names the window and is listed as recent.
void TestMainWindow::opensASharedStoreFromTheMenu() {
    if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error = m_server.startOnce();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString db = m_server.createDatabase(QStringLiteral("menu"), &error);
    QVERIFY2(!db.isEmpty(), qPrintable(error));
    MainWindow window;
    window.show();
    QAction *open = window.findChild<QAction *>(QStringLiteral("openSharedStore"));
    QVERIFY(open);

    // Types text into the connection dialog, then reads and closes the
    // error box that may follow.
    const auto enter = [&](const QString &text) {
        QString refusal;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->setTextValue(text);
            dialog->accept();
            QTimer::singleShot(0, [&] {
                if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                    refusal = box->text();
                    box->close();
                }
            });
        });
        open->trigger();
        return refusal;
    };
    QString refusal = enter(m_dir.filePath(QStringLiteral("a.sqlite")));
    QVERIFY2(refusal.contains(QStringLiteral("file name")), qPrintable(refusal));
    refusal = enter(QStringLiteral("postgresql://burstlab:secret@localhost/menu"));
    QVERIFY2(refusal.contains(QStringLiteral("~/.pgpass")), qPrintable(refusal));
    QVERIFY(!window.store());

    QCOMPARE(enter(db), QString());
    QVERIFY(window.store());
    QCOMPARE(window.store()->path(), db);
    QVERIFY2(window.windowTitle().startsWith(db), qPrintable(window.windowTitle()));

    // Open recent holds the connection as given, not a file of that name,
    // and picking it opens the server's store again.
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("between.sqlite"))));
    QMenu *recent = nullptr;
    for (QMenu *menu : window.findChildren<QMenu *>()) {
        if (menu->title().contains(QStringLiteral("recent"))) {
            recent = menu;
        }
    }
    QVERIFY(recent);
    QAction *shared = nullptr;
    for (QAction *entry : recent->actions()) {
        if (entry->data().toString() == db) {
            shared = entry;
        }
    }
    QVERIFY2(shared, qPrintable(QSettings()
                                    .value(QStringLiteral("stores/recent"))
                                    .toStringList()
                                    .join(QStringLiteral(", "))));
    QCOMPARE(shared->text(), QString(db).replace(QLatin1Char('&'), QLatin1String("&&")));
    const QStringList filesBefore = QDir::current().entryList(QDir::Files);
    shared->trigger();
    QTRY_COMPARE(window.store()->path(), db);
    QCOMPARE(QDir::current().entryList(QDir::Files), filesBefore);

    // A recent file that is gone is not made anew.
    const QString gone = m_dir.filePath(QStringLiteral("gone.sqlite"));
    QVERIFY(window.openStore(gone));
    QVERIFY(window.openStore(db));
    QVERIFY(QFile::remove(gone));
    QAction *goneEntry = nullptr;
    for (QAction *entry : recent->actions()) {
        if (entry->data().toString() == gone) {
            goneEntry = entry;
        }
    }
    QVERIFY(goneEntry);
    QTimer closer;
    QString told;
    connect(&closer, &QTimer::timeout, [&told] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            told = box->text();
            box->close();
        }
    });
    closer.start(10);
    goneEntry->trigger();
    QTRY_VERIFY(told.contains(QStringLiteral("no longer exists")));
    QVERIFY(!QFile::exists(gone));
    QCOMPARE(window.store()->path(), db);
    QVERIFY(!QSettings().value(QStringLiteral("stores/recent")).toStringList().contains(gone));
}

// A viewer's role (docs/store-role.sql) opens a shared store read-only:
// the runs are listed and new ones appear, but Start and Resume stay off,
// saying why.
void TestMainWindow::viewerSeesRunsLiveButCannotSweep() {
    if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error = m_server.startOnce();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = m_server.createStoreRoles(
        {QStringLiteral("login=ui_writer"), QStringLiteral("viewer=ui_viewer")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const auto as = [this](const QString &login) { return m_server.storeUriAs(login); };
    RunStore writer;
    QVERIFY2(writer.open(as(QStringLiteral("ui_writer"))), qPrintable(writer.lastError()));
    testdata::insert(writer, testdata::burstRun(QStringLiteral("done"), {{1, {1e6}}}));
    const qint64 cut = testdata::insert(
        writer, testdata::burstRun(QStringLiteral("cut"), {{1, {1e6}}}, RunStatus::Interrupted));

    MainWindow window;
    window.show();
    QVERIFY(window.openStore(as(QStringLiteral("ui_viewer"))));
    QVERIFY(window.store()->isReadOnly());
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,8"));
    QAction *start = window.findChild<QAction *>(QStringLiteral("start"));
    QAction *resume = window.findChild<QAction *>(QStringLiteral("resume"));
    QVERIFY(!start->isEnabled());
    for (const QString &told : {start->toolTip(), window.sweepToolBar()->problemText()}) {
        QVERIFY2(told.contains(QStringLiteral("read-only")) &&
                     told.contains(QStringLiteral("ui_viewer")),
                 qPrintable(told));
    }
    RunsBrowser *browser = window.runsBrowser();
    window.showTab(MainWindow::RunsTab);
    QCOMPARE(browser->visibleRunCount(), 2);
    browser->selectRuns({cut});
    QVERIFY(!resume->isEnabled());
    QVERIFY2(resume->toolTip().contains(QStringLiteral("read-only")),
             qPrintable(resume->toolTip()));
    // Every action of the runs list that would write is off, saying why.
    for (QAction *action : browser->table()->actions()) {
        const QString name = action->text().remove(QLatin1Char('&'));
        if (name.startsWith(QStringLiteral("Edit")) || name == QStringLiteral("Run again") ||
            name == QStringLiteral("Resume") || name.startsWith(QStringLiteral("Delete"))) {
            QVERIFY2(!action->isEnabled(), qPrintable(name));
            QVERIFY2(action->toolTip().contains(QStringLiteral("read-only")) &&
                         action->toolTip().contains(QStringLiteral("ui_viewer")),
                     qPrintable(name + QStringLiteral(": ") + action->toolTip()));
        }
    }

    testdata::insert(writer, testdata::burstRun(QStringLiteral("later"), {{1, {1e6}}}));
    QTRY_COMPARE_WITH_TIMEOUT(browser->visibleRunCount(), 3, kHearsAWriteMs);
}

// An error shows in the status bar's notice as well as in the log, escaped
// (an engine's or a store's text), until it is dismissed; the next error
// shows again.
void TestMainWindow::errorsShowInADismissibleNotice() {
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ErrorNotice *notice = window.errorNotice();
    QVERIFY(notice->isHidden());
    const QString hostile = QStringLiteral("engine said <b>") + QChar(0x1b) +
                            QStringLiteral("[31m") + QChar(0x202E) +
                            QStringLiteral("boom</b>\nsecond line");
    window.logPane()->appendError(hostile);
    QVERIFY(notice->isVisible());
    QCOMPARE(notice->text(), hostile);
    auto *shown = notice->findChild<ElidedLabel *>();
    QVERIFY(shown);
    // One line, the controls shown, never obeyed; the tooltip is plain text.
    QVERIFY2(!shown->text().contains(QChar(0x1b)) && !shown->text().contains(QChar(0x202E)) &&
                 !shown->text().contains(QStringLiteral("second line")),
             qPrintable(shown->text()));
    QVERIFY2(shown->toolTip().contains(QStringLiteral("&lt;b&gt;")) &&
                 shown->toolTip().contains(QStringLiteral("second line")),
             qPrintable(shown->toolTip()));
    QTest::mouseClick(notice->dismissButton(), Qt::LeftButton);
    QVERIFY(notice->isHidden());
    QVERIFY(window.logPane()->text().contains(QStringLiteral("boom")));
    window.logPane()->appendError(QStringLiteral("again"));
    QVERIFY(notice->isVisible());
    QCOMPARE(notice->text(), QStringLiteral("again"));
}

// The log keeps its newest line in view after a line far wider than the
// pane (it wraps), and leaves the user where they scrolled up to.
void TestMainWindow::logFollowsTheNewestLine() {
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    LogPane *log = window.findChild<LogPane *>();
    QVERIFY(log);
    auto *text = log->findChild<QPlainTextEdit *>();
    QVERIFY(text);
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (int i = 0; i < 60; ++i) {
        log->appendInfo(QStringLiteral("line %1").arg(i));
    }
    log->appendError(QStringLiteral("x").repeated(500));
    for (int i = 0; i < 5; ++i) {
        log->appendEngineLine(QStringLiteral("after %1").arg(i));
    }
    QApplication::processEvents();
    QVERIFY(!text->horizontalScrollBar()->isVisible());
    QVERIFY(log->showsNewestLine());
    text->verticalScrollBar()->setValue(0);
    log->appendInfo(QStringLiteral("while reading"));
    QCOMPARE(text->verticalScrollBar()->value(), 0);
    text->verticalScrollBar()->setValue(text->verticalScrollBar()->maximum());
    log->appendInfo(QStringLiteral("followed again"));
    QVERIFY(log->showsNewestLine());
}

// A label whose U+202E turns the text around on screen is also shown as
// stored, escaped, in the Edit dialog; plain text shows nothing extra.
void TestMainWindow::editDialogShowsHiddenCharacters() {
    Run run;
    run.id = 7;
    run.label = QStringLiteral("base\u202Eenil");
    run.notes = QStringLiteral("two\nlines");
    RunEditDialog dialog(run);
    dialog.show();
    auto *hidden = dialog.findChild<QLabel *>(QStringLiteral("hiddenCharacters"));
    QVERIFY(hidden);
    QVERIFY(hidden->isVisible());
    QVERIFY2(hidden->text().contains(QStringLiteral("Label as stored: base\\u202eenil"),
                                     Qt::CaseInsensitive),
             qPrintable(hidden->text()));
    QVERIFY2(!hidden->text().contains(QStringLiteral("Notes")), qPrintable(hidden->text()));
    // Editing it out takes the line away; the stored value is what was typed.
    dialog.findChildren<QLineEdit *>().at(1)->setText(QStringLiteral("baseline"));
    QVERIFY(!hidden->isVisible());
    QCOMPARE(dialog.editedRun().label, QStringLiteral("baseline"));
}

void TestMainWindow::keyboardReachesStartAndHelpNamesTheDocs() {
    MainWindow window;
    // A toolbar's buttons take no focus by default: Start, Stop and Resume do.
    for (const char *name : {"startButton", "stopButton", "resumeButton"}) {
        auto *button =
            window.sweepToolBar()->findChild<QAbstractButton *>(QString::fromLatin1(name));
        QVERIFY2(button, name);
        QVERIFY2(button->focusPolicy() & Qt::TabFocus, name);
    }
    auto *docs = window.findChild<QAction *>(QStringLiteral("documentationAction"));
    QVERIFY(docs);
    QVERIFY2(docs->toolTip().contains(QStringLiteral("/docs")), qPrintable(docs->toolTip()));
    QVERIFY(docs->shortcuts().contains(QKeySequence(QKeySequence::HelpContents)));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
