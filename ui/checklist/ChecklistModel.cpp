#include "checklist/ChecklistModel.h"
#include "util/SafeText.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace burstlab {

ChecklistModel::ChecklistModel(QObject *parent) : QAbstractTableModel(parent) {}

void ChecklistModel::setResults(const QList<CheckResult> &results) {
    beginResetModel();
    m_results = results;
    endResetModel();
}

const CheckResult *ChecklistModel::result(int row) const {
    return row >= 0 && row < m_results.size() ? &m_results.at(row) : nullptr;
}

int ChecklistModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_results.size());
}

int ChecklistModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QIcon ChecklistModel::statusIcon(CheckStatus status) {
    // The desktop's own icons, so status reads the same as in other native tools.
    QStyle *style = QApplication::style();
    switch (status) {
    case CheckStatus::Pass:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case CheckStatus::Warn:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case CheckStatus::Fail:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case CheckStatus::Unknown:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxQuestion);
}

QVariant ChecklistModel::data(const QModelIndex &index, int role) const {
    const CheckResult *r = result(index.row());
    if (!r) {
        return {};
    }
    if (role == Qt::DecorationRole && index.column() == StatusColumn) {
        return statusIcon(r->status);
    }
    // What probes read (process names, device names) is the host's, untrusted.
    if (role == Qt::ToolTipRole) {
        return SafeText::lines(r->status == CheckStatus::Unknown && !r->detail.isEmpty() ? r->detail
                                                                                         : r->why);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case StatusColumn:
        return checkStatusName(r->status);
    case TitleColumn:
        return r->title;
    case CurrentColumn:
        return SafeText::field(r->current.isEmpty() ? r->detail : r->current);
    case RecommendedColumn:
        return r->recommended;
    case FixColumn:
        return SafeText::field(r->fix);
    default:
        return {};
    }
}

QVariant ChecklistModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case StatusColumn:
        return tr("status");
    case TitleColumn:
        return tr("item");
    case CurrentColumn:
        return tr("current");
    case RecommendedColumn:
        return tr("recommended");
    case FixColumn:
        return tr("fix");
    default:
        return {};
    }
}

} // namespace burstlab
