#include "util/RowMenu.h"

#include <QAbstractItemView>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>

namespace burstlab {

RowMenu::RowMenu(QAbstractItemView *view) : QObject(view), m_view(view) {}

void RowMenu::install(QAbstractItemView *view) {
    view->setTabKeyNavigation(false);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    view->installEventFilter(new RowMenu(view));
}

bool RowMenu::eventFilter(QObject *watched, QEvent *event) {
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
