#include "charts/ChartPane.h"
#include "charts/ChartFigure.h"
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
    return m_view->chart() ? ChartStyle::legendLabels(m_view->chart()) : QStringList();
}

bool ChartPane::exportPng(const QString &path, QSize size, QString *error) const {
    return ChartFigure({this}, m_caption).writePng(path, size, error);
}

bool ChartPane::exportSvg(const QString &path, QSize size, QString *error) const {
    return ChartFigure({this}, m_caption).writeSvg(path, size, error);
}

void ChartPane::render(QPainter &painter, const QRectF &area, qreal fontScale) const {
    // The chart alone in a scene of the area's size, laid out now: a view
    // that is never shown would not lay it out before rendering.
    QChart *chart = buildChart(fontScale);
    chart->setAnimationOptions(QChart::NoAnimation);
    QGraphicsScene scene;
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), area.size()));
    if (chart->layout()) {
        chart->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), area.size()));
    scene.render(&painter, area, scene.sceneRect());
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
