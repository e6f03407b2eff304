#pragma once
#include "stats/NetperfFigures.h"
#include "stats/PointStats.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace burstlab {

// A run's imported netperf figures, one row per point that has them: the
// point (for a swept run), the test and one column per figure as the text
// exports name it, with its unit ("trans/s", "CPU local %", "S.dem local
// us/Tr"). Values are netperf's printed text (NetperfText), "not measured"
// where netperf printed -1: the pps table cannot hold them, a transaction
// is not a packet. The tables' parameters and the points' notes (the
// source's banner, the settings stated before the table) are sentences:
// in details() and each row's tooltip, not in columns a laptop would scroll.
class NetperfTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    explicit NetperfTableModel(QObject *parent = nullptr);

    void setStats(const QList<PointStats> &stats, const QStringList &axisNames);
    // Whether any point has netperf figures.
    bool isEmpty() const { return m_rows.isEmpty(); }
    // Each row's test and parameters, then its notes where it has any, a line
    // each: "TCP_RR: request 128 B, response 14336 B, ...", "notes: ...".
    QStringList details() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    struct Row {
        QString point;
        NetperfResult result;
        QStringList notes; // the point's, but the missing pps the view says once
    };
    QVariant display(const Row &row, int column) const;
    // The column of the figures after the point (when shown) and the test.
    int firstFigure() const { return m_points ? 2 : 1; }

    QList<Row> m_rows;
    QStringList m_figures; // the figure columns' names, in the order first met
    bool m_points = false;
};

} // namespace burstlab
