#pragma once
#include "model/EngineKind.h"
#include "model/StepFinished.h"
#include <QString>
#include <optional>

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
    // For a step that ended on its count before its window was long enough
    // (kMinNs, kMinTxCalls): the count to try instead, which at the rate the
    // step measured gives kSuggestedWindows times the window needed, rounded
    // up to 1, 2 or 5 times a power of ten; nullopt for any other step.
    static std::optional<qint64> countToTry(const StepFinished &finished);
    static constexpr int kSuggestedWindows = 10;
    // The packets a driver call sends with this burst: DPDK's tx_burst a
    // burst; pktgen hands the driver each packet in a call of its own
    // (xmit_more set on all but the last of a burst), so its engine sends
    // no tx_calls and its window's calls are its packets.
    static qint64 packetsPerCall(EngineKind kind, qint64 burst) {
        return kind == EngineKind::Pktgen ? 1 : burst;
    }
};

} // namespace burstlab
