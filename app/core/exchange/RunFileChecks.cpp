#include "exchange/RunFileChecks.h"
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

// Two doubles the engine computed from the same integers, read back from
// JSON: equal but for the last digits.
bool same(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

// A rate as the file holds it, every digit shown ("392051097", not "3.92051e+08").
QString figure(double value) {
    return QString::number(value, 'g', 15);
}

double rateOf(qint64 packets, qint64 ns) {
    return ns > 0 ? double(packets) * 1e9 / double(ns) : 0;
}

QString figuresProblem(const StepResult &s) {
    if (!std::isfinite(s.pps) || s.pps < 0)
        return QStringLiteral("pps %1 is negative or not a number").arg(figure(s.pps));
    if (s.txPkts < 0 || s.elapsedNs < 0)
        return QStringLiteral("tx_pkts %1 or elapsed_ns %2 is negative")
            .arg(s.txPkts)
            .arg(s.elapsedNs);
    if (s.ppsAfterWarmup && (!std::isfinite(*s.ppsAfterWarmup) || *s.ppsAfterWarmup < 0))
        return QStringLiteral("pps_after_warmup %1 is negative or not a number")
            .arg(figure(*s.ppsAfterWarmup));
    return {};
}

QString pointProblem(const SweepSpec &spec, const Point &point) {
    if (point.values.size() != spec.axes.size())
        return QStringLiteral("a point of %1 values in a sweep of %2 axes")
            .arg(point.values.size())
            .arg(spec.axes.size());
    for (qsizetype a = 0; a < spec.axes.size(); ++a) {
        if (!spec.axes[a].values.contains(point.values[a]))
            return QStringLiteral("%1=%2 is not a value of the sweep (%3)")
                .arg(spec.axes[a].name, point.values[a].toString(), spec.axes[a].describe());
    }
    return {};
}

// A step the engine ran: its rate is its measured window's (docs/protocol.md,
// "The measured window"), each lcore's window pps is its packets over its
// time, and the step's counts are the finished message's.
QString measuredProblem(const StepResult &s, const StepFinished &f) {
    if (!same(s.pps, f.window.pps))
        return QStringLiteral("pps %1, but its measured window says %2")
            .arg(figure(s.pps))
            .arg(figure(f.window.pps));
    if (s.txPkts != f.counters.txPkts || s.elapsedNs != f.elapsedNs)
        return QStringLiteral("tx_pkts %1 in %2 ns, but the engine's totals say %3 in %4 ns")
            .arg(s.txPkts)
            .arg(s.elapsedNs)
            .arg(f.counters.txPkts)
            .arg(f.elapsedNs);
    if (f.window.txPkts > f.counters.txPkts || f.window.ns > f.elapsedNs)
        return QStringLiteral("a window of %1 packets in %2 ns inside a step of %3 in %4 ns")
            .arg(f.window.txPkts)
            .arg(f.window.ns)
            .arg(f.counters.txPkts)
            .arg(f.elapsedNs);
    double sum = 0;
    for (const LcoreFinished &l : f.lcores) {
        if (!same(l.window.pps, rateOf(l.window.txPkts, l.window.ns)))
            return QStringLiteral("lcore %1's window pps %2, but %3 packets in %4 ns are %5 pps")
                .arg(l.lcore)
                .arg(figure(l.window.pps))
                .arg(l.window.txPkts)
                .arg(l.window.ns)
                .arg(figure(rateOf(l.window.txPkts, l.window.ns)));
        sum += l.window.pps;
    }
    if (!f.lcores.isEmpty() && !same(f.window.pps, sum))
        return QStringLiteral("window pps %1, but its lcores' windows give %2")
            .arg(figure(f.window.pps))
            .arg(figure(sum));
    return {};
}

// A step an import recorded: pktgen's Result gives its rate with its own
// count and microseconds (pktgen's integer division: at most 1 pps below).
QString recordedProblem(const StepResult &s) {
    const QJsonValue pps = s.recorded.value(QStringLiteral("pps"));
    if (pps.isDouble() && !same(pps.toDouble(), s.pps))
        return QStringLiteral("pps %1, but the source recorded %2")
            .arg(figure(s.pps))
            .arg(figure(pps.toDouble()));
    if (!s.recorded.contains(QStringLiteral("tx_pkts")) ||
        !s.recorded.contains(QStringLiteral("elapsed_ns")) || s.elapsedNs <= 0)
        return {};
    const double exact = rateOf(s.txPkts, s.elapsedNs);
    if (s.pps > exact * (1 + 1e-9) || s.pps < exact - 1 - 1e-6 * exact)
        return QStringLiteral("pps %1, but %2 packets in %3 ns are %4 pps")
            .arg(figure(s.pps))
            .arg(s.txPkts)
            .arg(s.elapsedNs)
            .arg(exact, 0, 'f', 1);
    return {};
}

} // namespace

QString RunFileChecks::problem(const RunData &data) {
    const SweepSpec &spec = data.run.spec;
    for (qsizetype i = 0; i < data.steps.size(); ++i) {
        const StepResult &s = data.steps[i].result;
        QString why = figuresProblem(s);
        if (why.isEmpty())
            why = pointProblem(spec, s.point);
        if (why.isEmpty())
            why = s.measured ? measuredProblem(s, *s.measured) : recordedProblem(s);
        if (!why.isEmpty())
            return QStringLiteral("steps[%1] (%2, rep %3): %4")
                .arg(i)
                .arg(s.point.describe(spec.axisNames()))
                .arg(s.rep)
                .arg(why);
    }
    return {};
}

} // namespace burstlab
