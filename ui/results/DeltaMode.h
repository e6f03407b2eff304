#pragma once

namespace burstlab {

// What a delta is taken against: the previous point of the same series (the
// seeds' column) or the same point of a chosen baseline run.
enum class DeltaMode { VsPrevious, VsBaseline };

} // namespace burstlab
