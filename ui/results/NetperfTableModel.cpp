#include "results/NetperfTableModel.h"
#include "exchange/NetperfText.h"
#include "util/FigureTable.h"
#include "util/SafeText.h"

#include <algorithm>

namespace burstlab {

NetperfTableModel::NetperfTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void NetperfTableModel::setStats(const QList<PointStats> &stats, const QStringList &axisNames) {
    beginResetModel();
    m_rows.clear();
    m_figures.clear();
    for (const PointStats &s : stats) {
        const std::optional<NetperfResult> result = NetperfText::of(s);
        if (!result)
            continue;
        QStringList notes = s.notes();
        notes.removeAll(s.noRateReason());
        m_rows << Row{s.point.describe(axisNames), *result, notes};
        for (const NetperfFigure &f : result->figures) {
            if (const QString name = NetperfText::figureName(f); !m_figures.contains(name))
                m_figures << name;
        }
    }
    // An imported table is a run of one point without axes: nothing to name.
    m_points = std::any_of(m_rows.begin(), m_rows.end(),
                           [](const Row &row) { return !row.point.isEmpty(); });
    endResetModel();
}

QStringList NetperfTableModel::details() const {
    QStringList lines;
    for (const Row &row : m_rows) {
        const QString test =
            row.point.isEmpty() ? row.result.test : row.point + QLatin1Char(' ') + row.result.test;
        lines << SafeText::field(test + QStringLiteral(": ") + row.result.parametersText());
        if (!row.notes.isEmpty())
            lines << SafeText::field(tr("notes: %1").arg(row.notes.join(QStringLiteral("; "))));
    }
    return lines;
}

int NetperfTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NetperfTableModel::columnCount(const QModelIndex &parent) const {
    if (parent.isValid() || m_rows.isEmpty())
        return 0;
    return firstFigure() + int(m_figures.size());
}

QVariant NetperfTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        // The table's parameters and the notes, wherever the reader points.
        return plainTip(row.result.parametersText() + QLatin1Char('\n') +
                        row.notes.join(QLatin1Char('\n')));
    case Qt::TextAlignmentRole: {
        const int figure = index.column() - firstFigure();
        return figure >= 0 && figure < m_figures.size()
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    default:
        return {};
    }
}

QVariant NetperfTableModel::display(const Row &row, int column) const {
    if (m_points && column == 0)
        return SafeText::field(row.point);
    if (column == firstFigure() - 1)
        return SafeText::field(row.result.test);
    const int figure = column - firstFigure();
    for (const NetperfFigure &f : row.result.figures) {
        if (NetperfText::figureName(f) == m_figures.value(figure))
            return SafeText::field(NetperfText::measuredText(f));
    }
    // A figure another point's table printed and this one's did not.
    return QStringLiteral("—");
}

QVariant NetperfTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (m_points && section == 0)
        return tr("point");
    if (section == firstFigure() - 1)
        return tr("netperf test");
    const int figure = section - firstFigure();
    return SafeText::field(m_figures.value(figure));
}

} // namespace burstlab
