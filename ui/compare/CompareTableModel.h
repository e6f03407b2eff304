#pragma once
#include "compare/Comparison.h"

#include <QAbstractTableModel>

namespace burstlab {

// A comparison as a table: one row per point; the baseline's pps and bit
// rates, then for every other run its pps, bit rates, its ns/packet delta
// against the baseline and the verdict. Runs are named by id and label
// (Comparison::names); every figure is the core's, printed at the precision
// of the text exports.
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

    enum Field { PpsField, BitsField, DeltaField, VerdictField };
    // The column of a run's field (the baseline, run 0, has pps and bits only).
    static int columnOf(int run, Field field);
    // The run whose figure a column holds (0, the baseline, for the point's).
    int runOf(int column) const { return column <= 0 ? 0 : cellOf(column).run; }

  private:
    struct Cell {
        int run = 0;
        Field field = PpsField;
    };
    Cell cellOf(int column) const;

    Comparison m_comparison;
    QStringList m_names;
};

} // namespace burstlab
