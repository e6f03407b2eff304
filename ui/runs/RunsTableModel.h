#pragma once
#include "model/RunSummary.h"

#include <QAbstractTableModel>

namespace burstlab {

// Every stored run as one row. Interrupted and failed runs are marked by icon and
// text so they are never mistaken for complete results.
class RunsTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        IdColumn,
        NameColumn,
        LabelColumn,
        DateColumn,
        DeviceColumn,
        SweepColumn,
        BestPpsColumn,
        StepsColumn,
        StatusColumn,
        TagsColumn,
        ColumnCount
    };

    explicit RunsTableModel(QObject *parent = nullptr);

    void setRuns(const QList<RunSummary> &runs);
    const RunSummary *run(int row) const;
    int rowOf(qint64 runId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const RunSummary &run, int column) const;

    QList<RunSummary> m_runs;
};

} // namespace burstlab
