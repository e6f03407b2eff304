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

    // The protocol field names; a counter the engine did not measure (a
    // DpdkOnly one) is null.
    QJsonObject toJson() const;
    // Reads the protocol field names: a missing DpdkOnly counter is not
    // measured, any other missing counter 0. Rejects non-numeric or negative
    // values and a missing t_ns.
    static std::optional<Sample> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const Sample &other) const = default;

    // Calls f(protocol name, counter, need) for each counter in protocol
    // order: t_ns, TxCounters' list, rx_pkts. A counter is a qint64, or a
    // std::optional<qint64> for a DpdkOnly one. Every reader and writer of
    // samples (the stats parser, the store's columns, JSON) names them this
    // way.
    template <typename S, typename F> static void forEachCounter(S &s, F &&f) {
        f(QStringLiteral("t_ns"), s.tNs, FieldNeed::Required);
        TxCounters::fields(
            s,
            [&](const char *name, auto &value, FieldNeed need) {
                f(QLatin1String(name), value, need);
            },
            FieldNeed::Required);
        // With a sink only.
        f(QStringLiteral("rx_pkts"), s.rxPkts, FieldNeed::Optional);
    }
};

} // namespace burstlab
