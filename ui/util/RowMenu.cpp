#include "util/RowMenu.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>

#include <algorithm>

namespace burstlab {

RowMenu::RowMenu(QAbstractItemView *view) : QObject(view), m_view(view) {}

void RowMenu::install(QAbstractItemView *view) {
    view->setTabKeyNavigation(false);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    view->installEventFilter(new RowMenu(view));
}

void RowMenu::addCopyRows(QAbstractItemView *view) {
    auto *copy = new QAction(tr("&Copy rows"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(copy, &QAction::triggered, view, [view] {
        const QAbstractItemModel *model = view->model();
        if (!model) {
            return;
        }
        QList<int> rows;
        for (const QModelIndex &index : view->selectionModel()->selectedIndexes()) {
            if (!rows.contains(index.row())) {
                rows.append(index.row());
            }
        }
        if (rows.isEmpty() && view->currentIndex().isValid()) {
            rows.append(view->currentIndex().row());
        }
        std::sort(rows.begin(), rows.end());
        QStringList lines;
        QStringList cells;
        for (int column = 0; column < model->columnCount(); ++column) {
            cells.append(model->headerData(column, Qt::Horizontal).toString());
        }
        lines.append(cells.join(u'\t'));
        for (int row : rows) {
            cells.clear();
            for (int column = 0; column < model->columnCount(); ++column) {
                cells.append(model->index(row, column).data().toString());
            }
            lines.append(cells.join(u'\t'));
        }
        QApplication::clipboard()->setText(lines.join(u'\n') + u'\n');
    });
    view->addAction(copy);
}

bool RowMenu::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::FocusIn && !m_view->currentIndex().isValid() && m_view->model() &&
        m_view->model()->rowCount() > 0) {
        // Tabbing in lands on a row, so the focus shows and Enter has a row to open.
        m_view->selectionModel()->setCurrentIndex(m_view->model()->index(0, 0),
                                                  QItemSelectionModel::ClearAndSelect |
                                                      QItemSelectionModel::Rows);
    }
    if (event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool shiftF10 = key->key() == Qt::Key_F10 && key->modifiers() == Qt::ShiftModifier;
        if (shiftF10 || key->key() == Qt::Key_Menu) {
            openAtCurrentRow();
            return true;
        }
    } else if (event->type() == QEvent::ContextMenu &&
               static_cast<QContextMenuEvent *>(event)->reason() == QContextMenuEvent::Keyboard) {
        openAtCurrentRow();
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void RowMenu::openAtCurrentRow() {
    QList<QAction *> actions;
    for (QAction *action : m_view->actions()) {
        if (action->isVisible()) {
            actions.append(action);
        }
    }
    if (actions.isEmpty()) {
        return;
    }
    if (!m_view->currentIndex().isValid() && m_view->model() && m_view->model()->rowCount() > 0) {
        m_view->setCurrentIndex(m_view->model()->index(0, 0));
    }
    // Below the current row's first cell, where the eye already is.
    const QRect row = m_view->visualRect(m_view->currentIndex());
    const QPoint at = row.isValid() ? QPoint(row.left() + 8, row.bottom()) : QPoint(8, 8);
    QMenu::exec(actions, m_view->viewport()->mapToGlobal(at), nullptr, m_view);
}

} // namespace burstlab
