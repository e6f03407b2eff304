#pragma once
#include "model/Point.h"
#include "model/StepResult.h"
#include "model/SweepSpec.h"

#include <QList>

namespace burstlab {

// One step to run: a repetition at a point, and its place in the run's order.
struct PlannedStep {
    Point point;
    int rep = 0;
    int seq = 0;
    int attempt = 1; // 2 and up: running it again after an invalid or disturbed one
};

// The order a sweep's steps run in. Randomised by default (points and
// repetitions shuffled together with the spec's seed, so slow drift of the
// host spreads over all points instead of masquerading as an effect), or
// point by point on request. Steps already completed in a stored run are left
// out, so a resumed sweep runs only what is missing (an interrupted, failed
// or invalid repetition is run again, and with NoisePolicy::rerunDisturbed a
// disturbed one with attempts left), in the original order.
//
// "--reps auto" (SweepSpec::untilPrecise) plans its first round like a sweep
// of PrecisionTarget::kMinReps repetitions; each further round (addRound)
// gives one more repetition to each point that is not precise yet, in an
// order of its own drawn from the spec's seed and the round. What a round
// holds follows from the stored repetitions alone, so a resumed sweep
// carries on where it stopped.
class SweepPlan {
  public:
    static SweepPlan make(const SweepSpec &spec, const QList<StepResult> &done = {});

    // Plans the step at index once more, right after it (the next attempt of
    // an invalid or disturbed repetition); later steps move one seq on.
    void repeat(qsizetype index);
    // Appends one repetition of each point in needMore: the repetition after
    // the highest one done holds there (completed or invalid steps). Returns
    // the number of steps added.
    int addRound(const SweepSpec &spec, const QList<Point> &needMore,
                 const QList<StepResult> &done);

    const QList<PlannedStep> &steps() const { return m_steps; }
    int totalSteps() const { return m_total; }
    int doneSteps() const { return m_total - int(m_steps.size()); }
    int rounds() const { return m_rounds; }

  private:
    QList<PlannedStep> m_steps;
    int m_total = 0;
    int m_rounds = 1;
    int m_nextSeq = 0;
};

} // namespace burstlab
