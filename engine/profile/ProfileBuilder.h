#pragma once

#include "Profile.h"
#include "SampleCounts.h"
#include "Symbols.h"

namespace burstlab::engine::profile {

// A step's profile from its samples: the addresses named, the functions and
// folded stacks summed by name, the most-sampled kProfileFunctions and
// kProfileStacks kept (ties by name, so a profile reads the same twice).
protocol::Profile buildProfile(const SampleCounts &counts, Symbols &symbols);

} // namespace burstlab::engine::profile
