#pragma once
#include "exchange/Comparison.h"
#include "model/RunData.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
class QTableView;
QT_END_NAMESPACE

namespace burstlab {

class CompareTableModel;
class DeltaChart;
class PpsChart;
class RunStore;

// Two or more stored runs overlaid on the pps and delta charts, with the
// per-point delta table against a chosen baseline and a warning panel listing
// how the runs' hosts differ (fingerprint and checklist).
class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(QWidget *parent = nullptr);

    void setStore(RunStore *store);
    // Loads the runs; the first is the baseline until another is chosen. Errors
    // are shown in the view and returned false.
    bool compareRuns(const QList<qint64> &runIds);
    bool setBaseline(qint64 runId);

    QList<qint64> runIds() const;
    const QList<RunData> &runs() const { return m_runs; }
    PpsChart *ppsChart() const { return m_pps; }
    DeltaChart *deltaChart() const { return m_delta; }
    CompareTableModel *tableModel() const { return m_model; }
    QStringList hostWarnings() const;

  private:
    void recompute();
    void showMessage(const QString &message);

    RunStore *m_store = nullptr;
    QList<RunData> m_runs; // baseline first

    QComboBox *m_baseline;
    QLabel *m_message;
    PpsChart *m_pps;
    DeltaChart *m_delta;
    CompareTableModel *m_model;
    QTableView *m_table;
    QListWidget *m_warnings;
};

} // namespace burstlab
