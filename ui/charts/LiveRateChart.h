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

    // Starts a new step; caption names it, e.g. "burst=8, repetition 2/3". The time
    // axis spans the step's planned length, so the line grows across it.
    void startStep(const QString &caption, double plannedSeconds = 0);
    void addSample(double seconds, double pps);

    int dataPointCount() const override { return int(m_samples.size()); }

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    void fitAxes(QChart *chart) const;

    QString m_caption;
    double m_plannedSeconds = 0;
    QList<QPointF> m_samples;
};

} // namespace burstlab
