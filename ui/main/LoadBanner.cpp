#include "main/LoadBanner.h"
#include "util/ElidedLabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

namespace burstlab {

LoadBanner::LoadBanner(QWidget *parent)
    : QFrame(parent), m_icon(new QLabel), m_text(new ElidedLabel) {
    setObjectName(QStringLiteral("loadBanner"));
    setAutoFillBackground(true);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setFixedSize(size, size);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    hide();
}

QString LoadBanner::text() const {
    return m_text->text();
}

void LoadBanner::showSample(const LoadSample &sample) {
    if (!m_running) {
        return;
    }
    if (sample.busy()) {
        setState(true, tr("Host busy: %1. Repetitions whose TX core lost its CPU are marked "
                          "disturbed.")
                           .arg(sample.describe()));
    } else {
        setState(false, tr("Host quiet: nothing else runnable on the TX cores' CPUs (%1).")
                            .arg(sample.describe()));
    }
}

void LoadBanner::setRunning(bool running) {
    m_running = running;
    m_busy = false;
    if (running) {
        setState(false, tr("Watching the load on the TX cores' CPUs while the sweep runs."));
    }
    setVisible(running);
}

void LoadBanner::setState(bool busy, const QString &text) {
    m_busy = busy;
    // The palette's own tooltip colours for a warning: a note that reads on
    // light and dark desktops; the window's own while the host is quiet.
    QPalette pal = parentWidget() ? parentWidget()->palette() : QPalette();
    if (busy) {
        pal.setColor(QPalette::Window, pal.color(QPalette::ToolTipBase));
        pal.setColor(QPalette::WindowText, pal.color(QPalette::ToolTipText));
    }
    setPalette(pal);
    const int size = m_icon->width();
    m_icon->setPixmap(
        style()
            ->standardIcon(busy ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation)
            .pixmap(size, size));
    m_text->setText(text);
}

} // namespace burstlab
