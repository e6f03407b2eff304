#pragma once
#include "model/RunData.h"
#include <QString>

namespace burstlab {

// The gate a burstlab run file (import --format json) passes before the
// store takes it, as a netdev table's printed figures are checked against
// its printed pps: every repetition's rate must be what its own packets
// and window give, every figure finite and not negative, and every point
// one of the sweep's. A file edited by hand (a rate tripled, "pps": -5, a
// point moved outside the sweep) is refused naming the step and what
// disagrees. The point statistics are never read from a file: they are
// recomputed from the repetitions (PointStats).
struct RunFileChecks {
    // Empty when the run passes, else "steps[4] (burst=8, rep 1): ...".
    static QString problem(const RunData &data);
};

} // namespace burstlab
