#include "checklist/ChecklistSummary.h"
#include "checklist/ChecklistModel.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace burstlab {

ChecklistSummary::ChecklistSummary(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_counts(new QLabel(this)),
      m_items(new QListWidget(this)), m_full(new QPushButton(tr("Full checklist…"), this)) {
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    // Wrapped, not cut: the column is narrow, and the counts are the point.
    m_title->setWordWrap(true);
    m_counts->setWordWrap(true);
    m_items->setObjectName(QStringLiteral("checklistSummaryItems"));
    // Titles wrap in the narrow column rather than lose their end.
    m_items->setWordWrap(true);
    m_items->setTextElideMode(Qt::ElideNone);
    m_items->setResizeMode(QListView::Adjust);
    m_items->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_items->setFocusPolicy(Qt::NoFocus);
    m_full->setToolTip(tr("Every item with its current and recommended value and the command "
                          "that fixes it (Checklist tab)"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_counts);
    layout->addWidget(m_items, 1);
    layout->addWidget(m_full);
    setMinimumWidth(fontMetrics().averageCharWidth() * 20);
    connect(m_full, &QPushButton::clicked, this, [this] { emit fullViewRequested(m_runId); });
    connect(m_items, &QListWidget::itemActivated, this,
            [this] { emit fullViewRequested(m_runId); });
    clear();
}

void ChecklistSummary::clear() {
    m_runId = 0;
    m_title->setText(tr("Host checklist"));
    m_counts->setText(tr("No run shown"));
    m_items->clear();
    m_full->setEnabled(false);
}

void ChecklistSummary::showRun(qint64 runId, const QList<CheckResult> &results) {
    m_runId = runId;
    m_title->setText(tr("Checklist of run #%1").arg(runId));
    m_items->clear();
    m_full->setEnabled(!results.isEmpty());
    if (results.isEmpty()) {
        m_counts->setText(tr("None recorded with this run"));
        return;
    }
    m_counts->setText(CheckResult::summary(results));
    QList<CheckResult> listed;
    std::copy_if(results.begin(), results.end(), std::back_inserter(listed),
                 [](const CheckResult &r) {
                     return r.status == CheckStatus::Fail || r.status == CheckStatus::Warn;
                 });
    std::stable_sort(listed.begin(), listed.end(), [](const CheckResult &a, const CheckResult &b) {
        return a.status == CheckStatus::Fail && b.status != CheckStatus::Fail;
    });
    for (const CheckResult &r : listed) {
        auto *item = new QListWidgetItem(ChecklistModel::statusIcon(r.status), r.title, m_items);
        item->setToolTip(
            tr("%1: %2\nrecommended: %3")
                .arg(r.title, r.current.isEmpty() ? r.detail : r.current, r.recommended));
    }
    if (listed.isEmpty()) {
        m_items->addItem(tr("Nothing warns or fails"));
    }
}

QString ChecklistSummary::countsText() const {
    return m_counts->text();
}

QStringList ChecklistSummary::listedItems() const {
    QStringList items;
    for (int i = 0; i < m_items->count(); ++i) {
        items.append(m_items->item(i)->text());
    }
    return items;
}

} // namespace burstlab
