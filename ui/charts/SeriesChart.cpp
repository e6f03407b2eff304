#include "charts/SeriesChart.h"

#include <algorithm>

namespace burstlab {

SeriesChart::SeriesChart(QWidget *parent) : ChartPane(parent), m_parameter(tr("parameter")) {}

void SeriesChart::setParameterName(const QString &name) {
    m_parameter = name;
    refresh();
}

void SeriesChart::setSeries(const QList<ChartSeriesData> &series) {
    m_series = series;
    refresh();
}

void SeriesChart::clear() {
    m_series.clear();
    refresh();
}

int SeriesChart::dataPointCount() const {
    int count = 0;
    for (const ChartSeriesData &s : m_series) {
        count += int(s.points.size());
    }
    return count;
}

QList<double> SeriesChart::xValues() const {
    QList<double> xs;
    for (const ChartSeriesData &s : m_series) {
        for (const ChartPoint &p : s.points) {
            xs.append(p.x);
        }
    }
    return xs;
}

std::optional<std::pair<double, double>> SeriesChart::yRange() const {
    std::optional<std::pair<double, double>> range;
    for (const ChartSeriesData &s : m_series) {
        for (const ChartPoint &p : s.points) {
            const double low = std::min(p.low, p.y);
            const double high = std::max(p.high, p.y);
            range = range
                        ? std::make_pair(std::min(range->first, low), std::max(range->second, high))
                        : std::make_pair(low, high);
        }
    }
    return range;
}

} // namespace burstlab
