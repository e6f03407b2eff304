#pragma once
#include "model/RunData.h"
#include "stats/PointStats.h"
#include <QList>
#include <QStringList>

namespace burstlab {

// Several runs side by side, the first being the baseline: every point any
// run has (in the baseline's order, then the others'), and for each run its
// statistics at that point with the delta against the baseline. Points are
// matched by the value of every parameter any of the runs sweeps, a run's
// fixed value standing in where it does not sweep one (compare/RunMatch).
struct Comparison {
    QList<RunData> runs;
    QList<Point> points;
    QStringList axisNames;
    // cells[run][point]: nullopt where that run has no completed step there.
    QList<QList<std::optional<PointStats>>> cells;
    // "hosts differ: governor: #1 performance, #2 powersave": what can move
    // the figures (HostDiff), one line per item that differs, each run's
    // against the baseline's in the runs' order; then "hosts: recorded only
    // in #1, not in #2: OS; kernel" for what one of them did not record.
    QStringList hostDifferences;
    // "between runs: ...", the same for what came and went
    // between the runs on one host (load, a desktop session): listed apart,
    // not a caveat.
    QStringList transientDifferences;
    // "clone: 0 in baseline, 64 in patch2": settings that differ without
    // placing points (fixed parameters, step length, port, lcores).
    QStringList settingDifferences;
    // "patch2 shares no point with baseline: clone is 0 in baseline but 64 in
    // patch2", for every run with no point in common with the baseline.
    QStringList unmatched;

    // What a reader must know before trusting the comparison: the host,
    // setting and unmatched lines above, in that order.
    QStringList caveats() const { return hostDifferences + settingDifferences + unmatched; }

    // The deltas against the baseline, of every run, are one family for
    // Holm's correction (Delta::correct): the comparison is one table.
    // width: each difference and caveat at most that many characters, long
    // values cut in their middle (TextFit; 0, for the GUI and JSON: whole).
    static Comparison of(const QList<RunData> &runs, const StatsOptions &options = {},
                         int width = 0);
    // Runs taken two at a time, each second run against the first (seed
    // 004's sizes, each with and without gro): one comparison per pair, and
    // the deltas of all the pairs one family for Holm's correction, since
    // they are read as one answer. runs holds an even number of runs.
    static QList<Comparison> ofPairs(const QList<RunData> &runs, const StatsOptions &options = {},
                                     int width = 0);
    // Delta::correctionText of the deltas against the baseline.
    QString correctionText() const;
    // "patch2" (label) or else the name, or "run 7" (Run::title).
    static QString runTitle(const Run &run);
    // "#7 patch2": the id and the title, so two runs with one label never
    // print alike; a run not stored yet has no id.
    static QString runName(const Run &run);
    // "#7" for where a line has little room (charts, a table's column);
    // a run not stored yet by its place: "[2]".
    QString tag(qsizetype run) const;
    // runName of every run in order; a name given twice gets " (2)", " (3)".
    QStringList names() const;

    // The biggest change against the baseline: the (run, point) whose delta
    // has the largest |ns| among those called better or worse, for the
    // comparison's closing summary; nullopt when none is.
    struct Change {
        qsizetype run = 0;
        qsizetype point = 0;
    };
    std::optional<Change> largestChange() const;
};

} // namespace burstlab
