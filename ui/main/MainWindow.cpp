#include "main/MainWindow.h"
#include "charts/ChartPane.h"
#include "charts/NoChartNote.h"
#include "checklist/ChecklistView.h"
#include "compare/CompareView.h"
#include "engine/EngineHello.h"
#include "export/ExportController.h"
#include "host/CheckResult.h"
#include "import/ImportController.h"
#include "log/ErrorNotice.h"
#include "log/LogPane.h"
#include "main/LoadBanner.h"
#include "main/SweepToolBar.h"
#include "results/SweepResultsView.h"
#include "runs/RunsBrowser.h"
#include "runs/StoreHealer.h"
#include "runs/StoreWatch.h"
#include "store/RunStore.h"
#include "store/StoreLocation.h"
#include "sweep/FixTrial.h"
#include "sweep/SweepSession.h"
#include "sweep/SweepSetupPanel.h"
#include "util/SafeText.h"
#include "util/Version.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QUrl>

namespace burstlab {

namespace {

// A sweep that has run this long is worth a question before it is stopped.
constexpr qint64 kAskBeforeStopMs = 60000;

// The guides (setup, CLI, protocol, a noisy host) where the project keeps them.
constexpr char kDocsUrl[] = "https://github.com/burstlab/burstlab/tree/main/docs";

// A PostgreSQL store (named by its connection, shown as given: it holds no
// password) rather than a file (shown by its name).
bool isShared(const QString &store) {
    QString malformed;
    const std::optional<StoreLocation> location = StoreLocation::parse(store, &malformed);
    return location && !location->isFile();
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_setup(new SweepSetupPanel), m_results(new SweepResultsView),
      m_runs(new RunsBrowser), m_compare(new CompareView), m_checklist(new ChecklistView),
      m_log(new LogPane), m_tabs(new QTabWidget), m_loadBanner(new LoadBanner),
      m_session(new SweepSession(this)), m_export(new ExportController(m_settings, this)),
      m_import(new ImportController(this)), m_watch(new StoreWatch(this)),
      m_healer(new StoreHealer(this)), m_notice(new ErrorNotice) {
    setWindowTitle(tr("burstlab"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/burstlab.svg")));
    setDockOptions(AnimatedDocks | AllowTabbedDocks);
    // Where the keyboard is must show: the style marks a focused field, but
    // not a focused table or list.
    setStyleSheet(
        QStringLiteral("QAbstractItemView:focus { border: 2px solid palette(highlight); }"));

    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_results, tr("&Sweep"));
    m_tabs->addTab(m_runs, tr("&Runs"));
    m_tabs->addTab(m_compare, tr("&Compare"));
    m_tabs->addTab(m_checklist, tr("C&hecklist"));
    setCentralWidget(m_tabs);

    auto *scroll = new QScrollArea;
    scroll->setWidget(m_setup);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As narrow as the form can be, so the charts keep the room on a laptop.
    scroll->setMinimumWidth(m_setup->minimumSizeHint().width() +
                            style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8);
    QDockWidget *setupDock =
        addDock(scroll, tr("Sweep setup"), QStringLiteral("setupDock"), Qt::LeftDockWidgetArea);
    m_setupDock = setupDock;
    QDockWidget *logDock =
        addDock(m_log, tr("Log"), QStringLiteral("logDock"), Qt::BottomDockWidgetArea);
    // The charts get the room, the log a few lines (fewer on a short screen);
    // a saved layout, restored below, overrides this.
    const int logLines = screen()->availableGeometry().height() < 900 ? 4 : 8;
    resizeDocks({logDock}, {fontMetrics().height() * logLines}, Qt::Vertical);
    // The form's own width, but at most a quarter of a small screen.
    resizeDocks({setupDock},
                {std::clamp(m_setup->sizeHint().width() + scroll->minimumWidth() -
                                m_setup->minimumSizeHint().width(),
                            scroll->minimumWidth(), screen()->availableGeometry().width() / 4)},
                Qt::Horizontal);

    m_session->attach(m_setup, m_results, m_log);
    createActions();
    m_toolbar = new SweepToolBar({m_start, m_stop, m_resume}, this);
    addToolBar(Qt::TopToolBarArea, m_toolbar);
    createMenus();
    statusBar()->showMessage(tr("Ready"));
    // The busy-host banner in the status bar, seen whichever tab is open and
    // covering its messages while a sweep runs (the toolbar says the step);
    // the bar is as high as the banner from the start, so that nothing
    // above it moves when a sweep starts or ends.
    statusBar()->addPermanentWidget(m_loadBanner, 1);
    statusBar()->addPermanentWidget(m_notice);
    statusBar()->setMinimumHeight(
        std::max(statusBar()->sizeHint().height(),
                 m_loadBanner->sizeHint().height() +
                     2 * style()->pixelMetric(QStyle::PM_DefaultFrameWidth)));

    connect(m_setup, &SweepSetupPanel::validityChanged, this, &MainWindow::updateActions);
    connect(m_setup, &SweepSetupPanel::reasonChanged, this, &MainWindow::showSetupProblem);
    // The checklist probes, and tries fixes on, the device the setup names now.
    connect(m_setup, &SweepSetupPanel::reasonChanged, this,
            [this] { m_checklist->setLaunch(m_setup->spec().engine); });
    connect(m_session, &SweepSession::progressChanged, m_toolbar, &SweepToolBar::setProgress);
    connect(m_session, &SweepSession::progressChanged, this,
            [this](int done, int total, const QString &) {
                m_stepsDone = done;
                m_stepsTotal = total;
            });
    connect(m_session, &SweepSession::runningChanged, this, [this](bool running) {
        if (running) {
            // What the bar said before the sweep (e.g. "Ready") is no news of it.
            statusBar()->clearMessage();
            m_sweepClock.start();
            m_stepsDone = m_stepsTotal = 0;
        } else {
            m_sweepClock.invalidate();
        }
    });
    connect(m_session, &SweepSession::runningChanged, this, &MainWindow::updateActions);
    connect(m_session, &SweepSession::runningChanged, m_loadBanner, &LoadBanner::setRunning);
    connect(m_session, &SweepSession::loadSampled, m_loadBanner, &LoadBanner::showSample);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::foldSetup);
    connect(m_runs, &RunsBrowser::selectionChanged, this, &MainWindow::updateActions);
    connect(m_session, &SweepSession::runStored, this, &MainWindow::onRunStored);
    connect(m_watch, &StoreWatch::changed, this, &MainWindow::onStoreChanged);
    connect(m_healer, &StoreHealer::lost, this, &MainWindow::onStoreLost);
    connect(m_healer, &StoreHealer::healed, this, &MainWindow::onStoreHealed);
    connect(m_log, &LogPane::errorAppended, m_notice, &ErrorNotice::showError);
    connect(m_session, &SweepSession::statusMessage, statusBar(),
            [this](const QString &m) { statusBar()->showMessage(m); });
    connect(m_checklist, &ChecklistView::tryFixRequested, this, &MainWindow::tryFix);
    connect(m_runs, &RunsBrowser::showRequested, this, &MainWindow::showRun);
    connect(m_runs, &RunsBrowser::compareRequested, this, &MainWindow::compareRuns);
    connect(m_runs, &RunsBrowser::runAgainRequested, this, &MainWindow::runAgain);
    connect(m_runs, &RunsBrowser::resumeRequested, this, &MainWindow::resumeRun);
    connect(m_runs, &RunsBrowser::checklistRequested, this, &MainWindow::showStoredChecklist);
    connect(m_runs, &RunsBrowser::runsChanged, m_results, &SweepResultsView::reloadBaselines);
    connect(m_runs, &RunsBrowser::runsChanged, m_compare, &CompareView::reloadRuns);
    connect(m_results, &SweepResultsView::checklistRequested, this,
            &MainWindow::showStoredChecklist);
    connect(m_import, &ImportController::imported, this,
            [this](const QList<qint64> &ids, const QString &message) {
                onRunStored();
                m_runs->selectRuns(ids);
                showTab(RunsTab);
                statusBar()->showMessage(message, 8000);
            });
    connect(m_export, &ExportController::done, statusBar(),
            [this](const QString &m) { statusBar()->showMessage(m, 8000); });

    m_settings.restoreWindow(*this);
    m_setup->restoreState(m_settings.lastSweep());
    m_checklist->setLaunch(m_setup->spec().engine);
    showSetupProblem(m_setup->invalidReason());
    updateActions();
}

MainWindow::~MainWindow() {
    // The session's runner writes to the store as it stops (a run cut short is
    // marked interrupted): it must go before the store does.
    delete m_session;
}

QDockWidget *MainWindow::addDock(QWidget *widget, const QString &title, const QString &name,
                                 Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createActions() {
    auto make = [this](const QString &text, const QList<QKeySequence> &keys, const QString &tip) {
        auto *action = new QAction(text, this);
        action->setShortcuts(keys);
        action->setStatusTip(tip);
        action->setToolTip(tip);
        addAction(action);
        return action;
    };
    m_openStore = make(tr("&Open store…"), {QKeySequence::Open},
                       tr("Open or create a run store (SQLite file)"));
    m_openSharedStore =
        make(tr("Open &shared store…"), {QKeySequence(tr("Ctrl+Shift+O"))},
             tr("Open a lab's shared run store on a PostgreSQL server (a libpq URI or "
                "service name; the password comes from ~/.pgpass)"));
    m_openSharedStore->setObjectName(QStringLiteral("openSharedStore"));
    m_exportCharts = make(tr("&Export chart…"), {QKeySequence(tr("Ctrl+E"))},
                          tr("Export the pps and delta charts side by side, or one chart, as "
                             "PNG or SVG with a caption, at a preset size"));
    m_exportData = make(tr("Export &runs…"), {QKeySequence(tr("Ctrl+Shift+E"))},
                        tr("Export the shown or selected runs as netdev text, CSV, JSON or "
                           "Markdown"));
    m_importRuns = make(
        tr("&Import results…"), {QKeySequence(tr("Ctrl+I"))},
        tr("Import kernel pktgen output, a netdev table, netperf tables or a burstlab run file"));
    m_copyNetdev = make(tr("&Copy as netdev text"), {QKeySequence(tr("Ctrl+Shift+C"))},
                        tr("Copy the shown or selected runs as a netdev mailing-list table"));
    m_saveNetdev = make(tr("Save as &netdev text…"), {},
                        tr("Save the shown or selected runs as a netdev mailing-list table"));
    m_start = make(tr("&Start"), {QKeySequence(tr("Ctrl+R"))},
                   tr("Start the sweep set up in the panel (Ctrl+R)"));
    // Not Escape: it closes popups and dialogs, and one pressed to close a
    // drop-down must not also end a sweep.
    m_stop = make(tr("S&top"), {QKeySequence(tr("Ctrl+."))},
                  tr("Stop the running sweep; finished steps are kept and the run can be "
                     "resumed (Ctrl+.)"));
    m_resume = make(tr("Res&ume"), {QKeySequence(tr("Ctrl+Shift+R"))},
                    tr("Continue the shown or selected interrupted run; measured steps are kept"));
    m_quit = make(tr("&Quit"), {QKeySequence::Quit}, tr("Quit burstlab"));
    m_ppsFromZero =
        make(tr("pps from &0"), {}, tr("Start the pps axes at zero, so differences show to scale"));
    m_ppsFromZero->setCheckable(true);
    m_ppsFromZero->setChecked(m_settings.ppsFromZero());
    m_bandsShown = make(tr("&Intervals"), {},
                        tr("Show the whiskers (min..max of the repetitions) and the confidence "
                           "intervals of the deltas; hide them to see the lines alone"));
    m_bandsShown->setCheckable(true);
    m_bandsShown->setChecked(m_settings.bandsShown());
    m_start->setObjectName(QStringLiteral("start"));
    m_stop->setObjectName(QStringLiteral("stop"));
    m_resume->setObjectName(QStringLiteral("resume"));
    m_start->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_stop->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    m_resume->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));

    connect(m_openStore, &QAction::triggered, this, &MainWindow::chooseStore);
    connect(m_openSharedStore, &QAction::triggered, this, &MainWindow::chooseSharedStore);
    connect(m_exportCharts, &QAction::triggered, this, [this] {
        const bool compare = m_tabs->currentWidget() == m_compare;
        m_export->exportFigure(
            compare ? m_compare->figures() : m_results->figures(),
            compare ? m_compare->profileFigurePanel() : m_results->profileFigurePanel(),
            (compare ? m_compare->noChartNote() : m_results->noChartNote())->text());
    });
    connect(m_exportData, &QAction::triggered, this,
            [this] { m_export->exportRuns(currentRunIds()); });
    connect(m_importRuns, &QAction::triggered, m_import, &ImportController::chooseAndImport);
    connect(m_copyNetdev, &QAction::triggered, this,
            [this] { m_export->copyNetdev(currentRunIds()); });
    connect(m_saveNetdev, &QAction::triggered, this,
            [this] { m_export->saveNetdev(currentRunIds()); });
    connect(m_start, &QAction::triggered, this, &MainWindow::startSweep);
    connect(m_stop, &QAction::triggered, this, &MainWindow::requestStop);
    connect(m_resume, &QAction::triggered, this, [this] {
        if (const std::optional<qint64> id = resumableRun()) {
            resumeRun(*id);
        }
    });
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
    connect(m_ppsFromZero, &QAction::toggled, this, [this](bool fromZero) {
        m_settings.setPpsFromZero(fromZero);
        m_results->setPpsFromZero(fromZero);
        m_compare->setPpsFromZero(fromZero);
    });
    m_results->setPpsFromZero(m_ppsFromZero->isChecked());
    m_compare->setPpsFromZero(m_ppsFromZero->isChecked());
    m_results->addChartOption(m_ppsFromZero);
    connect(m_bandsShown, &QAction::toggled, this, [this](bool shown) {
        m_settings.setBandsShown(shown);
        m_results->setBandsShown(shown);
        m_compare->setBandsShown(shown);
    });
    m_results->setBandsShown(m_bandsShown->isChecked());
    m_compare->setBandsShown(m_bandsShown->isChecked());
    m_results->addChartOption(m_bandsShown);
    m_compare->addChartOption(m_ppsFromZero);
    m_compare->addChartOption(m_bandsShown);
    // A right click on a chart offers what the chart can do.
    for (ChartPane *chart :
         m_results->findChildren<ChartPane *>() + m_compare->findChildren<ChartPane *>()) {
        chart->setContextMenuPolicy(Qt::ActionsContextMenu);
        chart->addActions({m_exportCharts, m_ppsFromZero, m_bandsShown});
    }
}

void MainWindow::createMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openStore);
    file->addAction(m_openSharedStore);
    m_recentMenu = file->addMenu(tr("Open &recent store"));
    file->addSeparator();
    file->addAction(m_importRuns);
    file->addAction(m_exportCharts);
    file->addAction(m_exportData);
    file->addAction(m_saveNetdev);
    file->addSeparator();
    file->addAction(m_quit);
    updateRecentMenu();

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_copyNetdev);
    QAction *editRun = edit->addAction(tr("Edit &run…"));
    connect(editRun, &QAction::triggered, this, [this] {
        const QList<qint64> ids = currentRunIds();
        if (!ids.isEmpty() && m_runs->editRun(ids.first())) {
            statusBar()->showMessage(tr("Run #%1 saved").arg(ids.first()), 5000);
        }
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    const QStringList names{tr("&Sweep"), tr("&Runs"), tr("&Compare"), tr("C&hecklist")};
    for (int i = 0; i < names.size(); ++i) {
        QAction *tab = view->addAction(names.at(i));
        tab->setShortcut(QKeySequence(tr("Ctrl+%1").arg(i + 1)));
        connect(tab, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
    }
    view->addSeparator();
    view->addAction(m_ppsFromZero);
    view->addAction(m_bandsShown);
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>()) {
        view->addAction(dock->toggleViewAction());
    }

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_start);
    run->addAction(m_stop);
    run->addAction(m_resume);
    run->addSeparator();
    QAction *probe = run->addAction(tr("Re-probe &checklist"));
    connect(probe, &QAction::triggered, this, [this] {
        showTab(ChecklistTab);
        m_checklist->reprobe();
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *docs = help->addAction(tr("&Documentation"));
    docs->setObjectName(QStringLiteral("documentationAction"));
    docs->setToolTip(tr("Open %1 in the web browser").arg(kDocsUrl));
    docs->setShortcuts(QKeySequence::HelpContents);
    connect(docs, &QAction::triggered, this,
            [] { QDesktopServices::openUrl(QUrl(QString::fromLatin1(kDocsUrl))); });
    help->addSeparator();
    QAction *aboutAction = help->addAction(tr("&About burstlab"));
    aboutAction->setMenuRole(QAction::AboutRole);
    connect(aboutAction, &QAction::triggered, this, &MainWindow::about);
    QAction *aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentStores();
    for (const QString &path : recent) {
        // As the user wrote it, never a secret; '&' is text, not an accelerator.
        QAction *action =
            m_recentMenu->addAction(SafeText::field(StoreLocation::redacted(path))
                                        .replace(QLatin1Char('&'), QLatin1String("&&")));
        action->setData(path);
        // Queued: opening a store rebuilds this menu, which must not delete
        // the action while it is still being triggered.
        connect(
            action, &QAction::triggered, this, [this, path] { openRecentStore(path); },
            Qt::QueuedConnection);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::updateActions() {
    const bool running = m_session->isRunning();
    const QString readOnly = readOnlyStore();
    m_start->setEnabled(!running && readOnly.isEmpty() && m_setup->isValid());
    m_stop->setEnabled(running);
    const std::optional<qint64> resumable = resumableRun();
    m_resume->setEnabled(resumable.has_value());
    if (!readOnly.isEmpty()) {
        m_resume->setToolTip(tr("Cannot resume: %1").arg(readOnly));
    } else {
        m_resume->setToolTip(resumable
                                 ? tr("Resume run #%1: its measured steps are kept").arg(*resumable)
                                 : tr("Resume an interrupted or failed run: show or select "
                                      "one first"));
    }
    m_openStore->setEnabled(!running);
    m_openSharedStore->setEnabled(!running);
    m_recentMenu->setEnabled(!running && !m_settings.recentStores().isEmpty());
}

QString MainWindow::readOnlyStore() const {
    if (!m_store || !m_store->isReadOnly()) {
        return {};
    }
    return tr("the store %1 is read-only (%2): a sweep could not be stored")
        .arg(m_store->path(), m_store->readOnlyReason());
}

void MainWindow::showSetupProblem(const QString &setupReason) {
    // A store that cannot take a run comes first: no setup would help.
    const QString readOnly = readOnlyStore();
    const QString reason = readOnly.isEmpty() ? setupReason : readOnly;
    m_toolbar->setProblem(reason);
    m_start->setToolTip(reason.isEmpty() ? tr("Start the sweep set up in the panel (Ctrl+R)")
                                         : tr("Cannot start: %1").arg(reason));
    const QString message = reason.isEmpty() ? QString() : tr("Cannot start: %1").arg(reason);
    // A fixed setup takes its complaint away at once, not when it times out;
    // any other message stays.
    if (!message.isEmpty()) {
        statusBar()->showMessage(message, 10000);
    } else if (statusBar()->currentMessage().startsWith(tr("Cannot start: "))) {
        statusBar()->clearMessage();
    }
}

std::optional<qint64> MainWindow::resumableRun() const {
    const QList<qint64> ids = currentRunIds();
    if (!m_store || m_store->isReadOnly() || m_session->isRunning() || ids.size() != 1) {
        return std::nullopt;
    }
    const std::optional<Run> run = m_store->loadRun(ids.first());
    const bool broken =
        run && (run->status == RunStatus::Interrupted || run->status == RunStatus::Failed);
    return broken && run->source == QStringLiteral("engine") ? std::optional<qint64>(run->id)
                                                             : std::nullopt;
}

void MainWindow::requestStop() {
    if (m_sweepClock.isValid() && m_sweepClock.elapsed() >= kAskBeforeStopMs &&
        QMessageBox::question(
            this, tr("Stop the sweep"),
            tr("Stop the sweep after %1 of %2 steps? The steps measured so far are kept, and "
               "Run ▸ Resume continues the run later.")
                .arg(m_stepsDone)
                .arg(m_stepsTotal),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes) {
        return;
    }
    m_session->stop();
}

void MainWindow::openRecentStore(const QString &path) {
    if (!isShared(path) && !QFileInfo::exists(path)) {
        QMessageBox::warning(this, tr("Open recent store"),
                             tr("The store %1 no longer exists: it is taken off the list, and "
                                "no new store is made in its place.")
                                 .arg(SafeText::field(path)));
        m_settings.removeRecentStore(path);
        updateRecentMenu();
        return;
    }
    openStore(path);
}

bool MainWindow::openStore(const QString &path) {
    if (m_session->isRunning()) {
        QMessageBox::warning(this, tr("Open store"),
                             tr("A sweep is writing to the open store: stop it first."));
        return false;
    }
    auto store = std::make_unique<RunStore>();
    // A viewer's store (a file it may not write, a role that may only read)
    // still lists, shows and compares runs, and stays live.
    if (!store->open(path, RunStore::Access::ReadOnlyIfNeeded, RunStore::Superuser::Refused)) {
        const QString file =
            StoreLocation::redacted(path.isEmpty() ? RunStore::defaultPath() : path);
        QMessageBox::critical(
            this, tr("Open store"),
            tr("Could not open the run store %1:\n%2").arg(file, store->lastError()));
        if (!path.isEmpty()) {
            m_settings.removeRecentStore(path);
            updateRecentMenu();
        }
        return false;
    }
    const QList<qint64> recovered = store->recoveredOnOpen();
    m_store = std::move(store);
    m_settings.addRecentStore(m_store->path());
    updateRecentMenu();
    m_session->setStore(m_store.get());
    m_results->setStore(m_store.get());
    m_runs->setStore(m_store.get());
    m_compare->setStore(m_store.get());
    m_export->setStore(m_store.get());
    m_import->setStore(m_store.get());
    m_watch->setStore(m_store.get());
    m_healer->setStore(m_store.get());
    // Errors of the store left behind are not this one's.
    m_notice->clear();
    setWindowTitle(tr("%1 — burstlab")
                       .arg(isShared(m_store->path()) ? m_store->path()
                                                      : QFileInfo(m_store->path()).fileName()));
    showSetupProblem(m_setup->invalidReason());
    updateActions();
    statusBar()->showMessage(
        m_store->isReadOnly()
            ? tr("Opened store %1 read-only: %2").arg(m_store->path(), m_store->readOnlyReason())
            : tr("Opened store %1").arg(m_store->path()),
        5000);
    if (const QString full = m_store->waitingForSpace(); !full.isEmpty()) {
        m_log->appendError(tr("%1: its runs can be listed, shown and exported; nothing can be "
                              "stored, and runs left running are marked interrupted, once "
                              "there is space")
                               .arg(full));
    }
    if (!recovered.isEmpty()) {
        m_log->appendInfo(tr("%n run(s) left running by an earlier session are marked "
                             "interrupted; resume them from the Runs tab",
                             nullptr, int(recovered.size())));
    }
    return true;
}

void MainWindow::chooseStore() {
    const QString current = m_store ? m_store->path() : RunStore::defaultPath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Open or create a run store"),
                                                      current, tr("burstlab store (*.sqlite *.db)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty()) {
        openStore(path);
    }
}

void MainWindow::chooseSharedStore() {
    const QString current = m_store && isShared(m_store->path()) ? m_store->path() : QString();
    bool ok = false;
    const QString text =
        QInputDialog::getText(this, tr("Open shared store"),
                              tr("PostgreSQL connection, as libpq names one:\n"
                                 "postgresql://user@host/burstlab, or service=lab\n"
                                 "(no password here: libpq reads it from ~/.pgpass or PGPASSWORD)"),
                              QLineEdit::Normal, current, &ok)
            .trimmed();
    if (!ok || text.isEmpty())
        return;
    QString error;
    const std::optional<StoreLocation> location = StoreLocation::parse(text, &error);
    if (location && location->isFile())
        error = tr("that is a file name; open a file with Open store…");
    if (!location || location->isFile()) {
        QMessageBox::critical(this, tr("Open shared store"),
                              tr("Not a PostgreSQL connection: %1").arg(error));
        return;
    }
    openStore(text);
}

void MainWindow::foldSetup() {
    // The setup is for the Sweep tab: the runs list, a comparison and the
    // checklist take its width. It comes back as it was left.
    const bool sweepTab = m_tabs->currentWidget() == m_results;
    if (!sweepTab && m_setupDock->isVisible()) {
        m_setupFolded = true;
        m_setupDock->hide();
    } else if (sweepTab && m_setupFolded) {
        m_setupFolded = false;
        m_setupDock->show();
    }
}

void MainWindow::showTab(Tab tab) {
    m_tabs->setCurrentIndex(int(tab));
}

bool MainWindow::readyToStart() {
    if (m_session->isRunning() || !m_setup->isValid() || !readOnlyStore().isEmpty()) {
        return false;
    }
    return m_store || openStore(QString());
}

void MainWindow::startSweep() {
    if (!readyToStart()) {
        return;
    }
    m_settings.setLastSweep(m_setup->saveState());
    m_checklist->setLaunch(m_setup->spec().engine);
    showTab(SweepTab);
    if (m_session->start(m_setup->spec(), m_setup->runName(), m_setup->runLabel())) {
        // A name is one run's: the next sweep is named from its own settings
        // unless it is given one.
        m_setup->setRunName(QString());
        m_settings.setLastSweep(m_setup->saveState());
    }
}

void MainWindow::tryFix(const FixTrial &trial) {
    const EngineLaunch &launch = m_setup->spec().engine;
    const QString hostDevice =
        (launch.hostDevice.isEmpty() ? launch.device : launch.hostDevice).section(u',', 0, 0);
    if (launch.kind != EngineKind::Pktgen || hostDevice != trial.device) {
        QMessageBox::warning(this, tr("Try the fix"),
                             tr("The checklist probed %1, which the sweep setup no longer sets: "
                                "re-probe the checklist for the setup's device.")
                                 .arg(trial.device.toHtmlEscaped()));
        return;
    }
    if (!readyToStart()) {
        return;
    }
    const Run run = trial.run(m_setup->spec());
    showTab(SweepTab);
    if (!m_session->start(run.spec, run.name, run.label)) {
        return;
    }
    statusBar()->showMessage(tr("Trying %1 as run \"%2\": the recommended point's verdict "
                                "against the found one says whether it matters")
                                 .arg(trial.describe(), run.label));
    // The answer, as the CLI prints it, once the run is stored.
    connect(
        m_session, &SweepSession::finished, this,
        [this, trial](qint64 runId, bool completed) {
            const auto data = completed && m_store ? m_store->loadRunData(runId) : std::nullopt;
            if (data) {
                statusBar()->showMessage(SafeText::field(trial.outcomeText(*data)));
            }
        },
        Qt::SingleShotConnection);
}

void MainWindow::runAgain(qint64 runId) {
    const std::optional<Run> run = m_store ? m_store->loadRun(runId) : std::nullopt;
    if (!run) {
        QMessageBox::warning(this, tr("Run again"),
                             tr("Run #%1 could not be loaded: %2")
                                 .arg(runId)
                                 .arg(m_store ? m_store->lastError() : tr("no store is open")));
        return;
    }
    m_setup->setSpec(run->spec);
    m_setup->setRunLabel(run->label);
    statusBar()->showMessage(
        tr("The setup holds run #%1's settings: press Start (Ctrl+R) to run it again").arg(runId));
}

void MainWindow::resumeRun(qint64 runId) {
    if (!m_store || m_store->isReadOnly() || m_session->isRunning()) {
        return;
    }
    showTab(SweepTab);
    m_session->resume(runId);
}

void MainWindow::showRun(qint64 runId) {
    if (!m_store) {
        return;
    }
    const std::optional<Run> run = m_store->loadRun(runId);
    const std::optional<QList<StepResult>> steps = m_store->stepsOf(runId);
    if (!run || !steps) {
        QMessageBox::warning(
            this, tr("Show run"),
            tr("Run #%1 could not be loaded: %2").arg(runId).arg(m_store->lastError()));
        return;
    }
    m_results->showRun(*run, *steps);
    showTab(SweepTab);
    updateActions();
}

void MainWindow::compareRuns(const QList<qint64> &runIds) {
    m_compare->compareRuns(runIds);
    m_runs->selectRuns(runIds);
    showTab(CompareTab);
}

void MainWindow::showStoredChecklist(qint64 runId) {
    const std::optional<Run> run = m_store ? m_store->loadRun(runId) : std::nullopt;
    if (!run) {
        return;
    }
    m_checklist->showStored(
        CheckResult::fromJsonArray(run->checklist),
        tr("Stored with run #%1 (%2)")
            .arg(runId)
            .arg(run->created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    showTab(ChecklistTab);
}

void MainWindow::onRunStored() {
    m_runs->reload();
    m_results->reloadBaselines();
    m_compare->reloadRuns();
}

void MainWindow::onStoreChanged() {
    onRunStored();
    const std::optional<qint64> shown = m_results->runId();
    if (!shown || m_session->isRunning()) {
        return;
    }
    const std::optional<Run> run = m_store->loadRun(*shown);
    const std::optional<QList<StepResult>> steps = m_store->stepsOf(*shown);
    if (run && steps && !m_results->shows(*run, *steps)) {
        m_results->showRun(*run, *steps);
    }
}

void MainWindow::onStoreLost(const QString &why) {
    m_lostNotice = tr("Lost the connection to the store: %1; trying again in the background, "
                      "the window shows what was stored until then")
                       .arg(why.section(QLatin1Char('\n'), 0, 0));
    m_log->appendError(m_lostNotice);
    statusBar()->showMessage(m_lostNotice);
}

void MainWindow::onStoreHealed(qint64 downMs) {
    m_notice->clearIf(m_lostNotice);
    m_lostNotice.clear();
    // What finished, started or changed meanwhile was announced to nobody.
    onStoreChanged();
    const QString message = tr("Connected to the store again after %1 s: the runs are caught up")
                                .arg(double(downMs) / 1000.0, 0, 'f', 1);
    m_log->appendInfo(message);
    statusBar()->showMessage(message, 10000);
}

QList<qint64> MainWindow::currentRunIds() const {
    if (m_tabs->currentWidget() == m_runs && !m_runs->selectedRunIds().isEmpty()) {
        return m_runs->selectedRunIds();
    }
    if (m_tabs->currentWidget() == m_compare && !m_compare->runIds().isEmpty()) {
        return m_compare->runIds();
    }
    if (const std::optional<qint64> id = m_results->runId()) {
        return {*id};
    }
    return m_runs->selectedRunIds();
}

QString MainWindow::lastEngineSummary() const {
    if (!m_session->engineDescription().isEmpty()) {
        return m_session->engineDescription();
    }
    // No engine started in this session: the newest measured run says which one
    // answered last. Runs are read a page at a time, newest first, and only
    // measured ones are loaded.
    RunFilter page;
    page.limit = 50;
    while (m_store) {
        const std::optional<QList<RunSummary>> runs = m_store->listRuns(page);
        if (!runs || runs->isEmpty()) {
            break;
        }
        for (const RunSummary &summary : *runs) {
            const std::optional<Run> run = summary.source == QLatin1String("engine")
                                               ? m_store->loadRun(summary.id)
                                               : std::nullopt;
            const std::optional<EngineHello> hello =
                run ? EngineHello::fromJson(run->hello) : std::nullopt;
            if (hello) {
                return tr("%1 (as recorded with run #%2)").arg(hello->summary()).arg(run->id);
            }
        }
        page.olderThan = runs->constLast().id;
    }
    return {};
}

void MainWindow::about() {
    const QString engine = lastEngineSummary();
    QMessageBox::about(
        this, tr("About burstlab"),
        tr("<h3>burstlab %1</h3>"
           "<p>A lab for packet-transmit experiments: burst and clone sweeps on DPDK "
           "or the kernel's pktgen, stored and charted.</p>"
           "<p>Qt %2 (built with %3)<br>Engine: %4</p>")
            .arg(versionString().toHtmlEscaped(), QString::fromLatin1(qVersion()),
                 QStringLiteral(QT_VERSION_STR),
                 engine.isEmpty() ? tr("not started yet in this session; its versions are "
                                       "shown once it has answered")
                                  : engine.toHtmlEscaped()));
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (m_session->isRunning()) {
        QMessageBox box(QMessageBox::Question, tr("Quit burstlab"),
                        tr("A sweep is running. Stop it and quit? Finished steps are kept."),
                        QMessageBox::Yes | QMessageBox::Cancel, this);
        box.setDefaultButton(QMessageBox::Cancel);
        // The sweep may end while the question waits: it then asks what is true.
        connect(m_session, &SweepSession::runningChanged, &box, [&box](bool running) {
            if (!running) {
                box.setText(tr("The sweep has ended and is stored. Quit?"));
            }
        });
        if (box.exec() != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_session->stop();
    }
    m_settings.setLastSweep(m_setup->saveState());
    // The layout as the Sweep tab has it: the next session starts there.
    if (m_setupFolded) {
        m_setupDock->show();
    }
    m_settings.saveWindow(*this);
    event->accept();
}

} // namespace burstlab
