#pragma once
#include "model/RunSummary.h"

#include <QAbstractTableModel>
#include <functional>
#include <optional>

namespace burstlab {

// The stored runs as rows, newest first, loaded a page at a time as the view
// scrolls (fetchMore), so that a store of thousands of runs opens as fast as
// a small one and holds only what was shown. Interrupted and failed runs are
// marked by icon and text so they are never mistaken for complete results.
class RunsTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    // Status and steps come early: on a narrow screen they stay in sight.
    enum Column {
        IdColumn,
        StatusColumn,
        LabelColumn,
        NameColumn,
        SweepColumn,
        StepsColumn,
        BestPpsColumn,
        DateColumn,
        DeviceColumn,
        TagsColumn,
        ColumnCount
    };

    // Up to count runs listed after run olderThan (0: from the newest; count
    // 0: all of them); nullopt when the store failed (the loader reports it).
    using PageLoader = std::function<std::optional<QList<RunSummary>>(qint64 olderThan, int count)>;
    static constexpr int pageSize = 200;

    explicit RunsTableModel(QObject *parent = nullptr);

    // Loads the first page through loader; an empty loader empties the model.
    void setLoader(PageLoader loader);
    // Reads the loaded rows again (at least a page): after runs changed.
    void reload();
    // Loads every run that is not loaded yet: before a filter or a sort
    // that must see them all.
    void fetchAll();
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    const RunSummary *run(int row) const;
    int rowOf(qint64 runId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const RunSummary &run, int column) const;

    void append(int count);

    PageLoader m_loader;
    QList<RunSummary> m_runs;
    bool m_more = false; // the store may hold runs after the last row
};

} // namespace burstlab
