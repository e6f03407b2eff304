#pragma once
#include "model/Run.h"
#include "model/StepResult.h"
#include "results/DeltaMode.h"
#include "stats/PointStats.h"

#include <QWidget>
#include <optional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QTableView;
QT_END_NAMESPACE

namespace burstlab {

class DeltaChart;
class LiveRateChart;
class PpsChart;
class ResultsTableModel;
class RunStore;

// One run's results as they come in: the live rate of the running step, pps and
// delta charts side by side, and the mailing-list table. Deltas are shown against
// the previous point or against a baseline run picked from the store.
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

    LiveRateChart *liveChart() const { return m_live; }
    PpsChart *ppsChart() const { return m_pps; }
    DeltaChart *deltaChart() const { return m_delta; }
    ResultsTableModel *resultsModel() const { return m_model; }
    QTableView *resultsTable() const { return m_table; }

    void setDeltaMode(DeltaMode mode);
    // Picks the baseline run; false (and vs-previous mode kept) when the store lacks it.
    bool setBaselineRun(qint64 runId);

  public slots:
    // Re-reads the run list for the baseline choice (after a run was stored or deleted).
    void reloadBaselines();

  private:
    void recompute();
    void onModeChanged();
    void addBaseline(qint64 runId, const QString &title);
    // The baseline choice of a run, added when it is older than those offered;
    // -1 when the store has no such run.
    int baselineIndex(qint64 runId);

    RunStore *m_store = nullptr;
    std::optional<Run> m_run;
    QList<StepResult> m_steps;
    std::optional<Run> m_baselineRun;
    QList<StepResult> m_baselineSteps;

    QComboBox *m_mode;
    QComboBox *m_baseline;
    QLabel *m_summary;
    LiveRateChart *m_live;
    PpsChart *m_pps;
    DeltaChart *m_delta;
    ResultsTableModel *m_model;
    QTableView *m_table;
};

} // namespace burstlab
