#include "log/ErrorNotice.h"
#include "util/ElidedLabel.h"
#include "util/SafeText.h"

#include <QHBoxLayout>
#include <QToolButton>

namespace burstlab {

ErrorNotice::ErrorNotice(QWidget *parent)
    : QFrame(parent), m_text(new ElidedLabel(this)), m_dismiss(new QToolButton(this)) {
    setFrameShape(QFrame::StyledPanel);
    // The palette's own highlight reads on light and dark themes alike.
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    m_text->setForegroundRole(QPalette::ToolTipText);
    m_dismiss->setText(QStringLiteral("✕"));
    m_dismiss->setAutoRaise(true);
    m_dismiss->setToolTip(tr("Dismiss (the log keeps every error)"));
    m_dismiss->setAccessibleName(tr("Dismiss error"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dismiss);
    // A long error is cut, never widening the window; the tooltip holds it whole.
    setMinimumWidth(fontMetrics().averageCharWidth() * 20);
    setMaximumWidth(fontMetrics().averageCharWidth() * 70);
    connect(m_dismiss, &QToolButton::clicked, this, &ErrorNotice::clear);
    hide();
}

void ErrorNotice::showError(const QString &message) {
    m_message = message;
    m_text->setText(SafeText::field(message.section(QLatin1Char('\n'), 0, 0)),
                    SafeText::lines(message));
    show();
}

void ErrorNotice::clearIf(const QString &message) {
    if (message == m_message)
        clear();
}

void ErrorNotice::clear() {
    m_message.clear();
    hide();
}

} // namespace burstlab
