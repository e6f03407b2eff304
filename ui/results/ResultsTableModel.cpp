#include "results/ResultsTableModel.h"
#include "exchange/TextLayout.h"
#include "util/SafeText.h"

#include <cmath>

namespace burstlab {

namespace {
const QString none = QStringLiteral("—");

// Figures at the precision every text export prints them (TextLayout).
QString ns(const std::optional<double> &value) {
    return value ? TextLayout::fixed2(*value) : none;
}

QString bits(const std::optional<double> &bps) {
    return bps ? TextLayout::mbits(*bps) : none;
}

QString interval(const Delta &d) {
    if (!d.hasInterval()) {
        return none;
    }
    return QStringLiteral("%1 … %2").arg(TextLayout::fixed2(d.nsCiLow),
                                         TextLayout::fixed2(d.nsCiHigh));
}
} // namespace

ResultsTableModel::ResultsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResultsTableModel::setStats(const QList<PointStats> &stats, const QStringList &axisNames,
                                 const QString &latencyClock) {
    const bool sink = PointStats::anySink(stats);
    const bool latency = PointStats::anyLatency(stats);
    m_latencyClock = latencyClock;
    if (!stats.isEmpty() && stats.size() == m_stats.size() && axisNames == m_axisNames &&
        sink == m_sink && latency == m_latency) {
        // Same rows, new numbers: update in place so selection and scroll stay put.
        m_stats = stats;
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        // The verdicts' correction is over every delta of the run.
        emit headerDataChanged(Qt::Horizontal, VerdictColumn, VerdictColumn);
        return;
    }
    beginResetModel();
    m_stats = stats;
    m_axisNames = axisNames;
    m_sink = sink;
    m_latency = latency;
    endResetModel();
}

void ResultsTableModel::setDeltaMode(DeltaMode mode) {
    if (mode == m_mode) {
        return;
    }
    m_mode = mode;
    if (!m_stats.isEmpty()) {
        emit dataChanged(index(0, DeltaColumn), index(rowCount() - 1, VerdictColumn));
    }
    emit headerDataChanged(Qt::Horizontal, DeltaColumn, VerdictColumn);
}

int ResultsTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_stats.size());
}

int ResultsTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : shownColumns();
}

int ResultsTableModel::shownColumns() const {
    if (m_latency)
        return AllColumnCount;
    return m_sink ? int(P50Column) : int(ColumnCount);
}

const std::optional<Delta> &ResultsTableModel::delta(const PointStats &stats) const {
    return m_mode == DeltaMode::VsPrevious ? stats.vsPrevious : stats.vsBaseline;
}

QVariant ResultsTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_stats.size()) {
        return {};
    }
    const PointStats &stats = m_stats.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(stats, index.column());
    case Qt::UserRole:
        return sortValue(stats, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == PointColumn || index.column() == VerdictColumn ||
                       index.column() == NotesColumn
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == NotesColumn || index.column() == VerdictColumn) {
            // A tooltip that looks like HTML is shown as HTML: the source's
            // note is untrusted, so it goes in escaped.
            return QStringLiteral("<p>%1</p>")
                .arg(SafeText::lines(stats.notes().join(QLatin1Char('\n')))
                         .toHtmlEscaped()
                         .replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        }
        if (index.column() == DisturbedColumn) {
            return stats.disturbance.text();
        }
        if (index.column() >= ReceivedColumn && index.column() < P50Column && stats.sink) {
            return stats.sink->note();
        }
        if (index.column() == PrecisionColumn) {
            return stats.precision.warning();
        }
        return rowTip(stats);
    default:
        return {};
    }
}

QVariant ResultsTableModel::display(const PointStats &stats, int column) const {
    const std::optional<Delta> &d = delta(stats);
    switch (column) {
    case PointColumn:
        return SafeText::field(stats.point.describe(m_axisNames));
    case PpsColumn:
        return stats.ppsFigure ? TextLayout::thousands(*stats.ppsFigure) : none;
    case NsColumn:
        return ns(stats.nsFigure());
    case DeltaColumn:
        return d ? ns(d->ns) : none;
    case CiColumn:
        return d ? interval(*d) : none;
    case VerdictColumn:
        return d ? QString::fromLatin1(toString(d->verdict)) : QString();
    case RepsColumn:
        return stats.invalid > 0 ? tr("%1 + %2 invalid").arg(stats.ppsSummary.n).arg(stats.invalid)
                                 : QString::number(stats.ppsSummary.n);
    case DisturbedColumn:
        return QString::number(stats.disturbance.disturbed);
    case PrecisionColumn:
        return stats.precision.shareText();
    case CvColumn:
        return std::isfinite(stats.ppsSummary.cv)
                   ? TextLayout::fixed2(stats.ppsSummary.cv * 100) + u'%'
                   : none;
    case L2Column:
        return bits(stats.l2Bps());
    case L1Column:
        return bits(stats.l1Bps());
    case NotesColumn:
        return SafeText::field(stats.notes().join(QStringLiteral("; ")));
    case LossColumn:
        return stats.sink ? stats.sink->lossPercent() : none;
    default: {
        const QVariant value = sinkValue(stats, column);
        return value.isValid() ? QString::number(value.toLongLong()) : none;
    }
    }
}

// The figures after the reader's first columns, one "title: value" a line:
// what a table narrowed to those columns still tells. The cells are already
// made safe (SafeText); escaped again for the tip, which is shown as HTML.
QString ResultsTableModel::rowTip(const PointStats &stats) const {
    QStringList lines;
    for (int column = CvColumn; column < shownColumns(); ++column) {
        lines << QStringLiteral("%1: %2").arg(headerData(column, Qt::Horizontal).toString(),
                                              display(stats, column).toString().toHtmlEscaped());
    }
    return QStringLiteral("<p><b>%1</b><br>%2</p>")
        .arg(display(stats, PointColumn).toString().toHtmlEscaped(),
             lines.join(QStringLiteral("<br>")));
}

// A sink column's count (SinkFigures), invalid where the point has none.
QVariant ResultsTableModel::sinkValue(const PointStats &stats, int column) const {
    if (!stats.sink) {
        return {};
    }
    const SinkFigures &f = *stats.sink;
    const std::optional<LatencySummary> &l = f.latency;
    switch (column) {
    case ReceivedColumn:
        return f.received;
    case LostColumn:
        return f.lost;
    case LossColumn:
        return f.lossShare();
    case DroppedColumn:
        return f.dropped;
    case ForeignColumn:
        return f.foreign;
    case ReorderedColumn:
        return f.reordered;
    case P50Column:
        return l ? QVariant(l->p50) : QVariant();
    case P99Column:
        return l ? QVariant(l->p99) : QVariant();
    case MaxLatencyColumn:
        return l ? QVariant(l->max) : QVariant();
    default:
        return {};
    }
}

QVariant ResultsTableModel::sortValue(const PointStats &stats, int column) const {
    const std::optional<Delta> &d = delta(stats);
    switch (column) {
    case PpsColumn:
        return stats.representativePps();
    case NsColumn:
        return stats.representativeNs();
    case DeltaColumn:
        return d ? d->ns : 0.0;
    case RepsColumn:
        return stats.ppsSummary.n;
    case DisturbedColumn:
        return stats.disturbance.disturbed;
    case PrecisionColumn:
        return stats.precision.share;
    case L2Column:
        return stats.l2Bps().value_or(0.0);
    case L1Column:
        return stats.l1Bps().value_or(0.0);
    default:
        if (column >= ReceivedColumn) {
            return sinkValue(stats, column);
        }
        return display(stats, column);
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const bool vsPrevious = m_mode == DeltaMode::VsPrevious;
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == VerdictColumn) {
        return PointStats::correctionText(m_stats, !vsPrevious);
    }
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= P50Column) {
        return m_latencyClock;
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case PointColumn:
        return tr("point");
    case PpsColumn:
        return tr("pps (median)");
    case NsColumn:
        return tr("ns/packet");
    case DeltaColumn:
        return vsPrevious ? tr("Δ ns vs previous") : tr("Δ ns vs baseline");
    case CiColumn:
        return tr("Δ 95% CI (ns)");
    case VerdictColumn:
        return tr("verdict (Holm)");
    case RepsColumn:
        return tr("reps");
    case DisturbedColumn:
        return tr("disturbed");
    case CvColumn:
        return tr("CV");
    case PrecisionColumn:
        return tr("precision");
    case L2Column:
        return tr("L2 Mbit/s");
    case L1Column:
        return tr("L1 Mbit/s");
    case NotesColumn:
        return tr("warnings");
    case ReceivedColumn:
        return tr("received");
    case LostColumn:
        return tr("lost");
    case LossColumn:
        return tr("loss");
    case DroppedColumn:
        return tr("dropped at sink");
    case ForeignColumn:
        return tr("foreign");
    case ReorderedColumn:
        return tr("reordered");
    case P50Column:
        return tr("latency p50 ns");
    case P99Column:
        return tr("latency p99 ns");
    case MaxLatencyColumn:
        return tr("latency max ns");
    default:
        return {};
    }
}

} // namespace burstlab
