#include "compare/CompareTableModel.h"

#include <QLocale>
#include <cmath>

namespace burstlab {

CompareTableModel::CompareTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompareTableModel::setComparison(const Comparison &comparison) {
    beginResetModel();
    m_comparison = comparison;
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_comparison.points.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const {
    if (parent.isValid() || m_comparison.runs.isEmpty()) {
        return 0;
    }
    // point, baseline pps, then pps/delta/verdict per other run
    return 2 + 3 * int(m_comparison.runs.size() - 1);
}

CompareTableModel::Cell CompareTableModel::cellOf(int column) const {
    if (column <= 1) {
        return {0, 0};
    }
    return {1 + (column - 2) / 3, (column - 2) % 3};
}

QVariant CompareTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_comparison.points.size()) {
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        const bool text = index.column() == 0 || cellOf(index.column()).field == 2;
        return text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                    : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    if (index.column() == 0) {
        return m_comparison.points.at(index.row()).describe(m_comparison.axisNames);
    }
    const Cell cell = cellOf(index.column());
    const std::optional<PointStats> &stats = m_comparison.cells.value(cell.run).value(index.row());
    if (!stats) {
        return role == Qt::DisplayRole ? QStringLiteral("—") : tr("no completed step here");
    }
    if (role == Qt::ToolTipRole) {
        return stats->warnings.join(QLatin1Char('\n'));
    }
    const std::optional<Delta> &delta = stats->vsBaseline;
    switch (cell.field) {
    case 0:
        return QLocale::c().toString(stats->representativePps(), 'f', 0);
    case 1:
        return delta && std::isfinite(delta->ns) ? QLocale::c().toString(delta->ns, 'f', 2)
                                                 : QStringLiteral("—");
    default:
        return delta ? QString::fromLatin1(toString(delta->verdict)) : QString();
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (section == 0) {
        return tr("point");
    }
    const Cell cell = cellOf(section);
    if (cell.run >= m_comparison.runs.size()) {
        return {};
    }
    const QString title = Comparison::runTitle(m_comparison.runs.at(cell.run).run);
    switch (cell.field) {
    case 0:
        return cell.run == 0 ? tr("%1 pps (baseline)").arg(title) : tr("%1 pps").arg(title);
    case 1:
        return tr("%1 Δ ns").arg(title);
    default:
        return tr("%1 verdict").arg(title);
    }
}

} // namespace burstlab
