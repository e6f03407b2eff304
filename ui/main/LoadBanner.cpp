#include "main/LoadBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

namespace burstlab {

LoadBanner::LoadBanner(QWidget *parent) : QFrame(parent), m_text(new QLabel) {
    setObjectName(QStringLiteral("loadBanner"));
    setFrameShape(QFrame::StyledPanel);
    // The palette's own tooltip colours: a note that reads on light and dark desktops.
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, pal.color(QPalette::ToolTipBase));
    pal.setColor(QPalette::WindowText, pal.color(QPalette::ToolTipText));
    setPalette(pal);
    auto *icon = new QLabel;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    hide();
}

QString LoadBanner::text() const {
    return m_text->text();
}

void LoadBanner::showSample(const LoadSample &sample) {
    if (!m_running || !sample.busy()) {
        hide();
        return;
    }
    m_text->setText(tr("Host busy: %1. Repetitions whose TX core lost its CPU are marked "
                       "disturbed.")
                        .arg(sample.describe()));
    show();
}

void LoadBanner::setRunning(bool running) {
    m_running = running;
    if (!running) {
        hide();
    }
}

} // namespace burstlab
