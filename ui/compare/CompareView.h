#pragma once
#include "charts/ChartFigure.h"
#include "compare/Comparison.h"
#include "model/RunData.h"

#include <QPair>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QSplitter;
class QTabWidget;
class QTableView;
QT_END_NAMESPACE

namespace burstlab {

class CompareChecklists;
class CompareTableModel;
class DeltaChart;
class ElidedLabel;
class NetperfCompareModel;
class NoChartNote;
class NoPpsPanel;
class PpsChart;
class ProfilePanel;
class RunStore;

// Two or more stored runs overlaid on the pps and delta charts, their host
// checklists side by side beside them (CompareChecklists), with the
// per-point delta table against a chosen baseline and a list of what differs
// between the runs: points they do not share, settings they held differently
// (fixed parameters, port, step length) and their hosts (fingerprint and
// checklist), or, for the point selected in the table, where its delta went
// (the profiles' diff, in a tab beside the differences). Runs are picked
// from the store in the view itself. Imported netperf tables have their
// figures' changes in a table of their own, as `compare` prints them, and
// runs without any pps say so where the charts would be.
class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(QWidget *parent = nullptr);

    void setStore(RunStore *store);
    // Loads the runs; the first is the baseline until another is chosen. Errors
    // are shown in the view and returned false.
    bool compareRuns(const QList<qint64> &runIds);
    bool setBaseline(qint64 runId);
    void setPpsFromZero(bool fromZero);
    // Whiskers and intervals on both charts, or the lines alone.
    void setBandsShown(bool shown);
    // A tool button for a chart option in the row above the charts.
    void addChartOption(QAction *action);

    QList<qint64> runIds() const;
    const QList<RunData> &runs() const { return m_runs; }
    PpsChart *ppsChart() const { return m_pps; }
    DeltaChart *deltaChart() const { return m_delta; }
    CompareTableModel *tableModel() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The netperf figures' changes, shown when the runs have netperf tables.
    NetperfCompareModel *netperfModel() const { return m_netperfModel; }
    QTableView *netperfTable() const { return m_netperfTable; }
    NoChartNote *noChartNote() const;
    NoPpsPanel *noPpsPanel() const { return m_noPps; }
    QListWidget *runPicker() const { return m_picker; }
    QString message() const;
    // The one-line key to the marks under the charts.
    QString keyText() const;
    // What File ▸ Export chart offers: pps and delta side by side, then each
    // chart; none while the note stands in for the charts (no point has a pps).
    QList<QPair<QString, ChartFigure>> figures() const;
    // The selected point's profile diff for a figure; empty when none is shown.
    FigurePanel profileFigurePanel() const;
    ProfilePanel *profileDiff() const { return m_profileDiff; }
    CompareChecklists *checklists() const { return m_checklists; }
    // Every line of the differences list.
    QStringList differences() const;
    // The host lines of it, "#2 vs baseline #1: governor: performance vs powersave".
    QStringList hostWarnings() const;

  public slots:
    // Re-reads the store's runs for the picker (after a run was stored or deleted).
    void reloadRuns();

  protected:
    void showEvent(QShowEvent *event) override;

  private:
    void recompute();
    void showMessage(const QString &message);
    // The figures a reader needs first in sight, each column as wide as its text.
    void fitColumns();
    void listDifferences(const Comparison &comparison);
    // The netperf table and, when no point has a pps, the note in place of
    // the charts; true when the charts are hidden.
    bool showNetperf(const Comparison &comparison);
    // The differences as wide as their longest line, up to 60 characters.
    void fitDifferences();
    // Where the delta went at the selected point, for the selected run
    // (the first other run where the baseline's column is selected).
    void showProfileDiff();
    void onPickerChanged(QListWidgetItem *item);
    void filterPicker(const QString &text);
    void addPickerItem(qint64 runId, const QString &title, const QString &toolTip);
    // Ticks exactly the compared runs in the picker.
    void syncPicker();

    RunStore *m_store = nullptr;
    QList<RunData> m_runs; // baseline first
    QStringList m_hostWarnings;
    QString m_figureCaption;

    QComboBox *m_baseline;
    ElidedLabel *m_message;
    // Wraps rather than elides: its last words say what a count means.
    QLabel *m_key;
    QHBoxLayout *m_top;
    QLineEdit *m_filter; // over the runs listed: the newest, and any compared
    QListWidget *m_picker;
    PpsChart *m_pps;
    DeltaChart *m_delta;
    NoPpsPanel *m_noPps; // in place of both charts when no point has a pps
    CompareTableModel *m_model;
    QTableView *m_table;
    NetperfCompareModel *m_netperfModel;
    QTableView *m_netperfTable;
    QListWidget *m_differences;
    ProfilePanel *m_profileDiff;
    QTabWidget *m_side;  // the differences or the profile diff, beside the table
    QSplitter *m_bottom; // the table and m_side, which is as wide as its lines
    QSplitter *m_main;   // the run picker, as wide as the runs' names, and the rest
    CompareChecklists *m_checklists;
    QString m_profilePoint;
};

} // namespace burstlab
