#pragma once
#include "exchange/Comparison.h"

#include <QAbstractTableModel>

namespace burstlab {

// A comparison as a table: one row per point; the baseline's pps, then for every
// other run its pps, its ns/packet delta against the baseline and the verdict.
class CompareTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    explicit CompareTableModel(QObject *parent = nullptr);

    void setComparison(const Comparison &comparison);
    const Comparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    // Column -> (run index, field): field 0 = pps, 1 = delta ns, 2 = verdict.
    struct Cell {
        int run = 0;
        int field = 0;
    };
    Cell cellOf(int column) const;

    Comparison m_comparison;
};

} // namespace burstlab
