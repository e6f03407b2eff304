#include "sweep/WindowCheck.h"

#include <QJsonArray>
#include <cmath>

namespace burstlab {
namespace {

qint64 integer(const QJsonObject &o, const char *key) {
    return o.value(QLatin1String(key)).toInteger();
}

QString ms(qint64 ns) {
    return QString::number(double(ns) / 1e6, 'g', 10);
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b));
}

// The window against the step's own totals and its lcores' windows.
QString inconsistency(const QJsonObject &f, const QJsonObject &w) {
    const qint64 pkts = integer(w, "tx_pkts");
    const qint64 ns = integer(w, "ns");
    if (pkts > integer(f, "tx_pkts") || integer(w, "tx_calls") > integer(f, "tx_calls") ||
        integer(w, "end_ns") > integer(f, "elapsed_ns") || ns > integer(f, "elapsed_ns") ||
        integer(w, "start_ns") + ns > integer(w, "end_ns"))
        return QStringLiteral("the measured window (%1 packets, %2 to %3 ns) does not lie within "
                              "the step (%4 packets, %5 ns)")
            .arg(pkts)
            .arg(integer(w, "start_ns"))
            .arg(integer(w, "end_ns"))
            .arg(integer(f, "tx_pkts"))
            .arg(integer(f, "elapsed_ns"));
    const qint64 size =
        f.value(QLatin1String("params")).toObject().value(QLatin1String("pkt_size")).toInteger();
    if (integer(w, "tx_bytes") != pkts * size)
        return QStringLiteral("the measured window's %1 bytes are not its %2 packets of %3 bytes")
            .arg(integer(w, "tx_bytes"))
            .arg(pkts)
            .arg(size);
    qint64 lcorePkts = 0;
    qint64 longest = 0;
    double lcorePps = 0;
    for (const QJsonValue &v : f.value(QLatin1String("lcores")).toArray()) {
        const QJsonObject lw = v.toObject().value(QLatin1String("window")).toObject();
        const qint64 p = integer(lw, "tx_pkts");
        if (p == 0)
            continue;
        const qint64 n = integer(lw, "ns");
        if (n <= 0)
            return QStringLiteral("an lcore's window holds %1 packets in %2 ns").arg(p).arg(n);
        lcorePkts += p;
        longest = std::max(longest, n);
        lcorePps += double(p) * 1e9 / double(n);
    }
    if (lcorePkts != pkts)
        return QStringLiteral("the lcores' windows hold %1 packets, the step's window %2")
            .arg(lcorePkts)
            .arg(pkts);
    const double pps = w.value(QLatin1String("pps")).toDouble();
    if (!std::isfinite(pps) || !near(pps, lcorePps))
        return QStringLiteral("the window's %1 pps are not the sum of its lcores' %2 pps")
            .arg(pps, 0, 'f', 1)
            .arg(lcorePps, 0, 'f', 1);
    if (double(ns) < WindowCheck::kMinOverlap * double(longest))
        return QStringLiteral("the TX lcores were in their windows together for %1 ms of the "
                              "longest window's %2 ms")
            .arg(ms(ns), ms(longest));
    return {};
}

} // namespace

QString WindowCheck::problem(const QJsonObject &f) {
    const QJsonValue windowValue = f.value(QLatin1String("window"));
    if (!windowValue.isObject())
        return QStringLiteral("the engine reported no measured window");
    const QJsonObject w = windowValue.toObject();
    const QJsonObject params = f.value(QLatin1String("params")).toObject();
    const qint64 warmupMs = integer(params, "warmup_ms");
    if (integer(w, "tx_pkts") <= 0)
        return QStringLiteral("no packet was sent after the %1 ms warm-up").arg(warmupMs);
    if (integer(w, "tx_calls") < kMinTxCalls)
        return QStringLiteral("the measured window holds %1 tx_burst calls, fewer than %2")
            .arg(integer(w, "tx_calls"))
            .arg(kMinTxCalls);
    const qint64 ns = integer(w, "ns");
    if (ns < kMinNs)
        return QStringLiteral("the measured window lasts %1 ms, less than %2 ms")
            .arg(ms(ns), ms(kMinNs));
    const qint64 afterWarmupNs = (integer(params, "duration_ms") - warmupMs) * 1000000;
    if (f.value(QLatin1String("reason")).toString() != QLatin1String("count") &&
        double(ns) < kMinPlannedShare * double(afterWarmupNs))
        return QStringLiteral("the measured window lasts %1 ms, less than half of the %2 ms "
                              "after the warm-up")
            .arg(ms(ns), ms(afterWarmupNs));
    return inconsistency(f, w);
}

} // namespace burstlab
