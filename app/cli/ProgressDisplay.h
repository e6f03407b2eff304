#pragma once
#include "engine/StepRates.h"
#include "model/Point.h"
#include "model/StepResult.h"
#include "stats/PointStats.h"

#include <QStringList>

namespace burstlab {

// Sweep progress on stderr: a redrawn bar with the live rate and the ETA on a
// terminal, one plain line per finished step and point otherwise (logs, CI).
class ProgressDisplay {
  public:
    ProgressDisplay(bool terminal, const QStringList &axisNames, int reps);

    void stepStarted(int total, const Point &point, int rep);
    void rates(const StepRates &rates);
    void stepFinished(const StepResult &result);
    void pointCompleted(const PointStats &stats);
    void progress(int done, int total, qint64 etaMs);
    // A line that must not be overwritten by the bar (errors, engine log).
    void message(const QString &line);
    void finish();

    static QString formatDuration(qint64 ms);

  private:
    void redraw();
    void clearBar();

    bool m_terminal;
    QStringList m_axisNames;
    int m_reps;
    int m_done = 0;
    int m_total = 0;
    qint64 m_etaMs = -1;
    QString m_current;
    double m_pps = 0;
    bool m_barShown = false;
};

} // namespace burstlab
