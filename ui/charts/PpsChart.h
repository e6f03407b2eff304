#pragma once
#include "charts/SeriesChart.h"

namespace burstlab {

// Packets per second against the swept parameter: the median of each point with
// its min/max whisker, one series per run or per value of a second parameter,
// the points with disturbed repetitions marked and counted, and the port's
// line rate as a ceiling no result may exceed.
class PpsChart : public SeriesChart {
    Q_OBJECT
  public:
    explicit PpsChart(QWidget *parent = nullptr);

    // linePps 0 hides the ceiling; label says which link and frame size it is for.
    void setLineRate(double linePps, const QString &label);
    // A rate axis from zero shows differences to scale; the default fits the
    // data, which shows small differences.
    void setFromZero(bool fromZero);
    bool fromZero() const { return m_fromZero; }

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    double m_linePps = 0;
    bool m_fromZero = false;
    QString m_lineLabel;
};

} // namespace burstlab
