#pragma once
#include "stats/PointStats.h"

#include <QLabel>

namespace burstlab {

// What stands where the pps and delta charts would be when no point has a
// pps: imported netperf tables (transactions or throughput, not packets)
// or perf profiles alone. Empty axes titled pps would say the rate was
// measured and was nothing; this says why there is no chart, in the
// core's words (PointStats::noRateReason), and where the figures are.
class NoChartNote : public QLabel {
    Q_OBJECT
  public:
    explicit NoChartNote(QWidget *parent = nullptr);

    // Whether the charts have nothing to draw: there are points, none with
    // a pps, and the core says why. Shows itself then, hides otherwise;
    // netperf: the netperf figures are in a table under the charts.
    bool showFor(const QList<PointStats> &stats, bool netperf);
};

} // namespace burstlab
