#pragma once
#include "engine/StepRates.h"
#include "model/LoadSample.h"
#include "model/NoisePolicy.h"
#include "model/Point.h"
#include "model/StepResult.h"
#include "stats/PointStats.h"

#include <QStringList>

namespace burstlab {

// Sweep progress on stderr: a redrawn bar with the live rate and the ETA on a
// terminal, one plain line per finished step and point otherwise (logs, CI).
class ProgressDisplay {
  public:
    // reps: "3", or "3..10" for --reps auto; noise: when a finished
    // repetition is disturbed.
    ProgressDisplay(bool terminal, const QStringList &axisNames, const QString &reps,
                    const NoisePolicy &noise);

    void stepStarted(int total, const Point &point, int rep);
    void rates(const StepRates &rates);
    void stepFinished(const StepResult &result);
    void pointCompleted(const PointStats &stats);
    void progress(int done, int total, qint64 etaMs);
    // Says when the host turns busy or quiet; the bar shows it while busy.
    void loadSampled(const LoadSample &sample);
    // A line that must not be overwritten by the bar (errors, engine log).
    void message(const QString &line);
    void finish();

    static QString formatDuration(qint64 ms);

  private:
    void redraw();
    void clearBar();

    bool m_terminal;
    QStringList m_axisNames;
    QString m_reps;
    NoisePolicy m_noise;
    bool m_hostBusy = false;
    int m_done = 0;
    int m_total = 0;
    qint64 m_etaMs = -1;
    QString m_current;
    double m_pps = 0;
    bool m_barShown = false;
};

} // namespace burstlab
