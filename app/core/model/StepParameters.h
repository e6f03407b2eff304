#pragma once
#include <QList>
#include <QString>
#include <QtGlobal>
#include <optional>

namespace burstlab {

// A numeric engine step parameter as docs/protocol.md documents it: its
// inclusive range and its default.
struct StepParameter {
    QString name;
    qint64 min = 0;
    qint64 max = 0;
    qint64 defaultValue = 0;
};

// The documented step parameters, for validating and pre-filling a sweep
// before an engine has said hello; the hello's own limits (which include the
// port's) take over once it has.
struct StepParameters {
    // burst, clone, pkt_size, queues, tx_desc, rate_pps, flows, duration_ms,
    // warmup_ms, stats_ms, in that order.
    static const QList<StepParameter> &documented();
    static std::optional<StepParameter> find(const QString &name);
};

} // namespace burstlab
