#pragma once
#include "engine/EngineMessages.h"
#include "engine/StepRates.h"

namespace burstlab {

// Turns a step's cumulative stats samples into rates.
class RateTracker {
  public:
    void reset() { m_previous = Sample{}; }
    StepRates add(const Sample &sample);

    static double pps(qint64 packets, qint64 ns);
    static double nsPerPacket(qint64 packets, qint64 ns);
    static double mbps(qint64 bytes, qint64 ns);

  private:
    Sample m_previous;
};

} // namespace burstlab
