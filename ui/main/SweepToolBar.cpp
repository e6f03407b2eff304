#include "main/SweepToolBar.h"
#include "util/ElidedLabel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>

namespace burstlab {

SweepToolBar::SweepToolBar(const QList<QAction *> &actions, QWidget *parent)
    : QToolBar(tr("Sweep"), parent), m_problem(new QWidget(this)),
      m_problemText(new ElidedLabel(m_problem)), m_bar(new QProgressBar(this)),
      m_text(new ElidedLabel(this)) {
    setObjectName(QStringLiteral("sweepToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setMovable(false);
    for (QAction *action : actions) {
        addAction(action);
        // Named so tests and scripts find the buttons as they found the panel's.
        widgetForAction(action)->setObjectName(action->objectName() + QStringLiteral("Button"));
    }
    addSeparator();
    auto *icon = new QLabel(m_problem);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    m_problemText->setObjectName(QStringLiteral("invalidReason"));
    auto *problemLayout = new QHBoxLayout(m_problem);
    problemLayout->setContentsMargins(4, 0, 4, 0);
    problemLayout->addWidget(icon);
    problemLayout->addWidget(m_problemText, 1);
    m_problem->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    // A QToolBar shows and hides its widgets through their actions.
    m_problemAction = addWidget(m_problem);
    m_problemAction->setVisible(false);
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    m_bar->setFixedWidth(fontMetrics().averageCharWidth() * 18);
    m_bar->setFocusPolicy(Qt::NoFocus);
    auto *progress = new QWidget(this);
    auto *layout = new QHBoxLayout(progress);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_text, 1);
    progress->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    // Nothing to show before the first sweep of the session.
    m_progressAction = addWidget(progress);
    m_progressAction->setVisible(false);
}

QString SweepToolBar::progressText() const {
    return m_text->text();
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
