#include "charts/ChartPane.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <memory>

namespace burstlab {

namespace {
// Text in an export must stay readable when the image is scaled down in a mail
// client or projected: scale it with the image height, 500 px being the reference.
qreal exportFontScale(QSize size) {
    return qMax(1.0, size.height() / 500.0);
}

std::unique_ptr<QChartView> offscreenView(QChart *chart, QSize size) {
    chart->setAnimationOptions(QChart::NoAnimation);
    auto view = std::make_unique<QChartView>(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(size);
    chart->resize(size);
    return view;
}

bool reportWriteFailure(const QString &path, QString *error) {
    if (error) {
        *error = QObject::tr("could not write %1: check that the folder exists and is writable")
                     .arg(QFileInfo(path).absoluteFilePath());
    }
    return false;
}
} // namespace

ChartPane::ChartPane(QWidget *parent) : QWidget(parent), m_view(new QChartView(this)) {
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(240, 180);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

QString ChartPane::chartTitle() const {
    return m_view->chart() ? m_view->chart()->title() : QString();
}

bool ChartPane::exportPng(const QString &path, QSize size, QString *error) const {
    auto view = offscreenView(buildChart(exportFontScale(size)), size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette().color(QPalette::Base));
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        view->render(&painter, QRectF(QPointF(0, 0), size), QRect(QPoint(0, 0), size));
    }
    return image.save(path, "PNG") || reportWriteFailure(path, error);
}

bool ChartPane::exportSvg(const QString &path, QSize size, QString *error) const {
    auto view = offscreenView(buildChart(exportFontScale(size)), size);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(view->chart()->title());
    generator.setDescription(tr("burstlab chart"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        return reportWriteFailure(path, error);
    }
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    view->render(&painter, QRectF(QPointF(0, 0), size), QRect(QPoint(0, 0), size));
    return painter.end() || reportWriteFailure(path, error);
}

void ChartPane::refresh() {
    QChart *old = m_view->chart();
    m_view->setChart(buildChart(1.0));
    delete old;
}

QChart *ChartPane::shownChart() const {
    return m_view->chart();
}

void ChartPane::changeEvent(QEvent *event) {
    // Colours come from the palette, so a light/dark switch redraws the chart.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        refresh();
    }
    QWidget::changeEvent(event);
}

} // namespace burstlab
