#pragma once
#include "charts/ChartPane.h"
#include "charts/ChartStyle.h"

#include <QList>
#include <QPointF>
#include <optional>

namespace burstlab {

// Packets per second over the time of the running step, from the engine's
// samples, and the step's own result once it has finished; the last few steps
// before it, fainter, to its left (negative times), so a sweep of short steps
// shows its course. Samples are appended to the shown chart in place: they
// arrive 10 to 100 times a second. The caption names the run and the step, so
// a stored run shown beside it is not taken for the one running.
class LiveRateChart : public ChartPane {
    Q_OBJECT
  public:
    explicit LiveRateChart(QWidget *parent = nullptr);

    // Starts a new step; caption names it, e.g. "run #5: burst=8, repetition 2/3".
    // The time axis spans the step's planned length, so the line grows across it.
    void startStep(const QString &caption, double plannedSeconds = 0);
    void addSample(double seconds, double pps);
    // The step's rate as measured (its result): a dashed level across the step,
    // so a step too short for many samples still shows what it measured.
    void finishStep(double pps);
    // No step: an empty chart saying so, and no earlier steps.
    void clear();

    // The running (or last) step's samples.
    int dataPointCount() const override { return int(m_samples.size()); }
    // How many earlier steps are drawn beside it.
    int earlierSteps() const { return int(m_earlier.size()); }

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    struct EarlierStep {
        double seconds = 0; // its length on the time axis
        QList<QPointF> samples;
        std::optional<double> result;
    };
    static constexpr int kEarlierSteps = 3;

    double highestRate() const;
    double stepSeconds() const;
    ChartStyle::RateUnit unit() const;

    QString m_caption;
    double m_plannedSeconds = 0;
    QList<QPointF> m_samples; // seconds, pps
    std::optional<double> m_result;
    QList<EarlierStep> m_earlier; // oldest first
};

} // namespace burstlab
