#include "results/ResultsTableModel.h"

#include <QLocale>
#include <cmath>

namespace burstlab {

namespace {
QString number(double value, int decimals) {
    return std::isfinite(value) ? QLocale::c().toString(value, 'f', decimals) : QStringLiteral("—");
}

QString interval(double low, double high) {
    if (!std::isfinite(low) || !std::isfinite(high)) {
        return QStringLiteral("—");
    }
    return QStringLiteral("%1 … %2").arg(number(low, 2), number(high, 2));
}
} // namespace

ResultsTableModel::ResultsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResultsTableModel::setStats(const QList<PointStats> &stats, const QStringList &axisNames) {
    if (!stats.isEmpty() && stats.size() == m_stats.size() && axisNames == m_axisNames) {
        // Same rows, new numbers: update in place so selection and scroll stay put.
        m_stats = stats;
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_stats = stats;
    m_axisNames = axisNames;
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
    return parent.isValid() ? 0 : ColumnCount;
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
        return index.column() == PointColumn || index.column() >= VerdictColumn
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == NotesColumn || index.column() == VerdictColumn) {
            return stats.warnings.join(QLatin1Char('\n'));
        }
        return {};
    default:
        return {};
    }
}

QVariant ResultsTableModel::display(const PointStats &stats, int column) const {
    const std::optional<Delta> &d = delta(stats);
    switch (column) {
    case PointColumn:
        return stats.point.describe(m_axisNames);
    case PpsColumn:
        return number(stats.representativePps(), 0);
    case NsColumn:
        return number(stats.representativeNs(), 2);
    case DeltaColumn:
        return d ? number(d->ns, 2) : QStringLiteral("—");
    case CiColumn:
        return d ? interval(d->nsCiLow, d->nsCiHigh) : QStringLiteral("—");
    case VerdictColumn:
        return d ? QString::fromLatin1(toString(d->verdict)) : QString();
    case RepsColumn:
        return stats.ppsSummary.n;
    case CvColumn:
        return std::isfinite(stats.ppsSummary.cv) ? number(stats.ppsSummary.cv * 100, 2) + u'%'
                                                  : QStringLiteral("—");
    case NotesColumn: {
        QStringList notes = stats.warnings;
        if (stats.aboveLineRate) {
            notes.prepend(tr("above line rate: a measurement error"));
        }
        return notes.join(QStringLiteral("; "));
    }
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
    default:
        return display(stats, column);
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const bool vsPrevious = m_mode == DeltaMode::VsPrevious;
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
        return tr("verdict");
    case RepsColumn:
        return tr("reps");
    case CvColumn:
        return tr("CV");
    case NotesColumn:
        return tr("warnings");
    default:
        return {};
    }
}

} // namespace burstlab
