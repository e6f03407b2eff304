#include "sweep/SweepPlan.h"

#include <QSet>
#include <algorithm>
#include <random>

namespace burstlab {

SweepPlan SweepPlan::make(const SweepSpec &spec, const QList<StepResult> &done) {
    QList<PlannedStep> all;
    for (const Point &p : spec.points()) {
        for (int rep = 0; rep < spec.reps; ++rep)
            all.append(PlannedStep{p, rep, 0});
    }
    if (spec.randomize) {
        std::mt19937_64 random(spec.seed);
        std::shuffle(all.begin(), all.end(), random);
    }
    QSet<QString> completed;
    int nextSeq = 0;
    for (const StepResult &s : done) {
        if (s.status == RunStatus::Completed)
            completed.insert(s.point.key() + QLatin1Char('#') + QString::number(s.rep));
        nextSeq = std::max(nextSeq, s.seq + 1);
    }
    SweepPlan plan;
    plan.m_total = int(all.size());
    for (PlannedStep &step : all) {
        if (completed.contains(step.point.key() + QLatin1Char('#') + QString::number(step.rep)))
            continue;
        step.seq = nextSeq++;
        plan.m_steps.append(step);
    }
    return plan;
}

void SweepPlan::repeat(qsizetype index) {
    PlannedStep again = m_steps.at(index);
    ++again.attempt;
    ++again.seq;
    m_steps.insert(index + 1, again);
    for (qsizetype i = index + 2; i < m_steps.size(); ++i)
        ++m_steps[i].seq;
    ++m_total;
}

} // namespace burstlab
