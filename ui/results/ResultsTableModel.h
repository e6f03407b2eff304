#pragma once
#include "results/DeltaMode.h"
#include "stats/PointStats.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace burstlab {

// One row per point in the mailing-list layout: point, pps, ns/packet, the
// delta and its verdict, plus the interval, repetitions (valid, invalid and
// disturbed), the precision reached, bit rates and warnings that say how far
// to trust it; with a sink, what it received, lost and dropped, and with
// timestamps the latency, in columns after those. Every figure is the
// core's (PointStats, Delta) printed at the precision of the text exports.
// Cells without a tooltip of their own show the row's figures after the
// disturbed count, for a view that shows only the first columns. Rows change
// in place as points complete (no reset per update).
class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        PointColumn,
        PpsColumn,
        NsColumn,
        DeltaColumn,
        CiColumn,
        VerdictColumn,
        RepsColumn,
        DisturbedColumn,
        CvColumn,
        PrecisionColumn,
        L2Column,
        L1Column,
        NotesColumn,
        ColumnCount
    };
    // The sink's columns (SinkFigures), after the others, only when a point
    // has sink figures; the latency ones only when a point has latency.
    enum SinkColumn {
        ReceivedColumn = ColumnCount,
        LostColumn,
        LossColumn,
        DroppedColumn,
        ForeignColumn,
        ReorderedColumn,
        P50Column,
        P99Column,
        MaxLatencyColumn,
        AllColumnCount
    };

    explicit ResultsTableModel(QObject *parent = nullptr);

    // latencyClock: the run's SinkFigures::clockText, the latency headers' tooltip.
    void setStats(const QList<PointStats> &stats, const QStringList &axisNames,
                  const QString &latencyClock = {});
    void setDeltaMode(DeltaMode mode);
    DeltaMode deltaMode() const { return m_mode; }
    const QList<PointStats> &stats() const { return m_stats; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const PointStats &stats, int column) const;
    QVariant sortValue(const PointStats &stats, int column) const;
    QVariant sinkValue(const PointStats &stats, int column) const;
    QString rowTip(const PointStats &stats) const;
    int shownColumns() const;
    const std::optional<Delta> &delta(const PointStats &stats) const;

    QList<PointStats> m_stats;
    QStringList m_axisNames;
    QString m_latencyClock;
    bool m_sink = false;
    bool m_latency = false;
    DeltaMode m_mode = DeltaMode::VsPrevious;
};

} // namespace burstlab
