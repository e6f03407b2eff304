#pragma once
#include "model/FieldProblem.h"
#include <QJsonObject>
#include <QList>

namespace burstlab {

class JsonReader;

// What a sweep does about a busy host: when a repetition counts as
// disturbed (its TX lcores had too little of their CPU over the measured
// window, or their CPU too much steal), whether a disturbed repetition is
// run again, and whether the statistics leave disturbed repetitions out.
// Stored with the run's sweep, so every output judges its repetitions alike
// (docs/noisy-host.md).
struct NoisePolicy {
    static constexpr double kDefaultMinCpuShare = 0.98;
    static constexpr double kDefaultMaxStealShare = 0.01;

    // Disturbed: the lowest CPU share of the TX lcores below this...
    double minCpuShare = kDefaultMinCpuShare;
    // ... or the highest steal share of their CPUs above this.
    double maxStealShare = kDefaultMaxStealShare;
    // A disturbed repetition is run again, up to kMaxRepetitionAttempts
    // attempts in all; the last attempt is the repetition.
    bool rerunDisturbed = false;
    // The statistics leave disturbed repetitions out (and say so).
    bool excludeDisturbed = false;

    // min_cpu_share and max_steal_share in 0..1.
    QList<FieldProblem> problems() const;

    QJsonObject toJson() const;
    // Missing keys keep their defaults (runs stored before the policy).
    static NoisePolicy fromJson(const QJsonObject &object, JsonReader &in);

    bool operator==(const NoisePolicy &other) const = default;
};

} // namespace burstlab
