#include "runs/RunsTableModel.h"
#include "exchange/TextLayout.h"
#include "util/SafeText.h"

#include <QApplication>
#include <QFont>
#include <QIcon>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace burstlab {

RunsTableModel::RunsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void RunsTableModel::setLoader(PageLoader loader) {
    m_loader = std::move(loader);
    beginResetModel();
    m_runs.clear();
    m_more = bool(m_loader);
    endResetModel();
    append(pageSize);
}

void RunsTableModel::reload() {
    if (!m_loader) {
        return;
    }
    const int count = int(std::max<qsizetype>(pageSize, m_runs.size()));
    const std::optional<QList<RunSummary>> runs = m_loader(0, count);
    if (!runs) {
        return;
    }
    beginResetModel();
    m_runs = *runs;
    m_more = m_runs.size() == count;
    endResetModel();
}

void RunsTableModel::fetchAll() {
    append(0);
}

bool RunsTableModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && m_more;
}

void RunsTableModel::fetchMore(const QModelIndex &parent) {
    if (canFetchMore(parent)) {
        append(pageSize);
    }
}

void RunsTableModel::append(int count) {
    if (!m_more) {
        return;
    }
    const qint64 last = m_runs.isEmpty() ? 0 : m_runs.constLast().id;
    const std::optional<QList<RunSummary>> runs = m_loader(last, count);
    // A failed page ends the list here; reload() tries again.
    m_more = runs && count > 0 && runs->size() == count;
    if (!runs || runs->isEmpty()) {
        return;
    }
    beginInsertRows({}, int(m_runs.size()), int(m_runs.size() + runs->size() - 1));
    m_runs.append(*runs);
    endInsertRows();
}

const RunSummary *RunsTableModel::run(int row) const {
    return row >= 0 && row < m_runs.size() ? &m_runs.at(row) : nullptr;
}

int RunsTableModel::rowOf(qint64 runId) const {
    for (int row = 0; row < m_runs.size(); ++row) {
        if (m_runs.at(row).id == runId) {
            return row;
        }
    }
    return -1;
}

int RunsTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunsTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsTableModel::display(const RunSummary &run, int column) const {
    switch (column) {
    case IdColumn:
        return run.id;
    case NameColumn:
        // A run not named by hand is named after its sweep: said once, in the sweep column.
        return run.name == run.sweep ? QString() : SafeText::field(run.name);
    case LabelColumn:
        return SafeText::field(run.label);
    case DateColumn:
        return run.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case DeviceColumn: {
        if (run.isImported()) {
            return SafeText::field(run.importedText());
        }
        if (run.engineKind == EngineKind::Dpdk) {
            return SafeText::field(run.device);
        }
        // A kernel netdev's name does not say that pktgen sent on it.
        const QString pktgen = tr("kernel pktgen");
        return run.device.isEmpty()
                   ? pktgen
                   : QStringLiteral("%1 · %2").arg(SafeText::field(run.device), pktgen);
    }
    case SweepColumn:
        return SafeText::field(run.sweep);
    case BestPpsColumn:
        return run.bestPps ? TextLayout::thousands(std::llround(*run.bestPps)) : QString();
    case StepsColumn:
        return run.steps;
    case StatusColumn:
        return toString(run.status);
    case TagsColumn:
        return SafeText::field(run.tags.join(QStringLiteral(", ")));
    default:
        return {};
    }
}

QVariant RunsTableModel::data(const QModelIndex &index, int role) const {
    const RunSummary *r = run(index.row());
    if (!r) {
        return {};
    }
    const bool broken = r->status == RunStatus::Failed || r->status == RunStatus::Interrupted;
    switch (role) {
    case Qt::DisplayRole:
        return display(*r, index.column());
    case Qt::UserRole:
        // Sort keys: numbers and times as such, not as text.
        if (index.column() == BestPpsColumn) {
            return r->bestPps.value_or(-1.0);
        }
        if (index.column() == DateColumn) {
            return r->created;
        }
        return display(*r, index.column());
    case Qt::DecorationRole:
        if (index.column() == StatusColumn && broken) {
            return QApplication::style()->standardIcon(r->status == RunStatus::Failed
                                                           ? QStyle::SP_MessageBoxCritical
                                                           : QStyle::SP_MessageBoxWarning);
        }
        return {};
    case Qt::FontRole:
        if (index.column() == StatusColumn && broken) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (broken) {
            return tr("This run did not complete: its %1 finished steps are kept and it can be "
                      "resumed (Run ▸ Resume)")
                .arg(r->steps);
        }
        // Long names and sweeps are cut in their columns: the whole text here.
        if (index.column() == NameColumn) {
            return SafeText::field(r->name);
        }
        if (index.column() == SweepColumn) {
            return display(*r, index.column());
        }
        if (index.column() == DeviceColumn && r->importOrigin) {
            return SafeText::field(r->importOrigin->describe());
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IdColumn || index.column() == BestPpsColumn ||
            index.column() == StepsColumn) {
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        }
        return {};
    default:
        return {};
    }
}

QVariant RunsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    static const char *const titles[ColumnCount] = {
        QT_TR_NOOP("#"),      QT_TR_NOOP("status"), QT_TR_NOOP("label"),    QT_TR_NOOP("name"),
        QT_TR_NOOP("sweep"),  QT_TR_NOOP("steps"),  QT_TR_NOOP("best pps"), QT_TR_NOOP("date"),
        QT_TR_NOOP("device"), QT_TR_NOOP("tags")};
    return section >= 0 && section < ColumnCount ? tr(titles[section]) : QVariant();
}

} // namespace burstlab
