#include "main/SweepToolBar.h"
#include "util/ElidedLabel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>

namespace burstlab {

SweepToolBar::SweepToolBar(const QList<QAction *> &actions, QWidget *parent)
    : QToolBar(tr("Sweep"), parent), m_problemText(new ElidedLabel(this)),
      m_bar(new QProgressBar(this)), m_text(new ElidedLabel(this)) {
    setObjectName(QStringLiteral("sweepToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setMovable(false);
    for (QAction *action : actions) {
        addAction(action);
        // Named so tests and scripts find the buttons as they found the panel's.
        QWidget *button = widgetForAction(action);
        button->setObjectName(action->objectName() + QStringLiteral("Button"));
        // A toolbar's buttons take no focus; these are the window's main
        // commands, so Tab reaches them, and shows where it is.
        button->setFocusPolicy(Qt::TabFocus);
    }
    setStyleSheet(QStringLiteral(
        "QToolButton:focus { border: 2px solid palette(highlight); border-radius: 3px; }"));
    addSeparator();
    auto *icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    m_problemText->setObjectName(QStringLiteral("invalidReason"));
    m_problemAction = addTextRow(icon, m_problemText);
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    m_bar->setFixedWidth(fontMetrics().averageCharWidth() * 18);
    m_bar->setFocusPolicy(Qt::NoFocus);
    // Nothing to show before the first sweep of the session.
    m_progressAction = addTextRow(m_bar, m_text);
}

QAction *SweepToolBar::addTextRow(QWidget *lead, ElidedLabel *text) {
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(lead);
    layout->addWidget(text, 1);
    row->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    // A QToolBar shows and hides its widgets through their actions; hidden until needed.
    QAction *action = addWidget(row);
    action->setVisible(false);
    return action;
}

QString SweepToolBar::progressText() const {
    return m_text->text();
}

int SweepToolBar::progressValue() const {
    return m_bar->value();
}

QString SweepToolBar::problemText() const {
    return m_problemText->text();
}

void SweepToolBar::setProblem(const QString &reason) {
    m_problemText->setText(reason.isEmpty() ? QString() : tr("Cannot start: %1").arg(reason));
    m_problemAction->setVisible(!reason.isEmpty());
}

void SweepToolBar::setProgress(int done, int total, const QString &text) {
    m_progressAction->setVisible(true);
    m_bar->setRange(0, std::max(total, 1));
    m_bar->setValue(std::clamp(done, 0, std::max(total, 1)));
    m_text->setText(text);
}

} // namespace burstlab
