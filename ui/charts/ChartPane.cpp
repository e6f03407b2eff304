#include "charts/ChartPane.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <memory>

namespace burstlab {

namespace {
// Text in an export must stay readable when the image is scaled down in a mail
// client or projected: a quarter larger than on screen at 500 px, growing with
// the image height beyond.
qreal exportFontScale(QSize size) {
    return qMax(1.25, size.height() / 400.0);
}

// The chart alone in a scene of the export's size, laid out now: a view that is
// never shown would not lay it out before rendering.
std::unique_ptr<QGraphicsScene> offscreenScene(QChart *chart, QSize size) {
    chart->setAnimationOptions(QChart::NoAnimation);
    auto scene = std::make_unique<QGraphicsScene>();
    scene->addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (chart->layout()) {
        chart->layout()->activate();
    }
    scene->setSceneRect(QRectF(QPointF(0, 0), size));
    return scene;
}

void renderScene(QGraphicsScene &scene, QPainter &painter, QSize size) {
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), size), scene.sceneRect());
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
    auto scene = offscreenScene(buildChart(exportFontScale(size)), size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette().color(QPalette::Base));
    {
        QPainter painter(&image);
        renderScene(*scene, painter, size);
    }
    return image.save(path, "PNG") || reportWriteFailure(path, error);
}

bool ChartPane::exportSvg(const QString &path, QSize size, QString *error) const {
    QChart *chart = buildChart(exportFontScale(size));
    auto scene = offscreenScene(chart, size);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(chart->title());
    generator.setDescription(tr("burstlab chart"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        return reportWriteFailure(path, error);
    }
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    renderScene(*scene, painter, size);
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
