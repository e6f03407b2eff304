#pragma once
#include "compare/Comparison.h"
#include "model/RunData.h"
#include <QString>
#include <optional>

namespace burstlab {

struct NetdevOptions {
    // The summary's pair of points; default: first and last of the series.
    std::optional<Point> summaryFrom;
    std::optional<Point> summaryTo;
    bool setupNotes = true;
    bool chart = true; // the plain-text charts (--no-chart leaves them out)
    // A comparison's host and setting differences whole, over as many lines
    // as they take (--full), rather than one line each.
    bool wholeDifferences = false;
    StatsOptions stats;
};

// Plain text for a netdev mailing-list post, in the seeds' format and
// arithmetic, at most 72 columns, no tabs.
//
// Every figure is the core's (Figure.h): a point's pps is the median of its
// valid repetitions, printed whole; ns/packet is 1e9 over it, printed to 2
// decimals; a delta is ns(previous or baseline) - ns(this) from those
// printed pps, so a reader can redo it. Positive = fewer ns = better; only
// a verdict calls a delta better or worse (seed 000's "(worse)" after every
// negative delta is not written).
//
// A run starts with what was run: device, lcores and queues, the sweep and
// how it was measured, the fixed parameters that differ from the engine's
// defaults and the `burstlab-cli sweep` command that runs it again. A run
// over a numeric axis then prints the sweep style of seed 000:
//    burst=2   tx:6942821 pps ( 35.46 ns)
// with the verdict of the delta when there are repetitions ("better",
// "worse", "within noise") and "[1 invalid]" where repetitions were left
// out; then the summary between the first and the last point:
//   burst=(1 vs 32) improvement:
//    (1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns
//     + 3330796 pps
// A run over a label axis (a patch series) prints the style of seed 002:
//    * patch4:   5,857,065 pps --> 170.73ns (  7.56ns)
// (seed 002 printed this - previous, -7.56; burstlab prints every delta the
// same way round). Then plain-text charts of the pps and of the deltas, the
// L2 and L1 bit rates of every point with the line rate (or why it was not
// checked), notes (CV, repetitions, invalid repetitions, above line rate,
// import warnings) and seed 000's setup notes.
struct NetdevExport {
    static constexpr int maxColumns = 72;
    // The width of a comparison's differences (Comparison::of) for this text:
    // one line each beside its mark (" ! "), or 0 (whole) with wholeDifferences.
    static int differenceWidth(const NetdevOptions &options) {
        return options.wholeDifferences ? 0 : maxColumns - 3;
    }
    static QString run(const RunData &data, const NetdevOptions &options = {});
    // The runs named by id and label, the baseline marked; each run's pps per
    // point and its deltas against the baseline with verdicts; charts; bit
    // rates; notes; setup notes of every run and the commands; and at the end
    // the seed-style summary of the largest change. Runs of one point each
    // print as a seed 002 style series against the baseline.
    static QString comparison(const Comparison &comparison, const NetdevOptions &options = {});
    // Comparison::ofPairs: the pairs listed, the correction their verdicts
    // share, then each pair's comparison under a heading of its own.
    static QString pairs(const QList<Comparison> &pairs, const NetdevOptions &options = {});
};

} // namespace burstlab
