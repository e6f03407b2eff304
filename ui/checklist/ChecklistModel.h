#pragma once
#include "host/CheckResult.h"

#include <QAbstractTableModel>

namespace burstlab {

// Checklist results as rows: status, item, current and recommended value, fix.
class ChecklistModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        StatusColumn,
        TitleColumn,
        CurrentColumn,
        RecommendedColumn,
        FixColumn,
        ColumnCount
    };

    explicit ChecklistModel(QObject *parent = nullptr);

    void setResults(const QList<CheckResult> &results);
    const QList<CheckResult> &results() const { return m_results; }
    const CheckResult *result(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QIcon statusIcon(CheckStatus status);

  private:
    QList<CheckResult> m_results;
};

} // namespace burstlab
