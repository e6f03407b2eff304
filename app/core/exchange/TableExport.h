#pragma once
#include "compare/Comparison.h"
#include "model/RunData.h"
#include <QString>

namespace burstlab {

// Machine- and wiki-friendly tables of a run's or a comparison's points:
// one row per point (and run) with the point's figures (pps, ns_per_pkt:
// Figure.h), the count of valid and invalid repetitions and why, the
// median/mean/stddev/CV/CI of pps and ns/packet, the deltas against the
// previous point and the baseline with their intervals and verdicts, the
// disturbed repetitions (Disturbance) and the point's precision, the L2
// and L1 bit rates and the line-rate check, the warnings, and every
// repetition (pps, ns/packet, status, reason, disturbed, replaced, CPU and
// steal share, the per-lcore array of its totals): JSON as a "repetitions"
// array, CSV as rep_* columns of ';'-separated lists (rep_lcores a JSON
// array). Numbers that do not exist are empty (CSV) or null (JSON), never
// NaN.
struct TableExport {
    static QString csv(const RunData &data);
    static QString csv(const Comparison &comparison);
    static QString markdown(const RunData &data);
    static QString markdown(const Comparison &comparison);
    // The run as stored (RunData::toJson) plus a "points" array of statistics
    // and "verdict_corrections", the Holm correction of each family of
    // verdicts in words (as the Markdown notes say it).
    static QString json(const RunData &data);
    static QString json(const Comparison &comparison);
    // Comparison::ofPairs: {"pairs": [...]}, each element as json(Comparison).
    static QString json(const QList<Comparison> &pairs);
};

} // namespace burstlab
