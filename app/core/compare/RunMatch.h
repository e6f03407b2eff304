#pragma once
#include "model/RunData.h"

#include <QList>
#include <QStringList>

namespace burstlab {

// How the runs of a comparison line up, the first being the baseline. A point
// is placed by the value of every parameter that any of the runs sweeps: a run
// that holds such a parameter fixed sits at its fixed value (or the engine's
// default), so a 1-D burst sweep at clone=0 meets the clone=0 series of a
// burst x clone sweep. Parameters no run sweeps do not place points; where
// their values differ the runs measured different things, and that is said.
struct RunMatch {
    // Every parameter some run sweeps: the baseline's axes, then the others' new ones.
    QStringList axisNames;
    // Each run as placed: its axes are axisNames (a fixed value becomes a
    // one-value axis) and every step's point holds a value for each of them.
    QList<RunData> placed;
    // "clone: 0 in baseline, 64 in patch2": fixed parameters, step length,
    // warm-up and port settings that differ from the baseline's.
    QStringList settingDifferences;
    // For each run sharing no point with the baseline, which parameters keep
    // them apart: "patch2 shares no point with baseline: clone is 0,64 in
    // baseline but 8 in patch2".
    QStringList unmatched;

    // Each setting difference at most width characters (TextFit; 0: whole).
    static RunMatch of(const QList<RunData> &runs, int width = 0);

    // The value a run's steps had for a parameter it does not sweep: its fixed
    // value, else (for runs the engine measured) the engine's default; a
    // parameter an imported run does not record, or the run's engine does not
    // take, has none.
    static std::optional<AxisValue> settingOf(const Run &run, const QString &name);
};

} // namespace burstlab
