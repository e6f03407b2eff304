#pragma once
#include "model/Run.h"
#include <QStringList>

namespace burstlab {

// The `burstlab-cli sweep ...` command that runs a stored sweep again: the
// same device and engine settings, axes, fixed parameters that differ from
// the engine's defaults, repetitions, durations, order (the seed), label and
// declared link speed. The engine program (--engine) is left out: it names a
// file on the machine that ran it. Imported runs have none.
struct SweepCommandLine {
    // The arguments after "burstlab-cli" ("sweep", "--vdev", "net_null0", ...);
    // empty for an imported run.
    static QStringList arguments(const Run &run);
    // "burstlab-cli sweep ..." quoted for a POSIX shell, each option with its
    // value on one line, lines continued with " \" and at most `columns`
    // wide (a single argument longer than that stays whole).
    static QStringList lines(const Run &run, int columns, int indent = 1);
    // The fixed step parameters that differ from the engine's defaults (the
    // hello's, else the parameter table's).
    static QJsonObject nonDefaultParameters(const Run &run);
};

} // namespace burstlab
