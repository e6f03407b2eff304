#pragma once
#include "Parameters.h"
#include "model/Axis.h"
#include "model/EngineLaunch.h"
#include "model/ImportOrigin.h"
#include "model/NoisePolicy.h"
#include "model/Point.h"
#include "model/PrecisionTarget.h"
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

namespace burstlab {

// What a sweep measures: stored in the run row as JSON, read back for
// "run again" and for resuming an interrupted run.
struct SweepSpec {
    EngineLaunch engine;
    QList<Axis> axes;  // 1 or 2 (0 only for imported single results)
    QJsonObject fixed; // step parameter name -> value for every step
    int reps = 3;
    // The step parameter duration_ms's default (engine/protocol/Parameters.h).
    int durationMs = int(*protocol::parameter("duration_ms").value);
    int warmupMs = defaultWarmupMs(durationMs); // discarded from the start of every step
    int pauseMs = 0;                            // between steps
    bool randomize = true;
    quint64 seed = 0; // for the randomised order; recorded so it can be replayed
    // The link speed the user gave (--link-speed, the GUI's field) for the
    // line-rate check: for virtual devices and imports, whose port says
    // nothing true about a wire. It overrides what the port reports.
    std::optional<double> linkSpeedMbps;
    // Disturbed repetitions: when, and what to do about them.
    NoisePolicy noise;
    // "--reps auto": repetitions until each point is this precise (reps is
    // then PrecisionTarget::kMinReps, the first round's).
    std::optional<PrecisionTarget> untilPrecise;
    // What an import found odd in its source (a printed delta that the printed
    // pps do not give, pktgen errors), one line each naming the source line.
    QStringList importWarnings;
    // Where an imported run came from; none for a run burstlab measured.
    std::optional<ImportOrigin> importOrigin;

    // The warm-up a sweep gets unless it says otherwise: min(100 ms, a fifth
    // of the step). The first 100 ms of a step hold the cold caches and TLB,
    // the mempool's first touch and a paced rate's ramp, and are one stats
    // sample at the default period; a short step keeps at least 4/5 of itself.
    // pktgen measures from its first packet: its engine has none.
    static constexpr int kMaxDefaultWarmupMs = 100;
    static constexpr int defaultWarmupMs(int durationMs, EngineKind kind = EngineKind::Dpdk) {
        if (kind == EngineKind::Pktgen)
            return 0;
        return durationMs / 5 < kMaxDefaultWarmupMs ? durationMs / 5 : kMaxDefaultWarmupMs;
    }

    // Every point in sweep order: the first axis varies fastest, so with two
    // axes each value of the second axis is one series.
    QList<Point> points() const;
    QStringList axisNames() const;
    // "--reps auto" (the GUI's "until precise"): the first round's
    // PrecisionTarget::kMinReps repetitions per point, then more up to the
    // target's maximum; none: reps repetitions per point.
    void setUntilPrecise(const std::optional<PrecisionTarget> &target);
    // Repetitions per point: "3", or "3..10" until precise ("rep 4/3..10").
    QString repsText() const;
    // "burst=1..10,16,24,32 x clone=0,1; 3 reps x 300 ms": run list summary;
    // fixed parameters set away from their defaults follow the axes:
    // "burst=1,8,32; clone=64 pkt_size=128; 3 reps x 200 ms".
    // Without the repetitions when no duration is known (imports: durationMs 0).
    QString describe() const;
    // The fixed parameters whose values are not the documented defaults:
    // "clone=64", "pkt_size=128", "timestamp" (when on), "dst_mac=02:00:00:00:00:02".
    QStringList fixedChanges() const;

    QJsonObject toJson() const;
    static std::optional<SweepSpec> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const SweepSpec &other) const = default;
};

} // namespace burstlab
