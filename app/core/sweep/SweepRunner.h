#pragma once
#include "engine/EngineClient.h"
#include "model/RepetitionAttempts.h"
#include "model/Run.h"
#include "model/StepResult.h"
#include "stats/PointStats.h"
#include "sweep/HostRecord.h"
#include "sweep/LoadWatch.h"
#include "sweep/RunWriter.h"
#include "sweep/SweepPlan.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <functional>

namespace burstlab {

class RunStore;

// Runs a sweep: drives an EngineClient through a SweepPlan and stores
// everything in a RunStore as it arrives (the run once the engine's hello is
// checked, each step when it starts and ends, each sample as it comes), so a
// crash of anything loses at most the step in flight. A PostgreSQL store's
// dropped connection is tried again, and a store that does not come back
// leaves the run to a local copy where the sweep goes on (RunWriter).
//
// Event-driven; the GUI and the CLI connect to its signals. Exactly one
// finished() ends every start() or resume(). The host checklist is probed in
// a pool thread after the hello, and the run is stored with it before the
// first step starts.
class SweepRunner : public QObject {
    Q_OBJECT
  public:
    enum class Outcome {
        Completed,
        Interrupted,   // stop() was called; the run is resumable
        EngineFailure, // the engine failed (not started, crashed, hung, garbage)
        Refused,       // the sweep asks for values the engine does not accept
        NotPermitted,  // the engine lacks a privilege it needs; no run was stored
        StoreFailure   // the run store failed (disk full, read-only, ...)
    };
    Q_ENUM(Outcome)

    // A repetition whose measured window cannot be trusted (WindowCheck) is
    // stored as invalid and run again right away, at most this many times
    // in all; resume() runs it again too. So is a disturbed one when the
    // run's NoisePolicy says to run it again.
    static constexpr int kMaxAttempts = kMaxRepetitionAttempts;

    explicit SweepRunner(RunStore &store, QObject *parent = nullptr);
    ~SweepRunner() override;

    // Where burstlab-engine is looked for when the spec names none.
    void setEngineDir(const QString &dir) { m_engineDir = dir; }
    // Whether to probe the host checklist and fingerprint for the run record.
    void setRecordHost(bool record) { m_recordHost = record; }
    // How often the load watch samples the host while the sweep runs
    // (LoadWatch::kIntervalMs; tests take it shorter).
    void setLoadInterval(int ms) { m_loadIntervalMs = ms; }
    using HostProbe = std::function<HostRecord(const ProbeContext &, const QJsonObject &hello)>;
    // What probes the host (default HostRecord::probe); called in a pool thread.
    void setHostProbe(HostProbe probe) { m_hostProbe = std::move(probe); }
    void setHelloTimeout(int ms) { m_helloTimeoutMs = ms; }
    void setStallTimeout(int ms) { m_stallTimeoutMs = ms; }
    void setExitTimeout(int ms) { m_exitTimeoutMs = ms; }

    // Starts a new run: the run's name, label, notes, tags and spec are used;
    // a randomised spec without a seed gets one, recorded with the run.
    // Returns false (with errorString()) when the spec itself is unusable.
    bool start(const Run &run);
    // Continues an interrupted or failed run: completed steps are kept and
    // not run again; interrupted, failed and invalid ones are.
    bool resume(qint64 runId);
    // Ends the sweep early: the engine is stopped through its protocol, the
    // run is marked interrupted (resumable); finished() follows.
    void stop();

    // Where a sweep is. start() and resume() go from Idle to Sweeping;
    // stop() leads to Stopping and a failure to Failing, where the sweep
    // waits for the engine to exit; the engine's exit ends every one of
    // them in Idle with exactly one finished().
    enum class State { Idle, Sweeping, Stopping, Failing };
    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle; }
    qint64 runId() const { return m_run.id; }
    const Run &run() const { return m_run; }
    // How the last sweep ended, or why start() or resume() refused to begin.
    Outcome outcome() const { return m_outcome; }
    QString errorString() const { return m_error; }
    // Whether any repetition of the run is valid (completed): a sweep whose
    // every repetition was invalid measured nothing, though it ran to its end.
    bool measuredAnything() const;
    // After a failure: whether the run's failed status reached the store.
    // Not when the store itself failed; its next open marks the run
    // interrupted (its writer gone), keeping what was stored.
    bool failureStored() const { return m_failureStored; }
    // With Outcome::Refused: the step parameter that was refused (may be empty).
    QString refusedField() const { return m_refusedField; }
    EngineClient *client() const { return m_client; }
    // Where the run is: isKept() when the store was lost and the run lives
    // in a local file.
    const RunWriter &writer() const { return m_writer; }

  signals:
    void helloReceived(const burstlab::EngineHello &hello);
    // The run row exists (after the hello was checked, or at once on resume).
    void runStored(qint64 runId);
    void stepStarted(int index, int total, const burstlab::Point &point, int rep);
    void sampleReceived(const burstlab::Sample &sample, const burstlab::StepRates &rates);
    void stepFinished(const burstlab::StepResult &result);
    // Every repetition at a point is done: its statistics over them.
    void pointCompleted(const burstlab::PointStats &stats);
    // done of total steps, and the estimated time left.
    void progress(int done, int total, qint64 etaMs);
    void logLine(const QString &line);
    // The store's connection dropped, came back, or did not and the run is
    // kept locally: for the user to see, whatever else is shown.
    void storeNotice(const QString &line);
    // What the load watch saw (about once a second while steps run): the
    // GUI's busy banner and the CLI's notes follow it.
    void loadSampled(const burstlab::LoadSample &sample);
    // The sweep failed (engine, store, refusal); finished() follows once the
    // engine is gone.
    void errorOccurred(burstlab::SweepRunner::Outcome outcome, const QString &message);
    void finished(burstlab::SweepRunner::Outcome outcome, const QString &message);

  private:
    bool refuseWhileActive();
    bool begin(const Run &run, const QList<StepResult> &done);
    void onHello(const EngineHello &hello);
    void recordHost(const EngineHello &hello);
    void onHostProbed();
    void storeRunAndStart();
    void nextStep();
    void onStepStarted(qint64 id);
    void onSample(const Sample &sample, const StepRates &rates);
    void onStepFinished(const StepFinished &finished);
    void onStepRefused(qint64 id, const EngineAck &ack);
    void onEngineFailed(EngineClient::Failure failure, const QString &message);
    void onEngineExited();
    void emitPointStats(const Point &point);
    // A disturbed repetition: says so, and plans it again when the policy asks.
    void judgeDisturbance(const StepResult &done);
    // "--reps auto": plans the next round for the points not precise yet;
    // false when every point is done.
    bool planPrecisionRound();
    void startLoadWatch(const EngineHello &hello);
    void onLoadSample(const LoadSample &sample);
    // Stops the watch and judges the checklist's "Nothing else running"
    // from every sample of the run.
    void finishLoadWatch();
    void emitProgress();
    void endStep(RunStatus status, const QString &error);
    void fail(Outcome outcome, const QString &message);
    bool storeOk(bool ok);
    QJsonObject stepParams(const PlannedStep &step) const;

    void onStoreNotice(const QString &line);

    RunWriter m_writer;
    QPointer<EngineClient> m_client;
    QString m_engineDir;
    bool m_recordHost = true;
    HostProbe m_hostProbe = HostRecord::probe;
    QFutureWatcher<HostRecord> m_hostProbing;
    bool m_probing = false; // m_hostProbing watches this sweep's probe
    int m_helloTimeoutMs = EngineClient::kDefaultHelloTimeoutMs;
    int m_stallTimeoutMs = EngineClient::kDefaultStallTimeoutMs;
    int m_exitTimeoutMs = EngineClient::kDefaultExitTimeoutMs;

    Run m_run;
    StepLimits m_limits; // the engine's, from its hello
    bool m_resumed = false;
    SweepPlan m_plan;
    QList<StepResult> m_results; // every completed and invalid step of the run, for statistics
    int m_index = -1;            // into m_plan.steps()
    StepResult m_step;           // the step in flight (id 0: none)
    State m_state = State::Idle;
    Outcome m_outcome = Outcome::Completed;
    bool m_failureStored = true;
    QString m_error;
    QString m_refusedField;
    QTimer m_pause;
    QElapsedTimer m_clock; // since the first step started
    int m_stepsThisSession = 0;
    LoadWatch m_loadWatch;
    int m_loadIntervalMs = LoadWatch::kIntervalMs;
    bool m_hostBusy = false;
};

} // namespace burstlab
