#pragma once
#include "exchange/Comparison.h"
#include "model/RunData.h"
#include <QString>

namespace burstlab {

// Machine- and wiki-friendly tables of a run's or a comparison's points:
// one row per point (and run), with n, median/mean/stddev/CV/CI of pps and
// ns/packet, the deltas with their verdicts, and the warnings.
struct TableExport {
    static QString csv(const RunData &data);
    static QString csv(const Comparison &comparison);
    static QString markdown(const RunData &data);
    static QString markdown(const Comparison &comparison);
    // The run as stored (RunData::toJson) plus a "points" array of statistics.
    static QString json(const RunData &data);
    static QString json(const Comparison &comparison);
};

} // namespace burstlab
