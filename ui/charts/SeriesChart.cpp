#include "charts/SeriesChart.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QLogValueAxis>
#include <QValueAxis>

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

void SeriesChart::setXDomain(const QList<double> &xs) {
    m_domain = xs;
    refresh();
}

void SeriesChart::clear() {
    m_series.clear();
    m_domain.clear();
    refresh();
}

QAbstractAxis *SeriesChart::newXAxis() const {
    return ChartStyle::parameterAxis(m_domain.isEmpty() ? xValues() : m_domain);
}

bool SeriesChart::logXAxis() const {
    return ChartStyle::logScaleFits(m_domain.isEmpty() ? xValues() : m_domain);
}

std::pair<double, double> SeriesChart::axisRange(Qt::Orientation orientation) const {
    const QChart *chart = shownChart();
    const QList<QAbstractAxis *> axes = chart ? chart->axes(orientation) : QList<QAbstractAxis *>{};
    if (axes.isEmpty()) {
        return {0, 0};
    }
    if (const auto *log = qobject_cast<const QLogValueAxis *>(axes.first())) {
        return {log->min(), log->max()};
    }
    if (const auto *value = qobject_cast<const QValueAxis *>(axes.first())) {
        return {value->min(), value->max()};
    }
    return {0, 0};
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
