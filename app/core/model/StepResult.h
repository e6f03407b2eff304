#pragma once
#include "model/Point.h"
#include "model/RunStatus.h"
#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace burstlab {

// One repetition at one point: the engine's `finished` totals as received
// plus the numbers derived from them that lists, statistics and exports use.
// pps and nsPerPkt are the repetition's rate: the engine's measured window
// (docs/protocol.md, "finished"), or for imported results the rate given.
struct StepResult {
    qint64 id = 0;
    qint64 runId = 0;
    Point point;
    int rep = 0; // 0-based repetition index at this point
    int seq = 0; // position in the executed (possibly randomised) order
    RunStatus status = RunStatus::Running;
    QDateTime started;
    QDateTime finished;
    QJsonObject totals; // the `finished` message (or imported fields)
    double pps = 0;
    double nsPerPkt = 0;
    qint64 txPkts = 0;
    qint64 elapsedNs = 0;
    double cyclesPerPkt = 0;
    // Stored by versions before the engine measured its own window: a rate
    // after the warm-up taken between the client's samples. Read from older
    // stores and exports so their figures do not change; never set now.
    std::optional<double> ppsAfterWarmup;
    QString error; // why the step failed, was interrupted or is invalid

    // Takes the totals and the rate from a `finished` message: its measured
    // window's pps and ns/packet. A message without a window (hand-made
    // totals) gives its whole-step pps, or tx_pkts over elapsed_ns.
    void applyFinished(const QJsonObject &finishedMessage);
    // THE rate of this repetition, which every statistic and output uses.
    double effectivePps() const { return ppsAfterWarmup.value_or(pps); }

    QJsonObject toJson() const;
    static std::optional<StepResult> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const StepResult &other) const = default;
};

} // namespace burstlab
