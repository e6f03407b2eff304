#include "charts/PpsChart.h"
#include "charts/ChartMarks.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace burstlab {

PpsChart::PpsChart(QWidget *parent) : SeriesChart(parent) {
    refresh();
}

void PpsChart::setFromZero(bool fromZero) {
    m_fromZero = fromZero;
    refresh();
}

void PpsChart::setLineRate(double linePps, const QString &label) {
    m_linePps = linePps;
    m_lineLabel = label;
    refresh();
}

QChart *PpsChart::buildChart(qreal fontScale) const {
    const QPalette pal = palette();
    QChart *chart =
        ChartStyle::newChart(pal, tr("Throughput by %1").arg(parameterName()), fontScale);

    const QList<double> xs = xValues();
    auto [low, high] = yRange().value_or(std::make_pair(0.0, 0.0));
    if (m_linePps > 0) {
        high = std::max(high, m_linePps);
    }
    QAbstractAxis *xAxis = newXAxis();
    const ChartStyle::RateUnit unit = ChartStyle::rateUnit(high);
    auto *yAxis = new QValueAxis;
    yAxis->setLabelFormat(QStringLiteral("%.4g"));
    ChartStyle::addAxis(chart, xAxis, Qt::AlignBottom, parameterName(), pal, fontScale);
    ChartStyle::addAxis(chart, yAxis, Qt::AlignLeft, unit.title, pal, fontScale);
    // An empty chart from zero too; a rate is never negative, whatever the
    // margin below the lowest point.
    ChartStyle::fitValueAxis(yAxis, low / unit.scale, high / unit.scale,
                             m_fromZero || series().isEmpty(), true);

    for (int i = 0; i < series().size(); ++i) {
        const ChartSeriesData &data = series().at(i);
        const QColor color =
            ChartStyle::seriesColor(pal, data.colorIndex >= 0 ? data.colorIndex : i);
        QList<ChartPoint> scaled = data.points;
        for (ChartPoint &p : scaled) {
            p.y /= unit.scale;
            p.low /= unit.scale;
            p.high /= unit.scale;
        }
        ChartStyle::addDataLine(chart, data.name, scaled, color, fontScale, xAxis, yAxis);
        if (bandsShown()) {
            ChartStyle::addWhiskers(chart, scaled, data.name, color, xAxis, yAxis);
        }
        ChartMarks::add(chart, scaled, data.name, pal, fontScale, xAxis, yAxis);
    }

    if (m_linePps > 0) {
        const QPen pen(pal.color(QPalette::Text), 1.5 * fontScale, Qt::DashLine);
        ChartStyle::addGuide(chart, xs, m_linePps / unit.scale, pen, m_lineLabel, xAxis, yAxis);
    }
    return chart;
}

} // namespace burstlab
