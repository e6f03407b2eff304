#include "profile/ProfileBars.h"
#include "charts/ChartStyle.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

// A row is this many lines high, so neighbouring bars do not touch.
constexpr double rowLines = 1.3;
// Bars take this share of a row's height.
constexpr double barShare = 0.62;
constexpr int noteFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;

struct Layout {
    double rowHeight = 0;
    double rowsTop = 0;
    double nameLeft = 0;
    double nameWidth = 0;
    double barLeft = 0;
    double barWidth = 0;
    QList<double> cellLeft;
    QList<double> cellWidth;
};

Layout layoutOf(const ProfileBars &bars, const QRectF &area, const QFontMetricsF &metrics,
                bool withOptional) {
    Layout l;
    l.rowHeight = metrics.lineSpacing() * rowLines;
    l.rowsTop = area.top() + (bars.title.isEmpty() ? 0 : l.rowHeight) +
                (bars.headers.isEmpty() ? 0 : l.rowHeight);
    const double gap = metrics.averageCharWidth() * 1.5;
    qsizetype cells = std::max<qsizetype>(0, bars.headers.size() - 1);
    for (const ProfileBars::Row &row : bars.rows)
        cells = std::max(cells, row.cells.size());
    double cellsWidth = 0;
    for (qsizetype c = 0; c < cells; ++c) {
        double width = metrics.horizontalAdvance(bars.headers.value(c + 1));
        for (const ProfileBars::Row &row : bars.rows)
            width = std::max(width, metrics.horizontalAdvance(row.cells.value(c)));
        const bool left = c == bars.optionalCell && !withOptional;
        l.cellWidth << (left ? 0 : width);
        cellsWidth += left ? 0 : width + gap;
    }
    double widestName = metrics.horizontalAdvance(bars.headers.value(0));
    for (const ProfileBars::Row &row : bars.rows)
        widestName = std::max(widestName, metrics.horizontalAdvance(row.name));
    // Names are cut before the bars shrink below ten characters (or their
    // header), but keep at least half of the room the figures leave.
    const double room = std::max(0.0, area.width() - cellsWidth - gap);
    const double bar =
        std::max(metrics.averageCharWidth() * 10, metrics.horizontalAdvance(bars.barHeader) + gap);
    l.nameLeft = area.left();
    l.nameWidth = std::min(widestName, std::max(room / 2, room - bar));
    l.barLeft = l.nameLeft + l.nameWidth + gap;
    l.barWidth = std::max(0.0, room - l.nameWidth - gap);
    double x = l.barLeft + l.barWidth + gap;
    for (double width : l.cellWidth) {
        l.cellLeft << x;
        x += width > 0 ? width + gap : 0;
    }
    return l;
}

// The optional cells stay where they leave the bars a quarter of the room.
Layout layoutOf(const ProfileBars &bars, const QRectF &area, const QFontMetricsF &metrics) {
    const Layout whole = layoutOf(bars, area, metrics, true);
    return bars.optionalCell < 0 || whole.barWidth >= area.width() / 4
               ? whole
               : layoutOf(bars, area, metrics, false);
}

QColor toneColor(ProfileBars::Tone tone, const QPalette &palette) {
    QColor color = ChartStyle::seriesColor(palette, 0);
    switch (tone) {
    case ProfileBars::Tone::Strong:
        return color;
    case ProfileBars::Tone::Plain:
        color.setAlpha(150);
        return color;
    case ProfileBars::Tone::Muted:
        return palette.color(QPalette::Mid);
    }
    return color;
}

} // namespace

double ProfileBars::height(const QFont &font, double width) const {
    const QFontMetricsF metrics(font);
    const Layout l = layoutOf(*this, QRectF(0, 0, width, 0), metrics);
    const double noteHeight =
        note.isEmpty() ? 0
                       : metrics.boundingRect(QRectF(0, 0, width, 1e6), noteFlags, note).height() +
                             metrics.lineSpacing() / 2;
    return std::ceil(l.rowsTop + double(rows.size()) * l.rowHeight + noteHeight);
}

int ProfileBars::rowAt(const QRectF &area, const QFont &font, const QPointF &position) const {
    const Layout l = layoutOf(*this, area, QFontMetricsF(font));
    if (position.y() < l.rowsTop || !area.contains(position))
        return -1;
    const auto row = qsizetype((position.y() - l.rowsTop) / l.rowHeight);
    return row < rows.size() ? int(row) : -1;
}

void ProfileBars::paint(QPainter &painter, const QRectF &area, const QFont &font,
                        const QPalette &palette) const {
    const QFontMetricsF metrics(font, painter.device());
    const Layout l = layoutOf(*this, area, metrics);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor text = palette.color(QPalette::Text);
    QColor faint = text;
    faint.setAlpha(150);
    const auto cellsAt = [&](double y, const QStringList &cells) {
        for (qsizetype c = 0; c < cells.size() && c < l.cellLeft.size(); ++c)
            if (l.cellWidth[c] > 0)
                painter.drawText(QRectF(l.cellLeft[c], y, l.cellWidth[c], l.rowHeight),
                                 Qt::AlignRight | Qt::AlignVCenter, cells[c]);
    };
    double y = area.top();
    if (!title.isEmpty()) {
        QFont bold = font;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(text);
        const QString shown =
            QFontMetricsF(bold, painter.device()).elidedText(title, Qt::ElideRight, area.width());
        painter.drawText(QRectF(area.left(), y, area.width(), l.rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, shown);
        y += l.rowHeight;
    }
    painter.setFont(font);
    if (!headers.isEmpty()) {
        painter.setPen(faint);
        painter.drawText(QRectF(l.nameLeft, y, l.nameWidth, l.rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, headers.first());
        painter.drawText(QRectF(l.barLeft, y, l.barWidth, l.rowHeight), Qt::AlignCenter,
                         metrics.elidedText(barHeader, Qt::ElideRight, l.barWidth));
        cellsAt(y, headers.mid(1));
        y += l.rowHeight;
    }

    double scale = 0;
    for (const Row &row : rows)
        scale = std::max({scale, std::abs(row.value), row.interval ? std::abs(row.high) : 0.0});
    const double zero = diverging ? l.barLeft + l.barWidth / 2 : l.barLeft;
    const double reach = diverging ? l.barWidth / 2 : l.barWidth;
    const auto xOf = [&](double value) { return zero + (scale > 0 ? value / scale * reach : 0); };
    // Only whole rows are drawn: a figure too short for them all stops at a row's edge.
    const qsizetype shown =
        std::clamp<qsizetype>(qsizetype((area.bottom() - l.rowsTop) / l.rowHeight), 0, rows.size());
    for (qsizetype i = 0; i < shown; ++i) {
        const Row &row = rows[i];
        const double top = l.rowsTop + double(i) * l.rowHeight;
        QFont nameFont = font;
        nameFont.setBold(row.tone == Tone::Strong);
        painter.setFont(nameFont);
        painter.setPen(row.tone == Tone::Muted ? faint : text);
        painter.drawText(QRectF(l.nameLeft, top, l.nameWidth, l.rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetricsF(nameFont, painter.device())
                             .elidedText(row.name, Qt::ElideLeft, l.nameWidth));
        painter.setFont(font);
        const double barHeight = l.rowHeight * barShare;
        const double middle = top + l.rowHeight / 2;
        const double end = xOf(row.value);
        painter.fillRect(QRectF(QPointF(std::min(zero, end), middle - barHeight / 2),
                                QPointF(std::max(zero, end), middle + barHeight / 2)),
                         toneColor(row.tone, palette));
        if (row.interval) {
            painter.setPen(QPen(faint, 1));
            const double tick = barHeight / 4;
            painter.drawLine(QPointF(xOf(row.low), middle), QPointF(xOf(row.high), middle));
            for (double at : {row.low, row.high})
                painter.drawLine(QPointF(xOf(at), middle - tick), QPointF(xOf(at), middle + tick));
        }
        painter.setPen(row.tone == Tone::Muted ? faint : text);
        cellsAt(top, row.cells);
    }
    if (diverging && shown > 0) {
        painter.setPen(QPen(text, 1));
        painter.drawLine(QPointF(zero, l.rowsTop),
                         QPointF(zero, l.rowsTop + double(shown) * l.rowHeight));
    }
    if (!note.isEmpty()) {
        painter.setPen(faint);
        const double noteTop = l.rowsTop + double(shown) * l.rowHeight + metrics.lineSpacing() / 2;
        painter.drawText(QRectF(area.left(), noteTop, area.width(), area.bottom() - noteTop),
                         noteFlags, note);
    }
    painter.restore();
}

} // namespace burstlab
