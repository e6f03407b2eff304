#include "runs/RunsBrowser.h"
#include "runs/RunEditDialog.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"
#include "util/CompactHeader.h"
#include "util/RowMenu.h"
#include "util/SafeText.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace burstlab {

RunsBrowser::RunsBrowser(QWidget *parent)
    : QWidget(parent), m_model(new RunsTableModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit(this)), m_error(new QLabel(this)), m_table(new QTableView(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_table->setHorizontalHeader(new CompactHeader(m_table));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunsTableModel::IdColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->hide();
    // The sweep says most about a run: it takes the room left, not the tags.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_filter->setPlaceholderText(tr("Filter runs by any column (name, label, device, status…)"));
    m_filter->setClearButtonEnabled(true);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->hide();

    auto *toolbar = new QToolBar(this);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto add = [this, toolbar](QStyle::StandardPixmap icon, const QString &text,
                               const QString &tip) {
        QAction *action = toolbar->addAction(style()->standardIcon(icon), text);
        action->setToolTip(tip);
        m_table->addAction(action);
        return action;
    };
    m_show = add(QStyle::SP_FileDialogContentsView, tr("Show"),
                 tr("Show the run's results on the Sweep tab"));
    m_compare = add(QStyle::SP_FileDialogDetailedView, tr("Compare"),
                    tr("Compare the selected runs (the first selected is the baseline)"));
    m_checklist = add(QStyle::SP_FileDialogInfoView, tr("Checklist"),
                      tr("Show the host checklist stored with the run"));
    // Their tips follow the store (updateActions).
    m_edit = add(QStyle::SP_FileDialogListView, tr("Edit…"), {});
    m_runAgain = add(QStyle::SP_BrowserReload, tr("Run again"), {});
    m_resume = add(QStyle::SP_MediaPlay, tr("Resume"), {});
    m_delete = add(QStyle::SP_TrashIcon, tr("Delete…"), {});
    m_delete->setShortcut(QKeySequence::Delete);
    m_delete->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    RowMenu::install(m_table);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(toolbar);
    layout->addWidget(m_filter);
    layout->addWidget(m_error);
    layout->addWidget(m_table, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        loadEveryRunIfNeeded();
        m_proxy->setFilterFixedString(text);
    });
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            &RunsBrowser::loadEveryRunIfNeeded);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunsBrowser::updateActions);
    // Enter as well as a double click (activation) shows the run.
    connect(m_table, &QTableView::activated, this, [this] {
        if (currentRunId() > 0) {
            emit showRequested(currentRunId());
        }
    });
    connect(m_show, &QAction::triggered, this, [this] { emit showRequested(currentRunId()); });
    connect(m_compare, &QAction::triggered, this,
            [this] { emit compareRequested(selectedRunIds()); });
    connect(m_checklist, &QAction::triggered, this,
            [this] { emit checklistRequested(currentRunId()); });
    connect(m_edit, &QAction::triggered, this, [this] { editRun(currentRunId()); });
    connect(m_runAgain, &QAction::triggered, this,
            [this] { emit runAgainRequested(currentRunId()); });
    connect(m_resume, &QAction::triggered, this, [this] { emit resumeRequested(currentRunId()); });
    connect(m_delete, &QAction::triggered, this, [this] { deleteRuns(selectedRunIds()); });
    updateActions();
}

void RunsBrowser::setStore(RunStore *store) {
    m_store = store;
    m_error->hide();
    if (!m_store || !m_store->isOpen()) {
        m_model->setLoader({});
        updateActions();
        return;
    }
    m_model->setLoader([this](qint64 olderThan, int count) {
        RunFilter page;
        page.limit = count;
        page.olderThan = olderThan;
        std::optional<QList<RunSummary>> runs = m_store->listRuns(page);
        if (!runs) {
            showError(
                tr("Could not list the runs of %1: %2").arg(m_store->path(), m_store->lastError()));
        }
        return runs;
    });
    loadEveryRunIfNeeded();
    fitColumns();
    updateActions();
}

void RunsBrowser::fitColumns() {
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    m_table->resizeColumnsToContents();
    // A long name, label or device would push status and steps off a laptop
    // screen: cut them (the whole text is in the tooltip), unless every
    // column fits whole, as on a wide screen.
    int total = 0;
    for (int column = 0; column < header->count(); ++column) {
        total += header->isSectionHidden(column) ? 0 : m_table->columnWidth(column);
    }
    if (total > m_table->viewport()->width()) {
        const int maxWidth = fontMetrics().averageCharWidth() * 30;
        for (int column : {RunsTableModel::NameColumn, RunsTableModel::LabelColumn,
                           RunsTableModel::DeviceColumn, RunsTableModel::TagsColumn}) {
            m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), maxWidth));
        }
    }
    header->setSectionResizeMode(RunsTableModel::SweepColumn, QHeaderView::Stretch);
}

void RunsBrowser::loadEveryRunIfNeeded() {
    // Pages come newest first: a filter, or another order, must see every run.
    const QHeaderView *header = m_table->horizontalHeader();
    const int column = header->sortIndicatorSection();
    const bool newestFirst =
        header->sortIndicatorOrder() == Qt::DescendingOrder &&
        (column == RunsTableModel::IdColumn || column == RunsTableModel::DateColumn);
    if (!newestFirst || !m_filter->text().isEmpty()) {
        m_model->fetchAll();
    }
}

void RunsBrowser::reload() {
    // Reloading resets the model: where the user was must survive it, as
    // runs stored by another process reload the list under them.
    const QList<qint64> selected = selectedRunIds();
    const int scroll = m_table->verticalScrollBar()->value();
    m_error->hide();
    m_model->reload();
    loadEveryRunIfNeeded();
    fitColumns();
    selectRuns(selected);
    m_table->verticalScrollBar()->setValue(scroll);
    updateActions();
}

QList<qint64> RunsBrowser::selectedRunIds() const {
    QList<qint64> ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
        if (const RunSummary *run = m_model->run(m_proxy->mapToSource(index).row())) {
            ids.append(run->id);
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

void RunsBrowser::selectRuns(const QList<qint64> &runIds) {
    QItemSelection selection;
    for (qint64 id : runIds) {
        const int row = m_model->rowOf(id);
        if (row >= 0) {
            const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
            selection.select(index, index);
        }
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                     QItemSelectionModel::Rows);
}

void RunsBrowser::setFilterText(const QString &text) {
    m_filter->setText(text);
}

int RunsBrowser::visibleRunCount() const {
    return m_proxy->rowCount();
}

qint64 RunsBrowser::currentRunId() const {
    const QList<qint64> ids = selectedRunIds();
    return ids.isEmpty() ? 0 : ids.first();
}

void RunsBrowser::updateActions() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int count = int(rows.size());
    const RunSummary *first =
        count > 0 ? m_model->run(m_proxy->mapToSource(rows.first()).row()) : nullptr;
    const bool broken =
        first && (first->status == RunStatus::Interrupted || first->status == RunStatus::Failed);
    m_show->setEnabled(count == 1);
    m_compare->setEnabled(count >= 2);
    m_checklist->setEnabled(count == 1);
    // What writes, or sets up a sweep that would write, waits for a store
    // that may be written, and says why it waits.
    const QString readOnly = m_store && m_store->isReadOnly()
                                 ? tr("the store is read-only: %1").arg(m_store->readOnlyReason())
                                 : QString();
    const auto allow = [&readOnly](QAction *action, bool applies, const QString &tip) {
        action->setEnabled(applies && readOnly.isEmpty());
        action->setToolTip(readOnly.isEmpty() ? tip : tr("Not available: %1").arg(readOnly));
    };
    allow(m_edit, count == 1, tr("Rename the run, change its label, tags and notes"));
    allow(m_runAgain, count == 1 && first && first->source == QStringLiteral("engine"),
          tr("Fill the sweep setup with this run's settings"));
    allow(m_resume, count == 1 && broken,
          tr("Continue an interrupted or failed run; measured points are kept"));
    allow(m_delete, count >= 1, tr("Delete the selected runs"));
    emit selectionChanged();
}

void RunsBrowser::showError(const QString &message) {
    m_error->setText(SafeText::lines(message));
    m_error->show();
}

bool RunsBrowser::editRun(qint64 runId) {
    if (!m_store) {
        return false;
    }
    const std::optional<Run> run = m_store->loadRun(runId);
    if (!run) {
        showError(tr("Could not load run #%1: %2").arg(runId).arg(m_store->lastError()));
        return false;
    }
    RunEditDialog dialog(*run, this);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    if (!m_store->updateRun(dialog.editedRun())) {
        showError(tr("Could not save run #%1: %2").arg(runId).arg(m_store->lastError()));
        return false;
    }
    reload();
    emit runsChanged();
    return true;
}

bool RunsBrowser::deleteRuns(const QList<qint64> &runIds, bool confirmed) {
    if (!m_store || runIds.isEmpty()) {
        return false;
    }
    QStringList names;
    for (qint64 id : runIds) {
        names.append(QStringLiteral("#%1").arg(id));
    }
    if (!confirmed &&
        QMessageBox::question(this, tr("Delete runs"),
                              tr("Delete %n run(s) (%1) with all their steps and samples? This "
                                 "cannot be undone.",
                                 nullptr, int(runIds.size()))
                                  .arg(names.join(QStringLiteral(", "))),
                              QMessageBox::Yes | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Yes) {
        return false;
    }
    QString failure;
    for (qint64 id : runIds) {
        if (!m_store->deleteRun(id)) {
            failure = tr("Could not delete run #%1: %2").arg(id).arg(m_store->lastError());
            break;
        }
    }
    // Reloading hides the last error: the refusal is shown after it.
    reload();
    if (!failure.isEmpty()) {
        showError(failure);
    }
    emit runsChanged();
    return failure.isEmpty();
}

} // namespace burstlab
