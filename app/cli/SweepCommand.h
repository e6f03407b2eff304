#pragma once
#include "CliParser.h"
#include "SweepOptions.h"
#include "model/RunData.h"

#include <functional>

namespace burstlab {

// Runs the sweep the options give (or resumes the run they name), stores it,
// prints its netdev text and returns the exit code; what sweep and try-fix
// share. afterPrinting, given the stored run once its text is printed, may
// print more and return a failure's exit code (or ExitOk).
int runSweep(const QString &command, const CliParser &parser, const SweepOptions &options,
             const std::function<int(const RunData &)> &afterPrinting = {});

} // namespace burstlab
