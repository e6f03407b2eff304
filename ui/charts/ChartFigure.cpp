#include "charts/ChartFigure.h"
#include "charts/ChartPane.h"
#include "charts/ChartStyle.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>

namespace burstlab {

namespace {
bool reportWriteFailure(const QString &path, QString *error) {
    if (error) {
        *error = QObject::tr("could not write %1: check that the folder exists and is writable")
                     .arg(QFileInfo(path).absoluteFilePath());
    }
    return false;
}
} // namespace

ChartFigure::ChartFigure(QList<const ChartPane *> charts, QString caption)
    : m_charts(std::move(charts)), m_caption(std::move(caption)) {}

double ChartFigure::fontScale(QSize size) {
    return std::max(1.25, size.height() / 400.0);
}

void ChartFigure::paint(QPainter &painter, QSize size) const {
    if (m_charts.isEmpty()) {
        return;
    }
    const QPalette palette = m_charts.first()->palette();
    const double scale = fontScale(size);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRect(QPoint(0, 0), size), palette.color(QPalette::Base));

    const QFont font = ChartStyle::font(scale, 0.8, false);
    const double margin = 8 * scale;
    const QRectF textArea(margin, 0, size.width() - 2 * margin, size.height());
    const int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    const QFontMetricsF metrics(font, painter.device());
    const double captionHeight =
        m_caption.isEmpty() ? 0
                            : metrics.boundingRect(textArea, flags, m_caption).height() + margin;

    const double chartHeight = size.height() - captionHeight;
    const double chartWidth = double(size.width()) / double(m_charts.size());
    for (int i = 0; i < m_charts.size(); ++i) {
        m_charts.at(i)->render(painter, QRectF(i * chartWidth, 0, chartWidth, chartHeight), scale);
    }
    if (!m_caption.isEmpty()) {
        painter.setFont(font);
        painter.setPen(palette.color(QPalette::Text));
        painter.drawText(QRectF(margin, chartHeight, textArea.width(), captionHeight), flags,
                         m_caption);
    }
}

bool ChartFigure::writePng(const QString &path, QSize size, QString *error) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    {
        QPainter painter(&image);
        paint(painter, size);
    }
    return image.save(path, "PNG") || reportWriteFailure(path, error);
}

bool ChartFigure::writeSvg(const QString &path, QSize size, QString *error) const {
    QStringList titles;
    for (const ChartPane *chart : m_charts) {
        titles.append(chart->chartTitle());
    }
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(titles.join(QStringLiteral(" | ")));
    generator.setDescription(m_caption);
    QPainter painter;
    if (!painter.begin(&generator)) {
        return reportWriteFailure(path, error);
    }
    paint(painter, size);
    return painter.end() || reportWriteFailure(path, error);
}

} // namespace burstlab
