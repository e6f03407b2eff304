#pragma once
#include "charts/SeriesChart.h"

namespace burstlab {

// ns/packet deltas per point (positive = faster), each with its confidence
// interval drawn as a shaded band: a delta whose band does not cover zero is real,
// one inside the band is noise. A value axis, since deltas can be negative.
class DeltaChart : public SeriesChart {
    Q_OBJECT
  public:
    explicit DeltaChart(QWidget *parent = nullptr);

    // What the deltas are taken against, e.g. "previous point" or "run 3 baseline".
    void setReference(const QString &reference);

    QString reference() const { return m_reference; }

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    QString m_reference;
};

} // namespace burstlab
