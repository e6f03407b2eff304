#pragma once
#include "main/AppSettings.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;
QT_END_NAMESPACE

namespace burstlab {

class ChecklistView;
class CompareView;
class ErrorNotice;
class ExportController;
class ImportController;
class LoadBanner;
class LogPane;
class RunStore;
struct FixTrial;
class RunsBrowser;
class SweepResultsView;
class SweepSession;
class SweepSetupPanel;
class StoreHealer;
class StoreWatch;
class SweepToolBar;

// The application window: wires the views to the store and to the sweep
// session and owns menus, shortcuts and persisted layout. No measurement,
// statistics or file format logic lives here.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (or creates) a store; the default store when path is empty. Errors
    // are shown to the user and returned false.
    bool openStore(const QString &path);

    SweepSetupPanel *setupPanel() const { return m_setup; }
    SweepResultsView *resultsView() const { return m_results; }
    RunsBrowser *runsBrowser() const { return m_runs; }
    CompareView *compareView() const { return m_compare; }
    ChecklistView *checklistView() const { return m_checklist; }
    LogPane *logPane() const { return m_log; }
    SweepSession *sweepSession() const { return m_session; }
    RunStore *store() const { return m_store.get(); }
    ExportController *exporter() const { return m_export; }
    ImportController *importer() const { return m_import; }
    QTabWidget *tabs() const { return m_tabs; }
    SweepToolBar *sweepToolBar() const { return m_toolbar; }
    LoadBanner *loadBanner() const { return m_loadBanner; }
    ErrorNotice *errorNotice() const { return m_notice; }
    StoreHealer *storeHealer() const { return m_healer; }
    QDockWidget *setupDock() const { return m_setupDock; }

    enum Tab { SweepTab, RunsTab, CompareTab, ChecklistTab };
    void showTab(Tab tab);
    // Start with the setup panel's sweep, as the Start button does.
    void startSweep();
    // A checklist fix tried on the setup's other parameters (FixTrial).
    void tryFix(const burstlab::FixTrial &trial);
    // A stored run on the Sweep tab (burstlab --run ID, Runs ▸ Show).
    void showRun(qint64 runId);
    // Stored runs on the Compare tab, the first the baseline (burstlab --compare).
    void compareRuns(const QList<qint64> &runIds);

  protected:
    void closeEvent(QCloseEvent *event) override;

  private:
    // No run going, a valid setup and a writable store (opened if none is).
    bool readyToStart();
    void createActions();
    void createMenus();
    QDockWidget *addDock(QWidget *widget, const QString &title, const QString &name,
                         Qt::DockWidgetArea area);
    void updateRecentMenu();
    void updateActions();
    void showSetupProblem(const QString &setupReason);
    // Why no sweep can start on the open store (it is read-only), else empty.
    QString readOnlyStore() const;
    // The run Resume continues: the selected or shown run, when it was cut short.
    std::optional<qint64> resumableRun() const;
    void chooseStore();
    // A PostgreSQL store, named as libpq names one (docs/store.md).
    void chooseSharedStore();
    void runAgain(qint64 runId);
    void resumeRun(qint64 runId);
    // Stop, asking first when the sweep has run long enough to be worth
    // keeping going (kAskBeforeStopMs).
    void requestStop();
    // A store of the Open recent menu: a file that is gone is not made anew.
    void openRecentStore(const QString &path);
    void showStoredChecklist(qint64 runId);
    // Hides the setup dock away from the Sweep tab, and shows it there again.
    void foldSetup();
    void onRunStored();
    // Another process committed to the store: the lists, and the shown run
    // when it is not this session's to update.
    void onStoreChanged();
    // The store's connection dropped, and came back downMs later (StoreHealer).
    void onStoreLost(const QString &why);
    void onStoreHealed(qint64 downMs);
    void about();
    // The engine and DPDK versions for About: this session's engine, else the
    // one recorded with the newest measured run.
    QString lastEngineSummary() const;
    QList<qint64> currentRunIds() const;

    AppSettings m_settings;
    std::unique_ptr<RunStore> m_store;

    SweepSetupPanel *m_setup;
    SweepResultsView *m_results;
    RunsBrowser *m_runs;
    CompareView *m_compare;
    ChecklistView *m_checklist;
    LogPane *m_log;
    QTabWidget *m_tabs;
    LoadBanner *m_loadBanner;
    SweepSession *m_session;
    ExportController *m_export;
    ImportController *m_import;
    StoreWatch *m_watch;
    StoreHealer *m_healer;
    ErrorNotice *m_notice;
    QString m_lostNotice; // the notice of a lost connection, while it is lost
    SweepToolBar *m_toolbar = nullptr;
    QDockWidget *m_setupDock = nullptr;
    bool m_setupFolded = false; // hidden by foldSetup, not by the user
    QElapsedTimer m_sweepClock; // since the running sweep started
    int m_stepsDone = 0;
    int m_stepsTotal = 0;

    QMenu *m_recentMenu = nullptr;
    QAction *m_openStore = nullptr;
    QAction *m_openSharedStore = nullptr;
    QAction *m_exportCharts = nullptr;
    QAction *m_exportData = nullptr;
    QAction *m_importRuns = nullptr;
    QAction *m_copyNetdev = nullptr;
    QAction *m_saveNetdev = nullptr;
    QAction *m_start = nullptr;
    QAction *m_stop = nullptr;
    QAction *m_resume = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_ppsFromZero = nullptr;
    QAction *m_bandsShown = nullptr;
};

} // namespace burstlab
