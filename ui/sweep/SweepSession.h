#pragma once
#include "model/LoadSample.h"
#include "model/Run.h"
#include "model/StepResult.h"
#include "model/SweepSpec.h"

#include <QList>
#include <QObject>

namespace burstlab {

struct EngineHello;
class LogPane;
class RunStore;
class SweepResultsView;
class SweepRunner;
class SweepSetupPanel;
struct Point;
struct Sample;
struct StepRates;

// Runs one sweep at a time through the core sweep runner and routes what it
// reports to the views: progress and ETA as a signal, samples to the live
// chart, finished steps to the charts and table, engine stderr and errors to
// the log. Event-driven throughout; nothing here blocks the GUI thread.
class SweepSession : public QObject {
    Q_OBJECT
  public:
    explicit SweepSession(QObject *parent = nullptr);
    ~SweepSession() override;

    void attach(SweepSetupPanel *setup, SweepResultsView *results, LogPane *log);
    void setStore(RunStore *store);
    // Whether the runner probes the host checklist for the run record (tests
    // that do not look at it switch it off to stay short).
    void setRecordHost(bool record);

    // False (and the reason shown) when the sweep could not be started.
    bool start(const SweepSpec &spec, const QString &name, const QString &label);
    bool resume(qint64 runId);
    bool isRunning() const;
    // The last engine's hello in words ("burstlab-engine 0.1.0, DPDK 22.11.11, …").
    QString engineDescription() const { return m_engine; }

  public slots:
    void stop();

  signals:
    void runningChanged(bool running);
    // A run was created or changed state in the store (the runs list is stale).
    void runStored(qint64 runId);
    void statusMessage(const QString &message);
    // "Step 3/13: burst=4, repetition 2/3"; done and total in steps.
    void progressChanged(int done, int total, const QString &text);
    // What the load watch saw, about once a second while steps run.
    void loadSampled(const burstlab::LoadSample &sample);
    // The sweep ended: completed, or not with the reason.
    void finished(qint64 runId, bool completed, const QString &error);

  private:
    void connectRunner();
    bool begin(bool started);
    void setRunning(bool running);
    void onHello(const EngineHello &hello);
    void onRunStored(qint64 runId);
    void onStepStarted(int index, int total, const Point &point, int rep);
    void onSample(const Sample &sample, const StepRates &rates);
    void onStepFinished(const StepResult &result);
    void onProgress(int done, int total, qint64 etaMs);
    void onFinished(int outcome, const QString &message);
    // The finished run as the store holds it, in place of the copy built up live.
    void showStored(qint64 runId);
    void showError(const QString &message);

    RunStore *m_store = nullptr;
    SweepRunner *m_runner = nullptr;
    bool m_recordHost = true;
    SweepSetupPanel *m_setup = nullptr;
    SweepResultsView *m_results = nullptr;
    LogPane *m_log = nullptr;
    QList<StepResult> m_steps; // completed steps of the run in progress
    QString m_step;            // "burst=4, repetition 2/3"
    QString m_engine;
    bool m_running = false;
    int m_done = 0; // steps done of m_total, as last reported: kept when the sweep stops
    int m_total = 1;
};

} // namespace burstlab
