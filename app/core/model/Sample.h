#pragma once
#include "model/TxCounters.h"
#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <optional>

namespace burstlab {

// One engine `stats` line: cumulative counters since the step started.
struct Sample : TxCounters {
    qint64 stepId = 0;
    qint64 tNs = 0;
    qint64 rxPkts = 0; // with a sink only

    // Protocol field names (t_ns, tx_pkts, ...); stepId is not included.
    QJsonObject toJson() const;
    // Reads the protocol field names; a missing counter is 0. Rejects
    // non-numeric or negative values and a missing t_ns.
    static std::optional<Sample> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const Sample &other) const = default;

    // Calls f(protocol name, counter) for each counter in protocol order:
    // t_ns, TxCounters' list, rx_pkts. Every reader and writer of samples
    // (the stats parser, the store's columns, JSON) names them this way.
    template <typename S, typename F> static void forEachCounter(S &s, F &&f) {
        f(QStringLiteral("t_ns"), s.tNs);
        TxCounters::fields(
            s, [&](const char *name, auto &value, FieldNeed) { f(QLatin1String(name), value); },
            FieldNeed::Required);
        f(QStringLiteral("rx_pkts"), s.rxPkts);
    }
};

} // namespace burstlab
