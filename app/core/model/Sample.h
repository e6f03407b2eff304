#pragma once
#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <optional>

namespace burstlab {

// One engine `stats` line: cumulative counters since the step started.
struct Sample {
    qint64 stepId = 0;
    qint64 tNs = 0;
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    qint64 txCalls = 0;
    qint64 ringFull = 0;
    qint64 retries = 0;
    qint64 allocFail = 0;
    qint64 busyCycles = 0;
    qint64 rxPkts = 0;

    // Protocol field names (t_ns, tx_pkts, ...); stepId is not included.
    QJsonObject toJson() const;
    // Reads the protocol field names; a missing counter is 0. Rejects
    // non-numeric or negative values and a missing t_ns.
    static std::optional<Sample> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const Sample &other) const = default;

    // Calls f(protocol name, counter) for each counter in protocol order, so
    // every reader and writer of the fields names them the same way.
    template <typename S, typename F> static void forEachCounter(S &s, F &&f) {
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
};

} // namespace burstlab
