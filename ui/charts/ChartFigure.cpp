#include "charts/ChartFigure.h"
#include "charts/ChartPane.h"
#include "charts/ChartStyle.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace burstlab {

namespace {
// CSS pixels are 1/96 inch: at this resolution an SVG of 800 x 500 units opens
// 800 x 500 pixels large in a browser or librsvg, and text has the size it has
// in the PNG of the same figure.
constexpr int figureDpi = 96;

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

ChartFigure ChartFigure::withPanel(FigurePanel panel) const {
    ChartFigure figure = *this;
    figure.m_panel = std::move(panel);
    return figure;
}

double ChartFigure::fontScale(QSize size) {
    return std::max(1.25, size.height() / 400.0);
}

QFont ChartFigure::captionFont(QSize size) {
    QFont font = ChartStyle::font(1.0, 1.0, false);
    font.setPointSizeF(std::max(10.0, 12.0 * size.width() / 1200.0));
    return font;
}

void ChartFigure::paint(QPainter &painter, QSize size) const {
    if (m_charts.isEmpty()) {
        return;
    }
    const QPalette palette = m_charts.first()->palette();
    const double scale = fontScale(size);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // The painter's own font is written on every SVG group, text or not: the
    // generic family there too, so no other family name reaches the file.
    const QFont font = captionFont(size);
    painter.setFont(font);
    painter.fillRect(QRect(QPoint(0, 0), size), palette.color(QPalette::Base));

    const double margin = 8 * scale;
    const QRectF textArea(margin, 0, size.width() - 2 * margin, size.height());
    const int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    const QFontMetricsF metrics(font, painter.device());
    const double captionHeight =
        m_caption.isEmpty() ? 0
                            : metrics.boundingRect(textArea, flags, m_caption).height() + margin;

    const double chartHeight = size.height() - captionHeight;
    const double chartWidth = double(size.width()) / double(chartCount());
    for (int i = 0; i < m_charts.size(); ++i) {
        m_charts.at(i)->render(painter, QRectF(i * chartWidth, 0, chartWidth, chartHeight), scale);
    }
    if (!m_panel.isEmpty()) {
        m_panel.paint(painter,
                      QRectF(double(m_charts.size()) * chartWidth + margin, margin,
                             chartWidth - 2 * margin, chartHeight - 2 * margin),
                      scale);
    }
    if (!m_caption.isEmpty()) {
        painter.setFont(font);
        painter.setPen(palette.color(QPalette::Text));
        painter.drawText(QRectF(margin, chartHeight, textArea.width(), captionHeight), flags,
                         m_caption);
    }
}

QImage ChartFigure::image(QSize size) const {
    QImage result(size, QImage::Format_ARGB32_Premultiplied);
    result.setDotsPerMeterX(qRound(figureDpi / 0.0254));
    result.setDotsPerMeterY(qRound(figureDpi / 0.0254));
    {
        QPainter painter(&result);
        paint(painter, size);
    }
    return result;
}

bool ChartFigure::writePng(const QString &path, QSize size, QString *error) const {
    return image(size).save(path, "PNG") || reportWriteFailure(path, error);
}

bool ChartFigure::writeSvg(const QString &path, QSize size, QString *error) const {
    QStringList titles;
    for (const ChartPane *chart : m_charts) {
        titles.append(chart->chartTitle());
    }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setResolution(figureDpi);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(titles.join(QStringLiteral(" | ")));
    generator.setDescription(m_caption);
    QPainter painter;
    if (!painter.begin(&generator)) {
        return reportWriteFailure(path, error);
    }
    paint(painter, size);
    painter.end();
    // Qt gives the size in millimetres, which renderers round up to a pixel
    // more than the figure has; in pixels it opens exactly at its size.
    QByteArray svg = buffer.data();
    static const QRegularExpression mmSize(
        QStringLiteral("<svg width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const QRegularExpressionMatch match = mmSize.match(QString::fromLatin1(svg.left(200)));
    if (match.hasMatch()) {
        svg.replace(match.capturedStart(), match.capturedLength(),
                    QStringLiteral("<svg width=\"%1\" height=\"%2\"")
                        .arg(size.width())
                        .arg(size.height())
                        .toLatin1());
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(svg) != svg.size() || !file.commit()) {
        return reportWriteFailure(path, error);
    }
    return true;
}

} // namespace burstlab
