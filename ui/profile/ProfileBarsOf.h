#pragma once
#include "compare/Comparison.h"
#include "model/Run.h"
#include "profile/ProfileBars.h"
#include "stats/PointStats.h"

namespace burstlab {

// The core's profiles in bars, with the core's figures as ProfileText prints
// them: a point's top functions (PointProfile), and where a comparison's
// delta went at a point (ProfileDelta). Words only: every number is the core's.
namespace ProfileBarsOf {

// Functions shown before the rest of a point's samples, [other].
constexpr int kTopFunctions = 10;
// Unchanged functions shown in a delta beside the changed ones, before the rest.
constexpr int kTopUnchanged = 8;
// Call chains in a function's tooltip.
constexpr int kChains = 5;

// A run's point, named label ("burst=32"); null stats: no point is selected.
ProfileBars point(const Run &run, const PointStats *stats, const QString &label);
// Where the delta of c's run `run` against its baseline went at point `point`.
ProfileBars delta(const Comparison &c, int run, int point);

} // namespace ProfileBarsOf

} // namespace burstlab
