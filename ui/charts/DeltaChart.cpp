#include "charts/DeltaChart.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QPen>
#include <QValueAxis>

namespace burstlab {

DeltaChart::DeltaChart(QWidget *parent) : SeriesChart(parent), m_reference(tr("previous point")) {
    refresh();
}

void DeltaChart::setReference(const QString &reference) {
    m_reference = reference;
    refresh();
}

QChart *DeltaChart::buildChart(qreal fontScale) const {
    const QPalette pal = palette();
    QChart *chart =
        ChartStyle::newChart(pal, tr("ns/packet saved vs %1").arg(m_reference), fontScale);

    const QList<double> xs = xValues();
    const auto [low, high] = yRange().value_or(std::make_pair(-1.0, 1.0));
    QAbstractAxis *xAxis = newXAxis();
    auto *yAxis = new QValueAxis;
    yAxis->setLabelFormat(QStringLiteral("%.3g"));
    ChartStyle::addAxis(chart, xAxis, Qt::AlignBottom, parameterName(), pal, fontScale);
    ChartStyle::addAxis(chart, yAxis, Qt::AlignLeft, tr("Δ ns/packet"), pal, fontScale);
    ChartStyle::fitValueAxis(yAxis, low, high, true);

    for (int i = 0; i < series().size(); ++i) {
        const ChartSeriesData &data = series().at(i);
        const QColor color =
            ChartStyle::seriesColor(pal, data.colorIndex >= 0 ? data.colorIndex : i);
        if (bandsShown()) {
            ChartStyle::addBand(chart, data.points, data.name, color, xAxis, yAxis);
        }
        ChartStyle::addDataLine(chart, data.name, data.points, color, fontScale, xAxis, yAxis);
    }

    const QPen zeroPen(pal.color(QPalette::Text), 1.0 * fontScale, Qt::DashLine);
    ChartStyle::addGuide(chart, xs, 0, zeroPen, QString(), xAxis, yAxis);
    return chart;
}

} // namespace burstlab
