#pragma once
#include "model/LoadSample.h"
#include "model/Run.h"
#include "model/Sample.h"
#include "model/StepResult.h"
#include <QList>

namespace burstlab {

struct StepData {
    StepResult result;
    QList<Sample> samples;
    bool operator==(const StepData &other) const = default;
};

// Everything about one run: what importers produce, what the single-run
// JSON file holds, and what the store inserts in one transaction.
struct RunData {
    Run run;
    QList<StepData> steps;
    QList<LoadSample> loadSamples = {}; // what the load watch saw beside the sweep

    // The single-run file: {"format":"burstlab-run","version":1,"run":{...},"steps":[...]}.
    QJsonObject toJson() const;
    static std::optional<RunData> fromJson(const QJsonObject &object, QString *error);

    QList<StepResult> results() const;
    // Appends a completed result (imports): seq is its position, rep counts
    // the earlier steps at its point, spec.reps and the first axis's values
    // grow to include it.
    void appendResult(StepResult result);

    bool operator==(const RunData &other) const = default;
};

} // namespace burstlab
