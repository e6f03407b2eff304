#pragma once
#include "model/Point.h"
#include "model/RunStatus.h"
#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace burstlab {

// One repetition at one point: the engine's `finished` totals as received
// plus the numbers derived from them that lists, statistics and exports use.
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
    // pps over the samples after the warm-up, when the samples cover it.
    std::optional<double> ppsAfterWarmup;
    QString error;

    // Takes the totals and the derived numbers from a `finished` message;
    // ns/packet is 1e9/pps when the engine did not send it.
    void applyFinished(const QJsonObject &finishedMessage);
    // The pps statistics use: after warm-up when known, else the total.
    double effectivePps() const { return ppsAfterWarmup.value_or(pps); }

    QJsonObject toJson() const;
    static std::optional<StepResult> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const StepResult &other) const = default;
};

} // namespace burstlab
