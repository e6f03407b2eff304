#include "charts/ChartPane.h"
#include "charts/ChartFigure.h"
#include "charts/ChartLegend.h"
#include "charts/ChartMarks.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QVBoxLayout>

namespace burstlab {

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

void ChartPane::setCaption(const QString &caption) {
    m_caption = caption;
}

QStringList ChartPane::legendLabels() const {
    return m_view->chart() ? ChartLegend::labels(m_view->chart()) : QStringList();
}

QRect ChartPane::legendEntryRect(const QString &label) const {
    if (!m_view->chart()) {
        return {};
    }
    const QRectF scene = ChartLegend::entryRect(m_view->chart(), label);
    if (scene.isEmpty()) {
        return {};
    }
    const QRect inView = m_view->mapFromScene(scene).boundingRect();
    return inView.translated(m_view->viewport()->mapTo(this, QPoint(0, 0)));
}

QStringList ChartPane::hiddenSeries() const {
    return m_view->chart() ? ChartLegend::hidden(m_view->chart()) : QStringList();
}

QStringList ChartPane::shownSeries() const {
    return m_view->chart() ? ChartLegend::shown(m_view->chart()) : QStringList();
}

QList<ChartLegend::Swatch> ChartPane::legendSwatches() const {
    return m_view->chart() ? ChartLegend::swatches(m_view->chart()) : QList<ChartLegend::Swatch>();
}

QStringList ChartPane::pointToolTips() const {
    return m_view->chart() ? ChartStyle::tips(m_view->chart()) : QStringList();
}

QList<QRect> ChartPane::markLabelRects() const {
    QList<QRect> rects;
    if (m_view->chart()) {
        const QPoint origin = m_view->viewport()->mapTo(this, QPoint(0, 0));
        for (const QRectF &scene : ChartMarks::labelRects(m_view->chart())) {
            rects.append(m_view->mapFromScene(scene).boundingRect().translated(origin));
        }
    }
    return rects;
}

bool ChartPane::exportPng(const QString &path, QSize size, QString *error) const {
    return ChartFigure({this}, m_caption).writePng(path, size, error);
}

bool ChartPane::exportSvg(const QString &path, QSize size, QString *error) const {
    return ChartFigure({this}, m_caption).writeSvg(path, size, error);
}

QChart *ChartPane::layOut(QGraphicsScene &scene, QSizeF size, qreal fontScale) const {
    // Laid out now: a view that is never shown would not lay it out before
    // rendering.
    QChart *chart = buildChart(fontScale);
    chart->setAnimationOptions(QChart::NoAnimation);
    ChartLegend::setHidden(chart, hiddenSeries());
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (chart->layout()) {
        chart->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    return chart;
}

void ChartPane::render(QPainter &painter, const QRectF &area, qreal fontScale) const {
    QGraphicsScene scene;
    layOut(scene, area.size(), fontScale);
    scene.render(&painter, area, scene.sceneRect());
}

QList<QRect> ChartPane::markLabelRects(QSizeF area, qreal fontScale) const {
    QGraphicsScene scene;
    QList<QRect> rects;
    for (const QRectF &rect : ChartMarks::labelRects(layOut(scene, area, fontScale))) {
        rects.append(rect.toAlignedRect());
    }
    return rects;
}

void ChartPane::refresh() {
    QChart *old = m_view->chart();
    QChart *chart = buildChart(1.0);
    // What the user switched off stays off while the data changes.
    ChartLegend::setHidden(chart, hiddenSeries());
    m_view->setChart(chart);
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
