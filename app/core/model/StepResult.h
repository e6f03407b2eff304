#pragma once
#include "model/Point.h"
#include "model/RunStatus.h"
#include "model/StepFinished.h"
#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace burstlab {

// One repetition at one point: what the engine measured (its finished
// message, typed) or what an import's source recorded, plus the numbers
// derived from them that lists, statistics and exports use. pps is the
// repetition's rate: the engine's measured window (docs/protocol.md,
// "finished"), or for imported results the rate given; its ns/packet is
// derived from it, never stored.
struct StepResult {
    qint64 id = 0;
    qint64 runId = 0;
    Point point;
    int rep = 0; // 0-based repetition index at this point
    int seq = 0; // position in the executed (possibly randomised) order
    RunStatus status = RunStatus::Running;
    QDateTime started;
    QDateTime finished;
    // The engine's finished message, for a step the engine ran.
    std::optional<StepFinished> measured;
    // What a source recorded when it is not a finished message this version
    // reads: an import's fields (its line, note, pktgen's own figures), or
    // the totals of an engine that spoke protocol version 1.
    QJsonObject recorded;
    double pps = 0;
    qint64 txPkts = 0;
    qint64 elapsedNs = 0;
    std::optional<double> cyclesPerPkt; // DPDK's engine only: empty where not measured
    // Stored by versions before the engine measured its own window: a rate
    // after the warm-up taken between the client's samples. Read from older
    // stores and exports so their figures do not change; never set now.
    std::optional<double> ppsAfterWarmup;
    QString error; // why the step failed, was interrupted or is invalid

    // Keeps the engine's finished message and takes the figures from it: the
    // rate is its measured window's pps.
    void applyFinished(const StepFinished &finished);
    // The stored form of measured, else recorded ("totals" in the store and
    // in a run's JSON file), and back: a finished message becomes measured,
    // anything else recorded.
    QJsonObject totalsJson() const;
    void setTotals(const QJsonObject &totals);
    // The profile of the step: the engine's, or one an import attached
    // (recorded's "profile", a perf table).
    std::optional<StepProfile> profile() const;
    // False for an imported step whose source gave a profile and no rate
    // (a perf table alone), or figures in another unit (a netperf table's
    // transactions/s): it has no pps, which is not a pps of 0.
    bool statesRate() const;
    // THE rate of this repetition, which every statistic and output uses.
    double effectivePps() const { return ppsAfterWarmup.value_or(pps); }
    // THE ns/packet of this repetition: nsPerPacketOf(effectivePps()).
    std::optional<double> nsPerPacket() const { return nsPerPacketOf(effectivePps()); }
    // 1e9 / pps; nullopt for a rate of 0 (a repetition that sent nothing has
    // no ns/packet, never an infinite or a zero one).
    static std::optional<double> nsPerPacketOf(double pps);

    QJsonObject toJson() const;
    static std::optional<StepResult> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const StepResult &other) const = default;
};

} // namespace burstlab
