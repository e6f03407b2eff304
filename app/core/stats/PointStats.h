#pragma once
#include "model/Point.h"
#include "model/RunData.h"
#include "model/StepResult.h"
#include "stats/Delta.h"
#include "stats/Disturbance.h"
#include "stats/Precision.h"
#include "stats/SinkFigures.h"
#include "stats/Summary.h"
#include <QList>
#include <QStringList>
#include <optional>

namespace burstlab {

struct StatsOptions {
    int minReps = 3;
    double cvThreshold = 0.02; // 2%
    double alpha = 0.05;
    std::optional<double> linkMbps; // for the line-rate check
    QString linkUnknownReason;      // why there is no linkMbps ("net_null0 has no wire")
    // Without FCS; none where the run does not say (an import whose source
    // states none), and then why (Run::frameSizeUnknownReason).
    std::optional<int> frameSize = 60;
    QString frameUnknownReason;
    int frameAxis = -1; // the pkt_size axis, when the sweep varies it
    NoisePolicy noise;  // which repetitions are disturbed, and whether they count
    // A view option (--exclude-disturbed on show, compare, export): leave
    // disturbed repetitions out as well, whatever the run's policy says. It
    // only adds to the run's policy, never takes from it (docs/cli.md).
    bool excludeDisturbed = false;
    // The run's "--reps auto" target; without one, precision is judged
    // against the default target and never warned about.
    std::optional<PrecisionTarget> untilPrecise;

    // These options (the view's) with the run's own stored ones: its frame
    // size (a fixed pkt_size, or the pkt_size axis), its link speed
    // (Run::linkSpeedMbps) or why it has none, and its noise policy and
    // precision target.
    StatsOptions forRun(const Run &run) const;
    // The run's noise policy with the view's exclusion added: which
    // repetitions count towards a point's figure.
    NoisePolicy countingPolicy() const;
    // The frame size of one point: its pkt_size value, else frameSize.
    std::optional<int> frameSizeAt(const Point &point) const;
};

// Statistics of one point over its repetitions. Only completed repetitions
// are valid; invalid ones (RunStatus::Invalid, reason in StepResult::error)
// are counted and named, never averaged in. Disturbed ones (Disturbance)
// are counted and named, and left out when the policy says so; a disturbed
// attempt that was run again is replaced by the later attempt.
struct PointStats {
    Point point;
    QList<StepResult> repetitions; // completed and invalid steps here, by repetition
    QList<double> pps;             // the counted repetitions' StepResult::effectivePps
    int invalid = 0;
    Disturbance disturbance; // disturbed and replaced repetitions, per step of repetitions
    Precision precision;     // of the counted repetitions' ns/packet
    // What the RX sink saw of the point's repetitions; none without a sink.
    std::optional<SinkFigures> sink;
    QStringList invalidReasons; // distinct, in the order they happened
    // What an import's source wrote beside this point's rows (seed 002's
    // "TXSZ=1024"): distinct, in the source's order; shown as the point's note.
    QStringList sourceNotes;
    Summary ppsSummary;
    Summary nsSummary; // of 1e9/pps per valid repetition
    // The point's figure (Figure.h): median pps of the valid repetitions,
    // rounded. nullopt when no repetition is valid.
    std::optional<qint64> ppsFigure;
    // Kernel pktgen's own rate of the point, from its Result lines: the
    // median of the counted repetitions' StepFinished::pktgenPps, rounded
    // as ppsFigure is. It and ppsFigure are two readings of the same
    // packets and microseconds, so they differ by pktgen's rounding only;
    // nullopt for a DPDK run.
    std::optional<qint64> pktgenPpsFigure;
    // A pktgen run on several devices: each device's pps (the median over
    // the counted repetitions of its entries' windows' pps, which sum to
    // the step's), in the order the engine lists them; empty with one.
    struct DeviceFigure {
        QString device;
        std::optional<qint64> pps;
    };
    QList<DeviceFigure> devices;
    std::optional<int> frameBytes = 60; // none: the source states no frame size
    QString frameUnknownReason;         // why frameBytes is none
    std::optional<double> linePps;      // line rate at this frame size; none: not checked
    bool aboveLineRate = false;
    // The rate its steps were paced to (their rate_pps), when they were:
    // the rate is then an input, and its deltas are not judged (Delta).
    std::optional<qint64> targetPps;
    // The deltas against the previous point of the series and against the
    // baseline; each kind over a run is one family for Holm's correction.
    std::optional<Delta> vsPrevious; // none for the first point of a series
    std::optional<Delta> vsBaseline; // with a baseline run having this point
    // "2 repetitions (fewer than 3)", "CV 3.1% above 2.0%", "1 of 3
    // repetitions invalid: ...", "2 of 5 repetitions disturbed (...)",
    // "precision 2.31% not reached (...)", "above line rate (14880952 pps)",
    // "paced: 93155 of 100000 pps", "lossy: 288 of 70000 packets lost
    // (0.41%, above 0.1%)"
    QStringList warnings;

    // The warnings of a point whose repetitions count without a rate: an
    // imported perf table alone, which states no pps, or a netperf table,
    // whose figures are in other units (stats/NetperfFigures).
    static inline const QString kProfileOnly =
        QStringLiteral("no pps: the source states a profile only");
    static inline const QString kNetperfOnly =
        QStringLiteral("no pps: the source states netperf's figures (transactions or "
                       "throughput, not packets)");
    // The start of the warning for a stored netperf object that no longer
    // reads as one; the reader's error follows it.
    static inline const QString kNetperfUnreadable =
        QStringLiteral("netperf figures unreadable, left out: ");
    // The one of those among the point's warnings, or empty.
    QString noRateReason() const;
    // A paced point whose figure is more than this share below its target.
    static constexpr double kBelowTargetShare = 0.01;

    // 1e9 / ppsFigure; nullopt without a figure or for 0 pps.
    std::optional<double> nsFigure() const;
    // The figures as doubles for charts and sort keys: NaN without them.
    double representativePps() const;
    double representativeNs() const;
    // Bit rates of the figure (LineRate::l2Bps, l1Bps) at this point's frame
    // size; none without a figure or a frame size.
    std::optional<double> l2Bps() const;
    std::optional<double> l1Bps() const;
    // The figure as a share of the line rate (1.0 = wire speed); nullopt when
    // the line rate is not checked.
    std::optional<double> lineShare() const;
    // "the source notes: TXSZ=1024", or empty without sourceNotes.
    QString sourceNoteText() const;
    // The warnings and the source's note: what a point's notes column shows.
    QStringList notes() const;
    // "1 of 3 repetitions invalid: ring full", or empty when none is.
    QString invalidText() const;
    // Paced, and its figure more than kBelowTargetShare below the target.
    bool belowTarget() const;
    // "paced: 93155 of 100000 pps" when belowTarget(), else empty.
    QString belowTargetText() const;
    // More than SinkFigures::kLossyShare of its packets lost on the way to
    // the sink.
    bool lossy() const { return sink && sink->lossy(); }
    // This point as one side of a delta.
    DeltaSide deltaSide() const;

    // One entry per point that has completed or invalid steps, in the order
    // of points (sweep order when given, else first appearance). The previous
    // point is the previous one with a figure in the same series (same
    // values on axes 2..n); the baseline's point is the one with the same
    // values in baseline, statistics judged under the baseline's own options.
    static QList<PointStats> compute(const QList<StepResult> &steps, const QList<Point> &order = {},
                                     const StatsOptions &options = {},
                                     const QList<PointStats> &baseline = {});
    // THE statistics of a run, which every output prints: compute() over its
    // steps in its sweep order under its own stored options with the view's
    // (StatsOptions::forRun), against an optional baseline run's statistics
    // under the baseline's own stored options with the same view.
    static QList<PointStats> of(const Run &run, const QList<StepResult> &steps,
                                const StatsOptions &view = {},
                                const QList<PointStats> &baseline = {});
    static QList<PointStats> ofRun(const RunData &data, const StatsOptions &view = {},
                                   const RunData *baseline = nullptr);
    // Delta::correctionText of the run's deltas against the previous point,
    // or against the baseline.
    static QString correctionText(const QList<PointStats> &stats, bool vsBaseline);
    // The highest point figure: what the run list shows as its best pps.
    static std::optional<qint64> bestPps(const QList<PointStats> &stats);
    // The same of a run's steps under its own stored options, without the
    // deltas, verdicts and warnings that a list of runs does not show: each
    // point's figure as of() computes it.
    static std::optional<qint64> bestPpsOf(const Run &run, const QList<StepResult> &steps);
    // The version of what bestPpsOf is made of: a store keeps a run's best
    // figure with the version that made it, and makes it again when they
    // differ. Raise it whenever a point's figure changes (2: a stored step
    // that states no rate, a perf or netperf import, counts without one).
    static constexpr int kBestPpsFormula = 2;
    // Whether any point has sink figures (the run had a sink), and latency
    // figures (the sink had timestamps): outputs add their columns then only.
    static bool anySink(const QList<PointStats> &stats);
    static bool anyLatency(const QList<PointStats> &stats);
};

} // namespace burstlab
