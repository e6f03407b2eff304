#pragma once
#include "model/NoisePolicy.h"
#include "model/StepResult.h"
#include "model/StepThreadFigures.h"
#include <QList>
#include <QString>
#include <limits>
#include <optional>

namespace burstlab {

// One attempt at a repetition against the run's NoisePolicy: disturbed when
// the engine's thread figures (StepThreadFigures) say its TX lcores had less of
// their CPU over the measured window than the policy's minimum share, or
// their CPUs more steal than its maximum. A disturbed repetition is still a
// measurement (status completed); invalid ones are never judged.
struct RepetitionNoise {
    std::optional<StepThreadFigures> thread; // none: not measured (older engine, import)
    bool disturbed = false;
    // Disturbed, and run again: a later completed attempt of the same
    // repetition replaced it (NoisePolicy::rerunDisturbed).
    bool replaced = false;

    static RepetitionNoise of(const StepResult &step, const NoisePolicy &policy);
    // "TX core on CPU 71.0%, steal 0.0%" (steal left out where unknown).
    QString figures() const;
};

// The disturbed repetitions of one point, counted and summarised once for
// every output: "2 of 5 repetitions disturbed (TX core on CPU 71.0-93.4%,
// steal 0.0%)". The repetitions that count are the completed steps less
// the replaced attempts; with NoisePolicy::excludeDisturbed the disturbed
// ones are left out of the statistics too, and the text says so.
struct Disturbance {
    static constexpr double nan = std::numeric_limits<double>::quiet_NaN();

    QList<RepetitionNoise> perStep; // one per step given to of(), in its order
    // The repetitions' pps the statistics use; an imported profile that
    // states no rate (StepResult::statesRate) counts without one.
    QList<double> countedPps;
    QList<StepResult> counted; // the repetitions that count, in order
    int repetitions = 0;       // completed repetitions (replaced attempts not counted)
    int measured = 0;          // of those, with thread figures
    int disturbed = 0;         // of those, disturbed
    int replaced = 0;          // disturbed attempts that were run again
    bool excluded = false;     // the disturbed ones are left out of countedPps
    // Over the disturbed repetitions that count.
    double lowestCpuShare = nan;
    double highestCpuShare = nan;
    std::optional<double> lowestSteal;
    std::optional<double> highestSteal;

    // steps: one point's completed and invalid steps.
    static Disturbance of(const QList<StepResult> &steps, const NoisePolicy &policy);
    // The summary above, or empty when no repetition was disturbed or replaced.
    QString text() const;
    // Its count alone, for a mark beside the point on a chart: "2/5" (2 of
    // 5 repetitions disturbed); empty when none that counts was disturbed.
    QString count() const;
};

} // namespace burstlab
