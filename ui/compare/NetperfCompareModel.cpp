#include "compare/NetperfCompareModel.h"
#include "util/FigureTable.h"
#include "util/SafeText.h"

#include <algorithm>

namespace burstlab {

NetperfCompareModel::NetperfCompareModel(QObject *parent) : QAbstractTableModel(parent) {}

void NetperfCompareModel::setComparison(const Comparison &comparison) {
    beginResetModel();
    m_comparison = comparison;
    m_names = comparison.names();
    m_against = NetperfText::against(comparison);
    m_rows.clear();
    for (qsizetype i = 0; i < m_against.size(); ++i) {
        for (const NetperfChange &change : m_against[i].changes)
            m_rows << Row{i, change};
    }
    endResetModel();
}

QStringList NetperfCompareModel::parameterDifferences() const {
    QStringList lines;
    const QString base = m_comparison.tag(0);
    for (const NetperfVs &vs : m_against) {
        const QString tag = m_comparison.tag(vs.run);
        for (const QString &line : NetperfText::parameterDifferences(vs, base, tag))
            lines << tr("netperf %1 vs baseline %2: %3").arg(tag, base, SafeText::field(line));
    }
    return lines;
}

bool NetperfCompareModel::hasPoints() const {
    return std::any_of(
        m_comparison.points.begin(), m_comparison.points.end(),
        [this](const Point &p) { return !p.describe(m_comparison.axisNames).isEmpty(); });
}

int NetperfCompareModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NetperfCompareModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() || m_rows.isEmpty() ? 0 : ColumnCount;
}

QVariant NetperfCompareModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    const NetperfVs &vs = m_against.at(row.vs);
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == VerdictColumn)
            return plainTip(NetperfText::verdictRule());
        return tipOf(vs);
    case Qt::TextAlignmentRole:
        return index.column() >= BaselineColumn && index.column() <= PercentColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

// Both runs' tests and parameters and their points' notes (the source's
// banner, the settings stated before the table).
QString NetperfCompareModel::tipOf(const NetperfVs &vs) const {
    QStringList lines;
    for (const qsizetype run : {vs.run, qsizetype(0)}) {
        const NetperfResult &result = run == 0 ? vs.baseline : vs.current;
        lines << QStringLiteral("%1: %2 %3")
                     .arg(m_names.value(run), result.test, result.parametersText());
        if (const auto &cell = m_comparison.cells.value(run).value(vs.point))
            lines << cell->notes();
    }
    return plainTip(lines.join(QLatin1Char('\n')));
}

QString NetperfCompareModel::display(const Row &row, int column) const {
    const NetperfChange &change = row.change;
    const NetperfVs &vs = m_against.at(row.vs);
    switch (column) {
    case RunColumn:
        return SafeText::field(m_names.value(vs.run));
    case PointColumn:
        return SafeText::field(
            m_comparison.points.value(vs.point).describe(m_comparison.axisNames));
    case FigureColumn:
        return SafeText::field(NetperfText::figureName(change.reference));
    case BaselineColumn:
        return SafeText::field(NetperfText::valueText(change.reference));
    case ValueColumn:
        return SafeText::field(NetperfText::valueText(change.current));
    case ChangeColumn:
        return change.changeText();
    case PercentColumn:
        return change.percentText();
    case VerdictColumn:
        return NetperfText::verdictText(change);
    default:
        return {};
    }
}

QVariant NetperfCompareModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RunColumn:
        return tr("run");
    case PointColumn:
        return tr("point");
    case FigureColumn:
        return tr("netperf figure");
    case BaselineColumn:
        return m_comparison.runs.isEmpty() ? tr("baseline")
                                           : tr("%1 (baseline)").arg(m_comparison.tag(0));
    case ValueColumn:
        return tr("value");
    case ChangeColumn:
        return tr("change");
    case PercentColumn:
        return tr("%");
    case VerdictColumn:
        return tr("verdict");
    default:
        return {};
    }
}

} // namespace burstlab
