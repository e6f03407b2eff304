#include "model/ThreadUsage.h"
#include "model/JsonReader.h"

namespace burstlab {

std::optional<ThreadUsage> ThreadUsage::fromJson(const QJsonObject &o, QString *error) {
    JsonReader in(o, QStringLiteral("finished.thread"));
    ThreadUsage t;
    // Every field is there; steal_ns and max_steal_share are null where the
    // kernel gives no steal.
    for (const char *key : {"lcores", "wall_ns", "on_cpu_ns", "min_cpu_share",
                            "involuntary_switches", "voluntary_switches", "steal_ns",
                            "max_steal_share", "cpu_pps", "cpu_ns_per_pkt"})
        in.require(QLatin1String(key));
    t.lcores = in.integer(QStringLiteral("lcores"));
    t.wallNs = in.integer(QStringLiteral("wall_ns"));
    t.onCpuNs = in.integer(QStringLiteral("on_cpu_ns"));
    t.minCpuShare = in.number(QStringLiteral("min_cpu_share"));
    t.involuntarySwitches = in.integer(QStringLiteral("involuntary_switches"));
    t.voluntarySwitches = in.integer(QStringLiteral("voluntary_switches"));
    if (const auto steal = in.optionalNumber(QStringLiteral("steal_ns")))
        t.stealNs = qint64(*steal);
    t.maxStealShare = in.optionalNumber(QStringLiteral("max_steal_share"));
    t.cpuPps = in.number(QStringLiteral("cpu_pps"));
    t.cpuNsPerPkt = in.number(QStringLiteral("cpu_ns_per_pkt"));
    if (in.ok() && (t.lcores < 1 || t.wallNs <= 0 || t.minCpuShare < 0))
        in.invalid(QStringLiteral("lcores"),
                   QStringLiteral("a thread figure for no lcore or no time"));
    if (!in.finish(error))
        return std::nullopt;
    return t;
}

std::optional<ThreadUsage> ThreadUsage::ofTotals(const QJsonObject &totals) {
    const QJsonValue thread = totals.value(QLatin1String("thread"));
    if (!thread.isObject())
        return std::nullopt;
    return fromJson(thread.toObject(), nullptr);
}

} // namespace burstlab
