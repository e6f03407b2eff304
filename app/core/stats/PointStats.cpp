#include "stats/PointStats.h"
#include "stats/LineRate.h"
#include "stats/NsPerPacket.h"
#include <QHash>
#include <algorithm>

namespace burstlab {

namespace {

// Per-repetition pps of the completed steps, by point key, in first-seen order.
struct Grouped {
    QList<Point> points;
    QHash<QString, QList<double>> pps;
};

Grouped group(const QList<StepResult> &steps) {
    Grouped g;
    for (const StepResult &step : steps) {
        if (step.status != RunStatus::Completed)
            continue;
        const QString key = step.point.key();
        if (!g.pps.contains(key))
            g.points << step.point;
        g.pps[key] << step.effectivePps();
    }
    return g;
}

// Points sharing every value but the first belong to one series (one line
// in a chart, one table in a netdev post).
QList<AxisValue> seriesOf(const Point &point) {
    return point.values.mid(1);
}

QStringList warningsFor(const Summary &pps, const StatsOptions &options) {
    QStringList warnings;
    if (pps.n < options.minReps)
        warnings << QStringLiteral("%1 repetition%2 (fewer than %3)")
                        .arg(pps.n)
                        .arg(pps.n == 1 ? "" : "s")
                        .arg(options.minReps);
    if (pps.cv > options.cvThreshold)
        warnings << QStringLiteral("CV %1% above %2%")
                        .arg(pps.cv * 100, 0, 'f', 1)
                        .arg(options.cvThreshold * 100, 0, 'f', 1);
    return warnings;
}

} // namespace

StatsOptions StatsOptions::forRun(const Run &run) const {
    StatsOptions o = *this;
    if (const auto speed = run.linkSpeedMbps())
        o.linkMbps = speed;
    o.frameSize = run.frameSize();
    return o;
}

QList<PointStats> PointStats::ofRun(const RunData &data, const StatsOptions &options,
                                    const RunData *baseline) {
    return compute(data.results(), data.run.spec.points(), options.forRun(data.run),
                   baseline ? baseline->results() : QList<StepResult>{});
}

double PointStats::representativeNs() const {
    const double pps = representativePps();
    return pps > 0 ? 1e9 / pps : std::numeric_limits<double>::quiet_NaN();
}

QList<PointStats> PointStats::compute(const QList<StepResult> &steps, const QList<Point> &order,
                                      const StatsOptions &options,
                                      const QList<StepResult> &baseline) {
    const Grouped mine = group(steps);
    const Grouped base = group(baseline);
    QList<Point> points;
    for (const Point &p : order) {
        if (mine.pps.contains(p.key()))
            points << p;
    }
    for (const Point &p : mine.points) {
        if (!points.contains(p))
            points << p;
    }

    QList<PointStats> result;
    QHash<QString, qsizetype> lastInSeries; // series key -> index in result
    for (const Point &point : points) {
        PointStats s;
        s.point = point;
        s.pps = mine.pps.value(point.key());
        s.ppsSummary = Summary::of(s.pps);
        s.nsSummary = Summary::of(nsPerPacket(s.pps));
        const QString series = Point{seriesOf(point)}.key();
        if (const auto prev = lastInSeries.constFind(series); prev != lastInSeries.cend())
            s.vsPrevious = Delta::between(result[*prev].pps, s.pps, options.alpha);
        if (base.pps.contains(point.key()))
            s.vsBaseline = Delta::between(base.pps.value(point.key()), s.pps, options.alpha);
        if (options.linkMbps && !s.pps.isEmpty())
            s.aboveLineRate =
                LineRate::above(s.ppsSummary.max, *options.linkMbps, options.frameSize);
        s.warnings = warningsFor(s.ppsSummary, options);
        if (s.aboveLineRate)
            s.warnings << QStringLiteral("above line rate (%1 pps)")
                              .arg(qint64(LineRate::pps(*options.linkMbps, options.frameSize)));
        lastInSeries.insert(series, result.size());
        result << s;
    }
    return result;
}

} // namespace burstlab
