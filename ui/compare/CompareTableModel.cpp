#include "compare/CompareTableModel.h"
#include "exchange/TextLayout.h"
#include "stats/LineRate.h"
#include "util/SafeText.h"

namespace burstlab {

namespace {
// The baseline's columns (pps, bits) after the point, then four per other run.
constexpr int baselineFields = 2;
constexpr int runFields = 4;
const QString none = QStringLiteral("—");
} // namespace

CompareTableModel::CompareTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompareTableModel::setComparison(const Comparison &comparison) {
    beginResetModel();
    m_comparison = comparison;
    m_names = comparison.names();
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_comparison.points.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const {
    if (parent.isValid() || m_comparison.runs.isEmpty()) {
        return 0;
    }
    return 1 + baselineFields + runFields * int(m_comparison.runs.size() - 1);
}

int CompareTableModel::columnOf(int run, Field field) {
    return run == 0 ? 1 + int(field) : 1 + baselineFields + runFields * (run - 1) + int(field);
}

CompareTableModel::Cell CompareTableModel::cellOf(int column) const {
    if (column <= baselineFields) {
        return {0, Field(column - 1)};
    }
    const int offset = column - 1 - baselineFields;
    return {1 + offset / runFields, Field(offset % runFields)};
}

QVariant CompareTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_comparison.points.size()) {
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        const bool text = index.column() == 0 || cellOf(index.column()).field == VerdictField;
        return text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                    : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    if (index.column() == 0) {
        return SafeText::field(
            m_comparison.points.at(index.row()).describe(m_comparison.axisNames));
    }
    const Cell cell = cellOf(index.column());
    const std::optional<PointStats> &stats = m_comparison.cells.value(cell.run).value(index.row());
    if (!stats) {
        return role == Qt::DisplayRole ? none : tr("no completed step here");
    }
    if (role == Qt::ToolTipRole) {
        return SafeText::lines(stats->warnings.join(QLatin1Char('\n')));
    }
    const std::optional<Delta> &delta = stats->vsBaseline;
    switch (cell.field) {
    case PpsField:
        return stats->ppsFigure ? TextLayout::thousands(*stats->ppsFigure) : none;
    case BitsField:
        return stats->l2Bps() ? QStringLiteral("%1 / %2").arg(TextLayout::mbits(*stats->l2Bps()),
                                                              TextLayout::mbits(*stats->l1Bps()))
                              : none;
    case DeltaField:
        return delta ? TextLayout::fixed2(delta->ns) : none;
    case VerdictField:
        return delta ? QString::fromLatin1(toString(delta->verdict)) : QString();
    }
    return {};
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const bool tip = role == Qt::ToolTipRole;
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && !tip)) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (section == 0) {
        return tip ? QVariant() : tr("point");
    }
    const Cell cell = cellOf(section);
    if (cell.run >= m_names.size()) {
        return {};
    }
    const QString name = SafeText::field(m_names.at(cell.run));
    if (tip && cell.field == VerdictField) {
        return m_comparison.correctionText();
    }
    if (tip) {
        // Whether the run's points were checked against a line rate, and if not why.
        const Run &run = m_comparison.runs.at(cell.run).run;
        const auto speed = run.linkSpeedMbps();
        return speed ? tr("%1: line rate of %2 checked").arg(name, LineRate::speedText(*speed))
                     : tr("%1: line rate not checked: %2").arg(name, run.linkSpeedUnknownReason());
    }
    // Runs are named by id, short enough for a laptop's screen: the picker,
    // the baseline choice and the tooltips give the names.
    const QString id = tr("#%1").arg(m_comparison.runs.at(cell.run).run.id);
    switch (cell.field) {
    case PpsField:
        return cell.run == 0 ? tr("%1 pps (baseline)").arg(id) : tr("%1 pps").arg(id);
    case BitsField:
        return tr("%1 L2 / L1 Mbit/s").arg(id);
    case DeltaField:
        return tr("%1 Δ ns").arg(id);
    case VerdictField:
        return tr("%1 verdict (Holm)").arg(id);
    }
    return {};
}

} // namespace burstlab
