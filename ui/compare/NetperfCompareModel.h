#pragma once
#include "compare/Comparison.h"
#include "exchange/NetperfText.h"

#include <QAbstractTableModel>

namespace burstlab {

// The netperf figures of a comparison, the rows `compare` prints: for each
// other run and point where it and the baseline have netperf tables, one
// row per figure they share with the baseline's value, the run's, the
// change, its % and the verdict (stats/NetperfFigures), printed as the
// comparison text prints them (NetperfText): "-" where netperf did not
// measure, and "not measured" as that figure's verdict.
class NetperfCompareModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        RunColumn,
        PointColumn,
        FigureColumn,
        BaselineColumn,
        ValueColumn,
        ChangeColumn,
        PercentColumn,
        VerdictColumn,
        ColumnCount
    };

    explicit NetperfCompareModel(QObject *parent = nullptr);

    void setComparison(const Comparison &comparison);
    bool isEmpty() const { return m_rows.isEmpty(); }
    // Where each run's table differs from the baseline's in test or
    // parameters, "#2 vs baseline #1: response_bytes: 14336 in #1, 28672 in #2".
    QStringList parameterDifferences() const;
    // Whether the point column names anything: imported tables have no axes.
    bool hasPoints() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    struct Row {
        qsizetype vs; // in m_against
        NetperfChange change;
    };
    QString display(const Row &row, int column) const;
    QString tipOf(const NetperfVs &vs) const;

    Comparison m_comparison;
    QStringList m_names;
    QList<NetperfVs> m_against;
    QList<Row> m_rows;
};

} // namespace burstlab
