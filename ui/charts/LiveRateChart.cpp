#include "charts/LiveRateChart.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace burstlab {

LiveRateChart::LiveRateChart(QWidget *parent) : ChartPane(parent) {
    refresh();
}

void LiveRateChart::startStep(const QString &caption, double plannedSeconds) {
    m_caption = caption;
    m_plannedSeconds = plannedSeconds;
    m_samples.clear();
    refresh();
}

void LiveRateChart::addSample(double seconds, double pps) {
    const QPointF sample(seconds, pps / 1e6);
    m_samples.append(sample);
    QChart *chart = shownChart();
    if (!chart || chart->series().isEmpty()) {
        refresh();
        return;
    }
    static_cast<QLineSeries *>(chart->series().first())->append(sample);
    fitAxes(chart);
}

void LiveRateChart::fitAxes(QChart *chart) const {
    double maxT = m_plannedSeconds > 0 ? m_plannedSeconds : 1;
    double maxY = 0;
    for (const QPointF &p : m_samples) {
        maxT = std::max(maxT, p.x());
        maxY = std::max(maxY, p.y());
    }
    const auto horizontal = chart->axes(Qt::Horizontal);
    const auto vertical = chart->axes(Qt::Vertical);
    if (!horizontal.isEmpty()) {
        horizontal.first()->setRange(0.0, maxT);
    }
    if (!vertical.isEmpty()) {
        ChartStyle::fitValueAxis(vertical.first(), 0, std::max(maxY, 0.001), true);
    }
}

QChart *LiveRateChart::buildChart(qreal fontScale) const {
    const QPalette pal = palette();
    const QString title =
        m_caption.isEmpty() ? tr("Live rate: no step running") : tr("Live rate: %1").arg(m_caption);
    QChart *chart = ChartStyle::newChart(pal, title, fontScale);
    chart->legend()->hide();
    auto *xAxis = new QValueAxis;
    xAxis->setLabelFormat(QStringLiteral("%.2f"));
    auto *yAxis = new QValueAxis;
    yAxis->setLabelFormat(QStringLiteral("%.4g"));
    ChartStyle::addAxis(chart, xAxis, Qt::AlignBottom, tr("time in step (s)"), pal, fontScale);
    ChartStyle::addAxis(chart, yAxis, Qt::AlignLeft, tr("rate (Mpps)"), pal, fontScale);
    auto *series = new QLineSeries;
    series->setPen(QPen(ChartStyle::seriesColor(pal, 0), 2.0 * fontScale));
    series->setPointsVisible(true);
    series->append(m_samples);
    ChartStyle::attach(chart, series, xAxis, yAxis, false);
    fitAxes(chart);
    return chart;
}

} // namespace burstlab
