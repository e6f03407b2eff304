#include "main/LoadBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

namespace burstlab {

namespace {
constexpr int kLines = 2;

// text in at most kLines lines of width, elided at the end of the last.
QString twoLines(const QString &text, const QFontMetrics &metrics, int width) {
    const auto fits = [&](const QString &t) {
        return metrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, t).height() <=
               metrics.lineSpacing() * kLines;
    };
    if (width <= 0 || fits(text)) {
        return text;
    }
    qsizetype low = 0;
    qsizetype high = text.size();
    while (low < high) {
        const qsizetype mid = (low + high + 1) / 2;
        if (fits(text.left(mid) + QChar(0x2026))) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    return text.left(low) + QChar(0x2026);
}
} // namespace

LoadBanner::LoadBanner(QWidget *parent) : QFrame(parent), m_icon(new QLabel), m_text(new QLabel) {
    setObjectName(QStringLiteral("loadBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setFixedSize(size, size);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    auto *layout = new QHBoxLayout(this);
    const int margin = 3;
    layout->setContentsMargins(6, margin, 6, margin);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    // Two lines whatever the text: the tabs below never move with it.
    setFixedHeight(fontMetrics().lineSpacing() * kLines + 2 * margin + 2 * frameWidth());
    hide();
}

QString LoadBanner::text() const {
    return m_fullText;
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
        show();
    } else {
        hide();
    }
}

void LoadBanner::setState(bool busy, const QString &text) {
    m_busy = busy;
    m_fullText = text;
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
    layOutText();
}

void LoadBanner::resizeEvent(QResizeEvent *event) {
    QFrame::resizeEvent(event);
    layOutText();
}

void LoadBanner::layOutText() {
    const QString shown = twoLines(m_fullText, m_text->fontMetrics(), m_text->width());
    m_text->setText(shown);
    m_text->setToolTip(shown == m_fullText ? QString() : m_fullText);
}

} // namespace burstlab
