#include "profile/ProfilePanel.h"
#include "charts/ChartStyle.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace burstlab {

namespace {
constexpr int margin = 4;

QString plainTip(const QString &text) {
    // As plain text: a tooltip would take text that looks like HTML for HTML.
    return text.isEmpty()
               ? QString()
               : QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(text.toHtmlEscaped());
}
} // namespace

ProfilePanel::ProfilePanel(QWidget *parent) : QWidget(parent) {
    setObjectName(QStringLiteral("profilePanel"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void ProfilePanel::setBars(const ProfileBars &bars) {
    m_bars = bars;
    fitHeight();
    update();
}

FigurePanel ProfilePanel::figurePanel(const QString &name) const {
    if (m_bars.rows.isEmpty())
        return {};
    return {name, [bars = m_bars, palette = palette()](QPainter &painter, const QRectF &area,
                                                       double fontScale) {
                bars.paint(painter, area, ChartStyle::font(fontScale, 1.0, false), palette);
            }};
}

QSize ProfilePanel::sizeHint() const {
    // No wider than the live chart it shares a tab with: the table beside it keeps its room.
    const int width = fontMetrics().averageCharWidth() * 40;
    return {width, int(m_bars.height(font(), width - 2 * margin)) + 2 * margin};
}

QRectF ProfilePanel::area() const {
    return QRectF(rect()).adjusted(margin, margin, -margin, -margin);
}

void ProfilePanel::fitHeight() {
    setMinimumHeight(int(m_bars.height(font(), area().width())) + 2 * margin);
}

void ProfilePanel::resizeEvent(QResizeEvent *event) {
    // The note wraps: a narrower panel needs more lines for it.
    fitHeight();
    QWidget::resizeEvent(event);
}

bool ProfilePanel::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int row = m_bars.rowAt(area(), font(), help->pos());
        // Outside the rows: the whole title (it is cut where the panel is narrow) and the key.
        QStringList lines{m_bars.title, m_bars.toolTip};
        lines.removeAll(QString());
        const QString tip = row >= 0 ? m_bars.rows[row].toolTip : lines.join(QLatin1Char('\n'));
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), plainTip(tip), this);
        return true;
    }
    return QWidget::event(event);
}

void ProfilePanel::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    m_bars.paint(painter, area(), font(), palette());
}

} // namespace burstlab
