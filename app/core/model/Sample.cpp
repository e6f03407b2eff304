#include "model/Sample.h"
#include "model/JsonReader.h"

namespace burstlab {

namespace {
// The counters in protocol order, so reading and writing cannot drift apart.
template <typename S, typename F> void forEachCounter(S &s, F &&f) {
    f(QStringLiteral("t_ns"), s.tNs);
    f(QStringLiteral("tx_pkts"), s.txPkts);
    f(QStringLiteral("tx_bytes"), s.txBytes);
    f(QStringLiteral("tx_calls"), s.txCalls);
    f(QStringLiteral("ring_full"), s.ringFull);
    f(QStringLiteral("retries"), s.retries);
    f(QStringLiteral("alloc_fail"), s.allocFail);
    f(QStringLiteral("busy_cycles"), s.busyCycles);
    f(QStringLiteral("rx_pkts"), s.rxPkts);
}
} // namespace

QJsonObject Sample::toJson() const {
    QJsonObject o;
    forEachCounter(*this, [&](const QString &key, qint64 value) { o.insert(key, value); });
    return o;
}

std::optional<Sample> Sample::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("stats"));
    in.require(QStringLiteral("t_ns"));
    Sample s;
    forEachCounter(s, [&](const QString &key, qint64 &value) {
        value = in.integer(key);
        if (value < 0)
            in.invalid(key, QStringLiteral("negative"));
    });
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
