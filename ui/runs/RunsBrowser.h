#pragma once
#include <QList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QToolBar;
class QAction;
QT_END_NAMESPACE

namespace burstlab {

class RunStore;
class RunsTableModel;

// The runs of the store in a sortable, filterable table (newest first, a page at
// a time; all of them once filtered or sorted otherwise), with the actions on
// stored runs: show, compare, edit (rename, label, notes, tags), delete after
// confirmation, run again and resume. Store errors are shown in the view.
class RunsBrowser : public QWidget {
    Q_OBJECT
  public:
    explicit RunsBrowser(QWidget *parent = nullptr);

    void setStore(RunStore *store);
    QList<qint64> selectedRunIds() const;
    void selectRuns(const QList<qint64> &runIds);
    void setFilterText(const QString &text);
    int visibleRunCount() const;
    RunsTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

    // The run's edit dialog; false when cancelled or the store refused.
    bool editRun(qint64 runId);
    // Asks for confirmation unless confirmed is true (tests, scripted use).
    bool deleteRuns(const QList<qint64> &runIds, bool confirmed = false);

  public slots:
    void reload();

  signals:
    void showRequested(qint64 runId);
    void compareRequested(const QList<qint64> &runIds);
    void runAgainRequested(qint64 runId);
    void resumeRequested(qint64 runId);
    void checklistRequested(qint64 runId);
    void runsChanged();
    void selectionChanged();

  private:
    void updateActions();
    // Columns to their contents, long texts capped.
    void fitColumns();
    void loadEveryRunIfNeeded();
    void showError(const QString &message);
    qint64 currentRunId() const;

    RunStore *m_store = nullptr;
    RunsTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    // Made in this order, which is the tab order: the filter, then the runs it filters.
    QLineEdit *m_filter;
    QLabel *m_error;
    QTableView *m_table;
    QAction *m_show;
    QAction *m_compare;
    QAction *m_edit;
    QAction *m_delete;
    QAction *m_runAgain;
    QAction *m_resume;
    QAction *m_checklist;
};

} // namespace burstlab
