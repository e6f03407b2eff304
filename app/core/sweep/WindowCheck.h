#pragma once
#include "model/StepFinished.h"
#include <QString>

namespace burstlab {

// Whether a repetition's measured window (the window of the engine's
// finished message) can be trusted: the rules a step must pass to be stored
// as completed, else it is stored as invalid with the reason and run again
// (docs/protocol.md, "Invalid repetitions").
class WindowCheck {
  public:
    static constexpr qint64 kMinTxCalls = 100;
    static constexpr qint64 kMinNs = 1000000;
    // Of the time after the warm-up in a step ended by its duration.
    static constexpr double kMinPlannedShare = 0.5;
    // Of the longest lcore window, for the common window of several lcores.
    static constexpr double kMinOverlap = 0.9;

    // Why the window cannot be trusted, or an empty string when it can.
    static QString problem(const StepFinished &finished);
};

} // namespace burstlab
