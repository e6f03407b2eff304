#pragma once
#include "charts/ChartFigure.h"
#include "model/Run.h"
#include "model/RunSummary.h"
#include "model/StepResult.h"
#include "results/DeltaMode.h"
#include "stats/PointStats.h"

#include <QPair>
#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QTableView;
class QTabWidget;
QT_END_NAMESPACE

namespace burstlab {

class ChecklistSummary;
class DeltaChart;
class ElidedLabel;
class LiveRateChart;
class NetperfTableModel;
class NoChartNote;
class NoPpsPanel;
class PpsChart;
class ProfilePanel;
class ResultsTableModel;
class RunStore;

// One run's results as they come in: pps and delta charts side by side on one
// x scale with, beside them in tabs, the live rate of the running step, the
// profile of the point selected in the table and the run's host checklist;
// under them the mailing-list table, across the whole width. Deltas are shown
// against the previous point or against a baseline run picked from the store.
// Imported netperf tables have their figures in a table of their own, and
// a run without any pps says so where the charts would be.
class SweepResultsView : public QWidget {
    Q_OBJECT
  public:
    explicit SweepResultsView(QWidget *parent = nullptr);

    // Baselines are offered from this store; null means none.
    void setStore(RunStore *store);
    // Recomputes the statistics (core) and redraws charts and table.
    void showRun(const Run &run, const QList<StepResult> &steps);
    void clear();
    std::optional<qint64> runId() const;
    // Whether the view holds exactly this run and these steps.
    bool shows(const Run &run, const QList<StepResult> &steps) const;
    // The run the live chart's steps belong to, and whether it is measuring:
    // showing another run while none is clears the live chart.
    void setLiveRun(qint64 runId, bool running);
    void setPpsFromZero(bool fromZero);
    // Whiskers and intervals on both charts, or the lines alone.
    void setBandsShown(bool shown);
    // A tool button for a chart option (e.g. the zero-based pps axis) in the
    // controls row.
    void addChartOption(QAction *action);
    // "Run #5 baseline · net_null0 (net_null) · burst=1..32; 3 reps x 200 ms"
    QString summaryText() const;
    // Why the deltas against the chosen baseline are missing, empty when they are not.
    QString baselineNote() const;
    // The baseline run chosen, also while deltas are taken against the previous point.
    std::optional<qint64> baselineRunId() const;
    // The one-line key to the marks under the charts.
    QString keyText() const;
    // What File ▸ Export chart offers: pps and delta side by side, then each
    // chart; none while the note stands in for the charts (no point has a pps).
    QList<QPair<QString, ChartFigure>> figures() const;
    // The selected point's profile for a figure; empty when none is shown.
    FigurePanel profileFigurePanel() const;

    LiveRateChart *liveChart() const { return m_live; }
    PpsChart *ppsChart() const { return m_pps; }
    DeltaChart *deltaChart() const { return m_delta; }
    ChecklistSummary *checklistSummary() const { return m_checklist; }
    ProfilePanel *profilePanel() const { return m_profile; }
    ResultsTableModel *resultsModel() const { return m_model; }
    QTableView *resultsTable() const { return m_table; }
    // Imported netperf figures, shown under the charts when a point has them.
    NetperfTableModel *netperfModel() const { return m_netperfModel; }
    QTableView *netperfTable() const { return m_netperfTable; }
    QLabel *netperfDetails() const { return m_netperfDetails; }
    NoChartNote *noChartNote() const;
    NoPpsPanel *noPpsPanel() const { return m_noPps; }

    void setDeltaMode(DeltaMode mode);
    // Picks the baseline run; false (and vs-previous mode kept) when the store lacks it.
    bool setBaselineRun(qint64 runId);

  public slots:
    // Re-reads the run list for the baseline choice (after a run was stored or deleted).
    void reloadBaselines();

  signals:
    // The full checklist of the shown run was asked for.
    void checklistRequested(qint64 runId);

  private:
    void recompute();
    void onModeChanged();
    void addBaseline(qint64 runId, const QString &title);
    // The baseline choice of a run, added when it is older than those offered;
    // -1 when the store has no such run.
    int baselineIndex(qint64 runId);
    // The baseline a run is offered first: the newest other completed run
    // with steps that sweeps the same parameters; -1 when there is none.
    int defaultBaselineIndex() const;
    void showBaselineNote(const QList<PointStats> &stats);
    // The profile of the point selected in the table.
    void showProfile();
    // The netperf table and, when no point has a pps, the note and the
    // netperf charts in place of the pps charts; true when those are hidden.
    bool showNetperf(const QList<PointStats> &stats);

    RunStore *m_store = nullptr;
    std::optional<Run> m_run;
    QList<StepResult> m_steps;
    std::optional<Run> m_baselineRun;
    QList<PointStats> m_baselineStats; // under the baseline run's own options
    QString m_figureCaption;           // of the pps and delta charts side by side
    QString m_profilePoint;            // the point whose profile is shown
    qint64 m_liveRunId = 0;
    bool m_liveRunning = false;

    QComboBox *m_mode;
    QComboBox *m_baseline;
    QList<RunSummary> m_baselines; // those offered, newest first
    ElidedLabel *m_baselineNote;
    ElidedLabel *m_summary;
    // Wraps rather than elides: its last words say what a count means.
    QLabel *m_key;
    QHBoxLayout *m_controls;
    ChecklistSummary *m_checklist;
    LiveRateChart *m_live;
    ProfilePanel *m_profile;
    QTabWidget *m_side; // the live rate, the profile or the checklist, beside the charts
    PpsChart *m_pps;
    DeltaChart *m_delta;
    NoPpsPanel *m_noPps; // in place of both charts when no point has a pps
    ResultsTableModel *m_model;
    QTableView *m_table;
    NetperfTableModel *m_netperfModel;
    QTableView *m_netperfTable;
    QLabel *m_netperfDetails; // the tables' parameters and notes, wrapped under them
};

} // namespace burstlab
