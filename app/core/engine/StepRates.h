#pragma once
#include <QMetaType>

namespace burstlab {

// Rates of a running step, over the last sample interval and since its start.
// Derived from cumulative counters, so a lost sample only widens an interval.
struct StepRates {
    double intervalPps = 0;
    double intervalMbps = 0; // layer 2, without FCS
    double intervalNsPerPkt = 0;
    double totalPps = 0;
    double totalMbps = 0;
    double totalNsPerPkt = 0;
    double elapsedSeconds = 0;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::StepRates)
