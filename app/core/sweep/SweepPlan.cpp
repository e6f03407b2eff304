#include "sweep/SweepPlan.h"
#include "model/RepetitionAttempts.h"
#include "stats/Disturbance.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <random>

namespace burstlab {

namespace {

QString keyOf(const Point &point, int rep) {
    return point.key() + QLatin1Char('#') + QString::number(rep);
}

// How many times each repetition was tried, which have a completed attempt
// that stands (one not disturbed, or any when disturbed ones are not run
// again or have had all their attempts), and which are to be run again
// because all their completed attempts were disturbed.
struct Tried {
    QHash<QString, int> attempts;
    QSet<QString> standing;
    QSet<QString> rerun;
    int nextSeq = 0;

    Tried(const QList<StepResult> &done, const NoisePolicy &policy) {
        QHash<QString, bool> disturbedOnly;
        for (const StepResult &s : done) {
            const QString key = keyOf(s.point, s.rep);
            ++attempts[key];
            nextSeq = std::max(nextSeq, s.seq + 1);
            if (s.status != RunStatus::Completed)
                continue;
            const bool disturbed = RepetitionNoise::of(s, policy).disturbed;
            disturbedOnly[key] = disturbedOnly.value(key, true) && disturbed;
        }
        for (auto it = disturbedOnly.begin(); it != disturbedOnly.end(); ++it) {
            if (!it.value() || !policy.rerunDisturbed ||
                attempts.value(it.key()) >= kMaxRepetitionAttempts)
                standing.insert(it.key());
            else
                rerun.insert(it.key());
        }
    }
};

} // namespace

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
    const Tried tried(done, spec.noise);
    SweepPlan plan;
    plan.m_nextSeq = tried.nextSeq;
    plan.m_total = int(all.size());
    QSet<QString> planned;
    for (PlannedStep &step : all) {
        const QString key = keyOf(step.point, step.rep);
        planned.insert(key);
        if (tried.standing.contains(key))
            continue;
        // A disturbed repetition resumed keeps count of its attempts.
        if (tried.rerun.contains(key))
            step.attempt = tried.attempts.value(key) + 1;
        step.seq = plan.m_nextSeq++;
        plan.m_steps.append(step);
    }
    // Repetitions of earlier rounds (--reps auto) are done steps too.
    for (const QString &key : tried.standing) {
        if (!planned.contains(key))
            ++plan.m_total;
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
    m_nextSeq = std::max(m_nextSeq, m_steps.last().seq + 1);
}

int SweepPlan::addRound(const SweepSpec &spec, const QList<Point> &needMore,
                        const QList<StepResult> &done) {
    QHash<QString, int> nextRep;
    for (const StepResult &s : done) {
        if (s.status == RunStatus::Completed || s.status == RunStatus::Invalid)
            nextRep[s.point.key()] = std::max(nextRep.value(s.point.key()), s.rep + 1);
    }
    for (const PlannedStep &s : m_steps)
        nextRep[s.point.key()] = std::max(nextRep.value(s.point.key()), s.rep + 1);
    QList<PlannedStep> round;
    for (const Point &p : needMore)
        round.append(PlannedStep{p, nextRep.value(p.key()), 0});
    ++m_rounds;
    if (spec.randomize) {
        // The round's own order: the same seed gives the same order again.
        std::mt19937_64 random(spec.seed ^ (0x9e3779b97f4a7c15ULL * quint64(m_rounds)));
        std::shuffle(round.begin(), round.end(), random);
    }
    for (PlannedStep &step : round) {
        step.seq = m_nextSeq++;
        m_steps.append(step);
    }
    m_total += int(round.size());
    return int(round.size());
}

} // namespace burstlab
