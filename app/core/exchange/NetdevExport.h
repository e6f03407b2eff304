#pragma once
#include "exchange/Comparison.h"
#include "model/RunData.h"
#include <QString>
#include <optional>

namespace burstlab {

struct NetdevOptions {
    // The summary's pair of points; default: first and last of the series.
    std::optional<Point> summaryFrom;
    std::optional<Point> summaryTo;
    bool setupNotes = true;
    StatsOptions stats;
};

// Plain text for a netdev mailing-list post, in the seeds' format and
// arithmetic, at most 72 columns, no tabs.
//
// A run over a numeric axis prints the sweep style of seed 000:
//    burst=2   tx:6942821 pps ( 35.46 ns)
// where the delta is 1e9/pps(previous) - 1e9/pps(this), rounded to 2
// decimals, positive = fewer ns = better, negative marked "(worse)"; then
//   burst=(1 vs 32) improvement:
//    (1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns
//     + 3330796 pps
// A run over a label axis (a patch series) prints the style of seed 002:
//    * patch4:   5,857,065 pps --> 170.73ns ( -7.56ns)
// where ns is 1e9/pps truncated to 2 decimals and the delta is the
// difference of those printed values, this - previous: negative = fewer ns
// = better (the seed's own convention; rounding instead of truncating would
// print 157.57 where the seed printed 157.56).
// The pps of a point is the median over its repetitions. Setup notes, as in
// seed 000, list the setup-note line of every passing checklist item, one
// "not tuned:" line naming the items that warn or fail, a count of the items
// that could not be probed, and a compact fingerprint (CPU, kernel, DPDK,
// port driver, burstlab build). CV warnings ("Notes:") come in point order.
struct NetdevExport {
    static constexpr int maxColumns = 72;
    static QString run(const RunData &data, const NetdevOptions &options = {});
    // One column per run with deltas and verdicts vs the first run; runs
    // of one point each print as a seed 002 style series.
    static QString comparison(const Comparison &comparison);
};

} // namespace burstlab
