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
    int attempt = 1; // 2 and up: running it again after an invalid one
};

// The order a sweep's steps run in. Randomised by default (points and
// repetitions shuffled together with the spec's seed, so slow drift of the
// host spreads over all points instead of masquerading as an effect), or
// point by point on request. Steps already completed in a stored run are left
// out, so a resumed sweep runs only what is missing (an interrupted, failed
// or invalid repetition is run again), in the original order.
class SweepPlan {
  public:
    static SweepPlan make(const SweepSpec &spec, const QList<StepResult> &done = {});

    // Plans the step at index once more, right after it (the next attempt of
    // an invalid repetition); later steps move one seq on.
    void repeat(qsizetype index);

    const QList<PlannedStep> &steps() const { return m_steps; }
    int totalSteps() const { return m_total; }
    int doneSteps() const { return m_total - int(m_steps.size()); }

  private:
    QList<PlannedStep> m_steps;
    int m_total = 0;
};

} // namespace burstlab
