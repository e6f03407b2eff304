#pragma once
#include "charts/ChartData.h"
#include "charts/ChartPane.h"

#include <optional>
#include <utility>

namespace burstlab {

// A chart of series over the swept parameter (pps, deltas): holds the data both
// draw from and redraws when it changes.
class SeriesChart : public ChartPane {
    Q_OBJECT
  public:
    explicit SeriesChart(QWidget *parent = nullptr);

    void setParameterName(const QString &name);
    void setSeries(const QList<ChartSeriesData> &series);
    void clear();

    int dataPointCount() const override;
    int seriesCount() const { return int(m_series.size()); }

  protected:
    const QString &parameterName() const { return m_parameter; }
    const QList<ChartSeriesData> &series() const { return m_series; }
    // Every x value drawn, for the axis range and horizontal guides.
    QList<double> xValues() const;
    // Lowest and highest value drawn, whiskers and intervals included; empty when
    // there is no data.
    std::optional<std::pair<double, double>> yRange() const;

  private:
    QString m_parameter;
    QList<ChartSeriesData> m_series;
};

} // namespace burstlab
