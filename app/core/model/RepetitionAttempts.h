#pragma once

namespace burstlab {

// A repetition is run at most this many times in all: an invalid attempt
// (its measured window cannot be trusted) is run again, and so is a
// disturbed one when the run's NoisePolicy says to; the last attempt stands.
// Here rather than with the sweep's plan because a run's setup text states
// it too.
inline constexpr int kMaxRepetitionAttempts = 3;

} // namespace burstlab
