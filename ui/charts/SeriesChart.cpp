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

void SeriesChart::setBandsShown(bool shown) {
    m_bandsShown = shown;
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

bool SeriesChart::hasMarks() const {
    return std::any_of(m_series.begin(), m_series.end(), [](const ChartSeriesData &s) {
        return std::any_of(s.points.begin(), s.points.end(),
                           [](const ChartPoint &p) { return !p.mark.isEmpty(); });
    });
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
    std::optional<std::pair<double, double>> points;
    std::optional<std::pair<double, double>> bands;
    const auto widen = [](std::optional<std::pair<double, double>> &range, double low,
                          double high) {
        range = range ? std::make_pair(std::min(range->first, low), std::max(range->second, high))
                      : std::make_pair(low, high);
    };
    for (const ChartSeriesData &s : m_series) {
        for (const ChartPoint &p : s.points) {
            widen(points, p.y, p.y);
            widen(bands, std::min(p.low, p.y), std::max(p.high, p.y));
        }
    }
    if (!points || !m_bandsShown) {
        return points;
    }
    // All points at one value flatten nothing: the bands then set the scale.
    const double spread = points->second - points->first;
    if (!(spread > 0)) {
        return bands;
    }
    return std::make_pair(std::max(bands->first, points->first - spread),
                          std::min(bands->second, points->second + spread));
}

} // namespace burstlab
