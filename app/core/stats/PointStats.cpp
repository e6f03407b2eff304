#include "stats/PointStats.h"
#include "stats/Figure.h"
#include "stats/LineRate.h"
#include "stats/NetperfFigures.h"
#include "stats/NsPerPacket.h"
#include <QHash>
#include <QSet>
#include <algorithm>
#include <limits>

namespace burstlab {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// The completed and invalid steps by point key, points in first-seen order.
struct Grouped {
    QList<Point> points;
    QHash<QString, QList<StepResult>> steps;
};

Grouped group(const QList<StepResult> &steps) {
    Grouped g;
    for (const StepResult &step : steps) {
        if (step.status != RunStatus::Completed && step.status != RunStatus::Invalid)
            continue;
        const QString key = step.point.key();
        if (!g.steps.contains(key))
            g.points << step.point;
        g.steps[key] << step;
    }
    for (QList<StepResult> &list : g.steps)
        std::stable_sort(list.begin(), list.end(),
                         [](const StepResult &a, const StepResult &b) { return a.rep < b.rep; });
    return g;
}

QString invalidReason(const StepResult &step) {
    return step.error.isEmpty() ? QStringLiteral("no reason recorded") : step.error;
}

// Points sharing every value but the first belong to one series (one line
// in a chart, one table in a netdev post).
QString seriesKey(const Point &point) {
    return Point{point.values.mid(1)}.key();
}

QStringList warningsFor(const PointStats &s, const StatsOptions &options) {
    QStringList warnings;
    const int n = s.ppsSummary.n;
    if (n == 0 && !s.disturbance.counted.isEmpty()) {
        const QJsonValue netperf =
            s.disturbance.counted.first().recorded.value(QStringLiteral("netperf"));
        warnings << (netperf.isUndefined() ? PointStats::kProfileOnly : PointStats::kNetperfOnly);
        // An object the importer checked that no longer reads (the store
        // was edited since) is said, not dropped from every output unseen.
        if (QString error; !netperf.isUndefined() &&
                           !NetperfResult::fromJson(netperf.toObject(), &error))
            warnings << PointStats::kNetperfUnreadable + error;
    }
    else if (n == 0)
        warnings << QStringLiteral("no valid repetition");
    else if (n < options.minReps)
        warnings << QStringLiteral("%1 repetition%2 (fewer than %3)")
                        .arg(n)
                        .arg(n == 1 ? "" : "s")
                        .arg(options.minReps);
    if (s.ppsSummary.cv > options.cvThreshold)
        warnings << QStringLiteral("CV %1% above %2%")
                        .arg(s.ppsSummary.cv * 100, 0, 'f', 1)
                        .arg(options.cvThreshold * 100, 0, 'f', 1);
    if (s.invalid > 0)
        warnings << s.invalidText();
    if (const QString disturbed = s.disturbance.text(); !disturbed.isEmpty())
        warnings << disturbed;
    if (options.untilPrecise && !s.precision.warning().isEmpty())
        warnings << s.precision.warning();
    if (s.aboveLineRate)
        warnings << QStringLiteral("above line rate (%1 pps)").arg(std::llround(*s.linePps));
    if (s.belowTarget())
        warnings << s.belowTargetText();
    if (s.lossy())
        warnings << s.sink->warning();
    qint64 errors = 0;
    for (const StepResult &step : s.disturbance.counted) {
        if (step.measured)
            errors += step.measured->txErrors.value_or(0);
    }
    if (errors > 0)
        warnings << QStringLiteral("pktgen counted %1 errors: sends the device or its qdisc "
                                   "refused, not in tx_pkts or the pps")
                        .arg(errors);
    return warnings;
}

// Each device's figure where the steps sent on more than one.
QList<PointStats::DeviceFigure> devicesOf(const QList<StepResult> &counted) {
    QStringList names;
    QHash<QString, QList<double>> pps;
    for (const StepResult &step : counted) {
        if (!step.measured)
            continue;
        QHash<QString, double> sum;
        for (const LcoreFinished &l : step.measured->lcores) {
            if (const QString device = l.kernelDevice(); !device.isEmpty()) {
                if (!names.contains(device))
                    names << device;
                sum[device] += l.window.pps;
            }
        }
        for (auto it = sum.begin(); it != sum.end(); ++it)
            pps[it.key()] << it.value();
    }
    QList<PointStats::DeviceFigure> figures;
    if (names.size() > 1) {
        for (const QString &name : names)
            figures.append({name, Figure::pps(pps.value(name))});
    }
    return figures;
}

PointStats statsOf(const Point &point, const QList<StepResult> &steps,
                   const StatsOptions &options) {
    PointStats s;
    s.point = point;
    s.repetitions = steps;
    s.disturbance = Disturbance::of(steps, options.countingPolicy());
    s.pps = s.disturbance.countedPps;
    s.sink = SinkFigures::of(steps, s.disturbance);
    QSet<int> given; // repetition numbers, whatever became of them
    for (const StepResult &step : steps)
        given.insert(step.rep);
    for (const StepResult &step : steps) {
        if (step.measured && step.measured->parameter(QStringLiteral("rate_pps")) > 0) {
            s.targetPps = step.measured->parameter(QStringLiteral("rate_pps"));
            break;
        }
    }
    s.precision =
        Precision::of(s.pps, options.untilPrecise.value_or(PrecisionTarget{}), int(given.size()));
    for (const StepResult &step : steps) {
        if (step.status != RunStatus::Invalid)
            continue;
        ++s.invalid;
        if (!s.invalidReasons.contains(invalidReason(step)))
            s.invalidReasons << invalidReason(step);
    }
    s.ppsSummary = Summary::of(s.pps);
    s.nsSummary = Summary::of(nsPerPacket(s.pps));
    s.ppsFigure = Figure::pps(s.pps);
    QList<double> pktgen;
    for (const StepResult &step : s.disturbance.counted) {
        if (const auto own = step.measured ? step.measured->pktgenPps() : std::nullopt)
            pktgen << *own;
    }
    if (pktgen.size() == s.disturbance.counted.size())
        s.pktgenPpsFigure = Figure::pps(pktgen);
    s.devices = devicesOf(s.disturbance.counted);
    for (const StepResult &step : steps) {
        const QString note = step.recorded.value(QStringLiteral("note")).toString();
        if (!note.isEmpty() && !s.sourceNotes.contains(note))
            s.sourceNotes << note;
    }
    s.frameBytes = options.frameSizeAt(point);
    if (!s.frameBytes)
        s.frameUnknownReason = options.frameUnknownReason;
    if (options.linkMbps) {
        // Without a frame size the smallest frame bounds the rate: no frame
        // size puts more frames a second on the wire (seed 003's "too-high").
        const int frame = s.frameBytes.value_or(LineRate::kMinFrameWithoutFcs);
        s.linePps = LineRate::pps(*options.linkMbps, frame);
        s.aboveLineRate =
            s.ppsFigure && LineRate::above(double(*s.ppsFigure), *options.linkMbps, frame);
    }
    return s;
}

std::optional<Delta> deltaBetween(const PointStats &reference, const PointStats &current,
                                  double alpha) {
    if (!reference.ppsFigure || !current.ppsFigure)
        return std::nullopt;
    return Delta::between(reference.deltaSide(), current.deltaSide(), alpha);
}

// Holm's correction over each kind of delta of the run.
void correctFamilies(QList<PointStats> &stats) {
    QList<Delta *> previous, baseline;
    for (PointStats &s : stats) {
        if (s.vsPrevious)
            previous << &*s.vsPrevious;
        if (s.vsBaseline)
            baseline << &*s.vsBaseline;
    }
    Delta::correct(previous);
    Delta::correct(baseline);
}

} // namespace

StatsOptions StatsOptions::forRun(const Run &run) const {
    StatsOptions o = *this;
    if (const auto speed = run.linkSpeedMbps())
        o.linkMbps = speed;
    if (!o.linkMbps)
        o.linkUnknownReason = run.linkSpeedUnknownReason();
    o.frameSize = run.frameSize();
    o.frameUnknownReason = run.frameSizeUnknownReason();
    o.frameAxis = int(run.spec.axisNames().indexOf(QStringLiteral("pkt_size")));
    o.noise = run.spec.noise;
    o.untilPrecise = run.spec.untilPrecise;
    return o;
}

NoisePolicy StatsOptions::countingPolicy() const {
    NoisePolicy policy = noise;
    policy.excludeDisturbed = policy.excludeDisturbed || excludeDisturbed;
    return policy;
}

std::optional<int> StatsOptions::frameSizeAt(const Point &point) const {
    if (frameAxis >= 0 && frameAxis < point.values.size() && point.values[frameAxis].isNumber())
        return int(point.values[frameAxis].number());
    return frameSize;
}

QString PointStats::noRateReason() const {
    for (const QString &why : {kProfileOnly, kNetperfOnly}) {
        if (warnings.contains(why))
            return why;
    }
    return {};
}

std::optional<double> PointStats::nsFigure() const {
    return ppsFigure ? Figure::ns(*ppsFigure) : std::nullopt;
}

double PointStats::representativePps() const {
    return ppsFigure ? double(*ppsFigure) : nan;
}

double PointStats::representativeNs() const {
    return nsFigure().value_or(nan);
}

std::optional<double> PointStats::l2Bps() const {
    return ppsFigure && frameBytes ? std::optional(LineRate::l2Bps(double(*ppsFigure), *frameBytes))
                                   : std::nullopt;
}

std::optional<double> PointStats::l1Bps() const {
    return ppsFigure && frameBytes ? std::optional(LineRate::l1Bps(double(*ppsFigure), *frameBytes))
                                   : std::nullopt;
}

std::optional<double> PointStats::lineShare() const {
    if (!ppsFigure || !frameBytes || !linePps || *linePps <= 0)
        return std::nullopt;
    return double(*ppsFigure) / *linePps;
}

QString PointStats::sourceNoteText() const {
    return sourceNotes.isEmpty()
               ? QString()
               : QStringLiteral("the source notes: ") + sourceNotes.join(QStringLiteral("; "));
}

QStringList PointStats::notes() const {
    return sourceNotes.isEmpty() ? warnings : warnings + QStringList{sourceNoteText()};
}

QString PointStats::invalidText() const {
    if (invalid == 0)
        return {};
    QStringList reasons;
    for (const QString &reason : invalidReasons) {
        const auto count =
            std::count_if(repetitions.begin(), repetitions.end(), [&](const StepResult &step) {
                return step.status == RunStatus::Invalid && invalidReason(step) == reason;
            });
        reasons << (count > 1 ? QStringLiteral("%1 (%2x)").arg(reason).arg(count) : reason);
    }
    return QStringLiteral("%1 of %2 repetitions invalid: %3")
        .arg(invalid)
        .arg(repetitions.size())
        .arg(reasons.join(QStringLiteral("; ")));
}

bool PointStats::belowTarget() const {
    return targetPps && ppsFigure &&
           double(*ppsFigure) < (1 - kBelowTargetShare) * double(*targetPps);
}

QString PointStats::belowTargetText() const {
    return belowTarget() ? QStringLiteral("paced: %1 of %2 pps").arg(*ppsFigure).arg(*targetPps)
                         : QString();
}

DeltaSide PointStats::deltaSide() const {
    return {ppsFigure.value_or(0), pps, disturbance.disturbed > 0 && !disturbance.excluded,
            targetPps.has_value(), lossy()};
}

QString PointStats::correctionText(const QList<PointStats> &stats, bool vsBaseline) {
    QList<const Delta *> deltas;
    for (const PointStats &s : stats) {
        const std::optional<Delta> &d = vsBaseline ? s.vsBaseline : s.vsPrevious;
        if (d)
            deltas << &*d;
    }
    return Delta::correctionText(deltas);
}

QList<PointStats> PointStats::of(const Run &run, const QList<StepResult> &steps,
                                 const StatsOptions &view, const QList<PointStats> &baseline) {
    return compute(steps, run.spec.points(), view.forRun(run), baseline);
}

QList<PointStats> PointStats::ofRun(const RunData &data, const StatsOptions &view,
                                    const RunData *baseline) {
    return of(data.run, data.results(), view,
              baseline ? ofRun(*baseline, view) : QList<PointStats>{});
}

QList<PointStats> PointStats::compute(const QList<StepResult> &steps, const QList<Point> &order,
                                      const StatsOptions &options,
                                      const QList<PointStats> &baseline) {
    const Grouped mine = group(steps);
    QHash<QString, qsizetype> base; // point key -> index in baseline
    for (qsizetype i = 0; i < baseline.size(); ++i)
        base.insert(baseline[i].point.key(), i);
    QList<Point> points;
    for (const Point &p : order) {
        if (mine.steps.contains(p.key()))
            points << p;
    }
    for (const Point &p : mine.points) {
        if (!points.contains(p))
            points << p;
    }

    QList<PointStats> result;
    QHash<QString, qsizetype> lastInSeries; // series key -> index in result of one with a figure
    for (const Point &point : points) {
        PointStats s = statsOf(point, mine.steps.value(point.key()), options);
        const QString series = seriesKey(point);
        if (const auto prev = lastInSeries.constFind(series); prev != lastInSeries.cend())
            s.vsPrevious = deltaBetween(result[*prev], s, options.alpha);
        if (const auto at = base.constFind(point.key()); at != base.cend())
            s.vsBaseline = deltaBetween(baseline[*at], s, options.alpha);
        s.warnings = warningsFor(s, options);
        if (s.ppsFigure)
            lastInSeries.insert(series, result.size());
        result << s;
    }
    correctFamilies(result);
    return result;
}

std::optional<qint64> PointStats::bestPpsOf(const Run &run, const QList<StepResult> &steps) {
    // Of statsOf, only what a point's figure is made of: the repetitions its
    // noise policy counts. The runs list asks this of every run it shows.
    const NoisePolicy policy = StatsOptions{}.forRun(run).countingPolicy();
    const Grouped mine = group(steps);
    std::optional<qint64> best;
    for (const Point &point : mine.points) {
        const auto figure =
            Figure::pps(Disturbance::of(mine.steps.value(point.key()), policy).countedPps);
        if (figure && (!best || *figure > *best))
            best = figure;
    }
    return best;
}

std::optional<qint64> PointStats::bestPps(const QList<PointStats> &stats) {
    std::optional<qint64> best;
    for (const PointStats &s : stats) {
        if (s.ppsFigure && (!best || *s.ppsFigure > *best))
            best = s.ppsFigure;
    }
    return best;
}

} // namespace burstlab

namespace burstlab {

bool PointStats::anySink(const QList<PointStats> &stats) {
    return std::any_of(stats.begin(), stats.end(),
                       [](const PointStats &s) { return s.sink.has_value(); });
}

bool PointStats::anyLatency(const QList<PointStats> &stats) {
    return std::any_of(stats.begin(), stats.end(),
                       [](const PointStats &s) { return s.sink && s.sink->latency; });
}

} // namespace burstlab
