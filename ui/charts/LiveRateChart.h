#pragma once
#include "charts/ChartPane.h"

#include <QList>
#include <QPointF>

namespace burstlab {

// Packets per second over the time of the running step, from the engine's
// samples. Samples are appended to the shown chart in place: they arrive ~10 Hz.
class LiveRateChart : public ChartPane {
    Q_OBJECT
  public:
    explicit LiveRateChart(QWidget *parent = nullptr);

    // Starts a new step; caption names it, e.g. "burst=8, repetition 2/3".
    void startStep(const QString &caption);
    void addSample(double seconds, double pps);

    int dataPointCount() const override { return int(m_samples.size()); }

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    void fitAxes(QChart *chart) const;

    QString m_caption;
    QList<QPointF> m_samples;
};

} // namespace burstlab
