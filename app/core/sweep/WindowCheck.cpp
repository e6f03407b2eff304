#include "sweep/WindowCheck.h"

#include <cmath>

namespace burstlab {
namespace {

QString ms(qint64 ns) {
    return QString::number(double(ns) / 1e6, 'g', 10);
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b));
}

// The calls to the driver in the window: an engine without tx_calls is
// pktgen's, whose calls are its packets (WindowCheck::packetsPerCall).
qint64 driverCalls(const WindowFigures &w) {
    return w.txCalls.value_or(w.txPkts);
}

// The window against the step's own totals and its lcores' windows.
QString inconsistency(const StepFinished &f) {
    const MeasuredWindow &w = f.window;
    const bool moreCalls = w.txCalls && f.counters.txCalls && *w.txCalls > *f.counters.txCalls;
    if (w.txPkts > f.counters.txPkts || moreCalls || w.endNs > f.elapsedNs || w.ns > f.elapsedNs ||
        w.startNs + w.ns > w.endNs)
        return QStringLiteral("the measured window (%1 packets, %2 to %3 ns) does not lie within "
                              "the step (%4 packets, %5 ns)")
            .arg(w.txPkts)
            .arg(w.startNs)
            .arg(w.endNs)
            .arg(f.counters.txPkts)
            .arg(f.elapsedNs);
    const qint64 size = f.parameter(QStringLiteral("pkt_size"));
    if (w.txBytes != w.txPkts * size)
        return QStringLiteral("the measured window's %1 bytes are not its %2 packets of %3 bytes")
            .arg(w.txBytes)
            .arg(w.txPkts)
            .arg(size);
    qint64 lcorePkts = 0;
    qint64 longest = 0;
    double lcorePps = 0;
    for (const LcoreFinished &l : f.lcores) {
        const qint64 p = l.window.txPkts;
        if (p == 0)
            continue;
        const qint64 n = l.window.ns;
        if (n <= 0)
            return QStringLiteral("an lcore's window holds %1 packets in %2 ns").arg(p).arg(n);
        lcorePkts += p;
        longest = std::max(longest, n);
        lcorePps += double(p) * 1e9 / double(n);
    }
    if (lcorePkts != w.txPkts)
        return QStringLiteral("the lcores' windows hold %1 packets, the step's window %2")
            .arg(lcorePkts)
            .arg(w.txPkts);
    if (!std::isfinite(w.pps) || !near(w.pps, lcorePps))
        return QStringLiteral("the window's %1 pps are not the sum of its lcores' %2 pps")
            .arg(w.pps, 0, 'f', 1)
            .arg(lcorePps, 0, 'f', 1);
    if (double(w.ns) < WindowCheck::kMinOverlap * double(longest))
        return QStringLiteral("the TX lcores were in their windows together for %1 ms of the "
                              "longest window's %2 ms")
            .arg(ms(w.ns), ms(longest));
    return {};
}

// 1, 2 or 5 times a power of ten, at least n.
qint64 roundUpToNice(double n) {
    qint64 decade = 1;
    for (;;) {
        for (qint64 step : {1, 2, 5}) {
            if (double(step * decade) >= n)
                return step * decade;
        }
        decade *= 10;
    }
}

} // namespace

std::optional<qint64> WindowCheck::countToTry(const StepFinished &f) {
    const MeasuredWindow &w = f.window;
    if (f.reason != QLatin1String("count") || w.txPkts <= 0 || w.ns <= 0 ||
        (driverCalls(w) >= kMinTxCalls && w.ns >= kMinNs))
        return std::nullopt;
    // Both minimums, scaled from what the window held.
    const double perCall = double(w.txPkts) / double(driverCalls(w));
    const double forCalls = double(kMinTxCalls) * perCall;
    const double forTime = w.pps * double(kMinNs) / 1e9;
    return roundUpToNice(kSuggestedWindows * std::max(forCalls, forTime));
}

QString WindowCheck::problem(const StepFinished &f) {
    const MeasuredWindow &w = f.window;
    if (w.txPkts <= 0)
        return QStringLiteral("no packet was sent after the %1 ms warm-up").arg(w.warmupMs);
    if (driverCalls(w) < kMinTxCalls)
        return QStringLiteral("the measured window holds %1 %2, fewer than %3")
            .arg(driverCalls(w))
            .arg(w.txCalls ? QStringLiteral("tx_burst calls") : QStringLiteral("packets"))
            .arg(kMinTxCalls);
    if (w.ns < kMinNs)
        return QStringLiteral("the measured window lasts %1 ms, less than %2 ms")
            .arg(ms(w.ns), ms(kMinNs));
    const qint64 afterWarmupNs =
        (f.parameter(QStringLiteral("duration_ms")) - w.warmupMs) * 1000000;
    if (f.reason != QLatin1String("count") &&
        double(w.ns) < kMinPlannedShare * double(afterWarmupNs))
        return QStringLiteral("the measured window lasts %1 ms, less than half of the %2 ms "
                              "after the warm-up")
            .arg(ms(w.ns), ms(afterWarmupNs));
    return inconsistency(f);
}

} // namespace burstlab
