#pragma once
#include "model/LoadSample.h"
#include "model/Point.h"
#include "model/Sample.h"
#include "model/StepResult.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

class StoreSession;

// The steps of a store's runs, their samples and the runs' load samples,
// written and read through one session. What each call does is RunStore's
// to say (RunStore.h).
class StepRecords {
  public:
    explicit StepRecords(StoreSession &session) : m_session(session) {}

    std::optional<qint64> begin(qint64 runId, const Point &point, int rep, int seq);
    // A whole step (an import's), inside the caller's transaction.
    std::optional<qint64> insert(qint64 runId, const StepResult &step);
    bool finish(const StepResult &result);
    std::optional<QList<StepResult>> of(qint64 runId);
    bool addSample(qint64 stepId, const Sample &sample);
    std::optional<QList<Sample>> samplesOf(qint64 stepId);
    // Every sample of the run's steps, by step, each step's in time order.
    std::optional<QList<Sample>> samplesOfRun(qint64 runId);
    bool addLoadSample(qint64 runId, const LoadSample &sample);
    std::optional<QList<LoadSample>> loadSamplesOf(qint64 runId);
    // Points with at least reps completed steps.
    std::optional<QList<Point>> completedPoints(qint64 runId, int reps);

  private:
    // The samples the condition selects (one ? for id), by step and time.
    std::optional<QList<Sample>> samplesWhere(const QString &where, qint64 id, const QString &what);

    StoreSession &m_session;
};

} // namespace burstlab
