#pragma once
#include "charts/ChartData.h"
#include "charts/ChartPane.h"

#include <QStringList>
#include <optional>
#include <utility>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
QT_END_NAMESPACE

namespace burstlab {

// A chart of series over the swept parameter (pps, deltas): holds the data both
// draw from and redraws when it changes.
class SeriesChart : public ChartPane {
    Q_OBJECT
  public:
    explicit SeriesChart(QWidget *parent = nullptr);

    void setParameterName(const QString &name);
    void setSeries(const QList<ChartSeriesData> &series);
    // The x values the axis is scaled for (log2 or linear, and its range), so
    // charts drawn side by side share one scale; empty: the chart's own values.
    void setXDomain(const QList<double> &xs);
    void clear();
    // Whiskers and intervals drawn (the default) or hidden, on screen and in
    // every export.
    void setBandsShown(bool shown);
    bool bandsShown() const { return m_bandsShown; }

    int dataPointCount() const override;
    int seriesCount() const { return int(m_series.size()); }
    // Whether any point carries a disturbed mark, for the key to the marks.
    bool hasMarks() const;
    // Every x value drawn, for the axis range and horizontal guides.
    QList<double> xValues() const;
    // Whether the x axis is log2 (burst-like values), and an axis's range as shown.
    bool logXAxis() const;
    std::pair<double, double> axisRange(Qt::Orientation orientation) const;

  protected:
    const QString &parameterName() const { return m_parameter; }
    const QList<ChartSeriesData> &series() const { return m_series; }
    // The x axis for this chart's data, on the shared scale when one was set.
    QAbstractAxis *newXAxis() const;
    // The value range to show: every point, and the whiskers and intervals
    // (when shown) as far as the points' own spread beyond them, so that one
    // wide interval cannot flatten the other series (it is cut at the plot's
    // edge instead); empty when there is no data.
    std::optional<std::pair<double, double>> yRange() const;

  private:
    QString m_parameter;
    QList<ChartSeriesData> m_series;
    QList<double> m_domain;
    bool m_bandsShown = true;
};

} // namespace burstlab
