#pragma once
#include "model/StepResult.h"
#include "stats/Disturbance.h"
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// The one-way latency of a point's packets, from its repetitions' figures
// (the engine sends each step's median, p99 and max, not its histogram):
// p50 is the median of the steps' medians, p99 and max the highest of the
// steps', min the lowest, samples their sum.
struct LatencySummary {
    qint64 samples = 0;
    qint64 min = 0;
    qint64 p50 = 0;
    qint64 p99 = 0;
    qint64 max = 0;

    // "p50 1834 ns, p99 5120 ns, max 40213 ns"
    QString text() const;
    bool operator==(const LatencySummary &other) const = default;
};

// What the RX sink saw of one point (docs/protocol.md, "The sink's
// figures"): the sums over the repetitions the point's pps counts
// (Disturbance: completed, not replaced by a later attempt, and not
// disturbed when the disturbed are left out), so every output prints the
// same numbers. A point is lossy when more than
// kLossyShare of the packets its repetitions sent were lost on the path
// (rx_lost, not what the sink's own port dropped): flagged in every output
// as a disturbed one is, and its deltas get the verdict "lossy".
struct SinkFigures {
    static constexpr double kLossyShare = 0.001; // 0.1%

    int repetitions = 0; // with sink figures
    qint64 sent = 0;     // tx_pkts
    qint64 received = 0; // rx_pkts
    qint64 lost = 0;     // rx_lost: sent, never reached the sink's port
    qint64 dropped = 0;  // rx_dropped: reached the port, dropped before the sink read them
    qint64 foreign = 0;
    qint64 late = 0;
    qint64 duplicates = 0;
    qint64 reordered = 0;
    // Received and dropped beyond what was sent: frames a receiving kernel
    // device counted that the step did not send (its counters count every
    // frame, whoever sent it). So sent = received + dropped + lost - surplus,
    // and a reader can redo the sum.
    qint64 surplus = 0;
    std::optional<LatencySummary> latency; // with timestamps, when any arrived

    // lost / sent; 0 when nothing was sent.
    double lossShare() const;
    bool lossy() const { return lossShare() > kLossyShare; }
    // "0.41%": lossShare() as every output prints it.
    QString lossPercent() const { return percent(lossShare()); }
    // A share as every output prints a loss: 0.0041 -> "0.41%".
    static QString percent(double share);
    // kLossyShare as every output names it: "0.1%".
    static QString lossyThreshold();
    // "lossy: 288 of 70000 packets lost (0.41%, above 0.1%)", or empty when
    // not lossy: the point's warning.
    QString warning() const;
    // The figures that are not 0, for a note: "lost 288 (0.41%), dropped at
    // the sink 12, foreign 3, counted beyond sent 2"; empty when every one is 0.
    QString note() const;

    // The point's figures, or nullopt when none of its repetitions had a
    // sink. steps and disturbance: PointStats' (Disturbance::of over steps).
    static std::optional<SinkFigures> of(const QList<StepResult> &steps,
                                         const Disturbance &disturbance);
    // What the latency figures can resolve, from the run's hello:
    // "one-way on this host; TSC 2445.41 MHz (0.41 ns a tick), read once per
    // TX burst and once per receive poll; p50 and p99 within 3.1%
    // (histogram buckets), min and max exact". Empty without a tsc_hz.
    static QString clockText(const QJsonObject &hello);
};

} // namespace burstlab
