#pragma once
#include "engine/EngineCommand.h"
#include "engine/EngineHello.h"
#include "engine/EngineMessages.h"
#include "engine/LineFramer.h"
#include "engine/RateTracker.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

namespace burstlab {

// Drives one burstlab-engine process over its JSON-lines protocol (docs/protocol.md).
// Event-driven: every message and every failure is a signal, so the GUI stays
// responsive and the CLI runs it from an event loop.
//
// Life: start() -> helloReceived -> startStep()... -> shutdown() -> exited.
// On any failure, failed() is emitted once, the engine is stopped (protocol first,
// then signals), and exited() follows when the process is gone.
class EngineClient : public QObject {
    Q_OBJECT
  public:
    enum class State { NotStarted, Starting, Ready, Running, Stopping, Exited };
    Q_ENUM(State)
    enum class Failure {
        None,
        NotStarted,      // missing or not executable, or the launcher failed
        NoHello,         // no hello within the start-up timeout
        VersionMismatch, // hello of another protocol version
        Protocol,        // a line that is not protocol v1
        Hung,            // no stats (or no ack) for the stall timeout
        Crashed,         // killed by a signal
        BadOptions,      // refused its own command line (exit code 2): the user's to fix
        NotPermitted,    // lacks a privilege it needs (exit code 6, not_permitted)
        Exited,          // exited on its own, not asked to
        Fatal            // a fatal error message from the engine
    };
    Q_ENUM(Failure)

    static constexpr int kDefaultHelloTimeoutMs = 30000;
    static constexpr int kDefaultStallTimeoutMs = 2000;
    // The ack of a start once a step of the session set host settings: the
    // engine sets them, or puts back what an earlier step set, before it
    // answers (a refusal is the ack), and a ring change resets a NIC, tc may
    // load a qdisc's module.
    static constexpr int kHostSettingsAckMs = 30000;
    static constexpr int kDefaultExitTimeoutMs = 3000;

    explicit EngineClient(QObject *parent = nullptr);
    ~EngineClient() override;

    void setHelloTimeout(int ms) { m_helloTimeoutMs = ms; }
    void setStallTimeout(int ms) { m_stallTimeoutMs = ms; }
    // How long to wait for an exit after shutdown before SIGTERM, and after
    // SIGTERM before SIGKILL.
    void setExitTimeout(int ms) { m_exitTimeoutMs = ms; }

    void start(const EngineCommand &command);
    // Starts one step with these parameters; returns its id (the command id,
    // which the engine echoes in the step's stats and finished messages).
    qint64 startStep(const QJsonObject &params);
    // Ends the running step early; its finished message has reason "stopped".
    void stopStep();
    // Asks the engine to exit: stop, shutdown, stdin closed, then SIGTERM and
    // SIGKILL after timeouts (a privileged engine can only be stopped by the protocol).
    void shutdown();
    // The owner held up the event loop (a store reconnecting), so the
    // engine's messages wait unread: its stall is timed again from now.
    void restartWatchdog() { rearmWatchdog(); }

    State state() const { return m_state; }
    bool stepRunning() const { return m_runningStep >= 0; }
    qint64 runningStep() const { return m_runningStep; }
    const EngineHello &hello() const { return m_hello; }
    Failure failure() const { return m_failure; }
    QString errorString() const { return m_error; }
    const EngineCommand &command() const { return m_command; }
    // The process started: the engine, or its launcher (sudo, pkexec, ssh);
    // 0 when none runs.
    qint64 processId() const;

  signals:
    void helloReceived(const burstlab::EngineHello &hello);
    void stepStarted(qint64 id, const QJsonObject &params);
    // The engine refused a start (ack ok:false): the error names the field.
    void stepRefused(qint64 id, const burstlab::EngineAck &ack);
    void sampleReceived(const burstlab::Sample &sample, const burstlab::StepRates &rates);
    void stepFinished(const burstlab::StepFinished &finished);
    void logLine(const QString &line);
    void failed(burstlab::EngineClient::Failure failure, const QString &message);
    // The process is gone (after shutdown, a failure, or a failed start).
    void exited();

  private:
    void onStdout();
    void onStderr();
    void onProcessError(QProcess::ProcessError error);
    void onProcessFinished(int exitCode, QProcess::ExitStatus status);
    void handleLine(const QByteArray &line);
    void handleHello(const EngineHello &hello);
    void handleAck(const EngineAck &ack);
    void handleStats(const Sample &sample);
    void handleFinished(const StepFinished &finished);
    void handleError(const EngineErrorMessage &error);
    void fail(Failure failure, const QString &message);
    qint64 send(const QString &cmd, QJsonObject fields = {});
    void rearmWatchdog();
    // How long a pending command's ack may take (kHostSettingsAckMs for a
    // start once a step of the session set host settings).
    int ackWaitMs() const;
    bool startPending() const;
    void onWatchdog();
    void beginStop();
    void escalateStop();
    // SIGTERM now, SIGKILL after the exit timeout.
    void terminate(const QString &why);
    void finishExit();
    QString lastStderr() const;

    QProcess *m_process = nullptr;
    EngineCommand m_command;
    LineFramer m_stdoutFramer;
    LineFramer m_stderrFramer;
    RateTracker m_rates;
    EngineHello m_hello;
    State m_state = State::NotStarted;
    Failure m_failure = Failure::None;
    QString m_error;
    QMap<qint64, QPair<QString, QJsonObject>> m_pending; // id -> command, parameters
    bool m_hostSettingsSet = false; // a start of this session set host settings
    qint64 m_nextId = 1;
    qint64 m_runningStep = -1;
    int m_stepStallMs = kDefaultStallTimeoutMs;
    bool m_shutdownSent = false;
    bool m_terminated = false;
    QStringList m_stderrTail;
    QTimer m_helloTimer;
    QTimer m_watchdog;
    QTimer m_exitTimer;
    int m_helloTimeoutMs = kDefaultHelloTimeoutMs;
    int m_stallTimeoutMs = kDefaultStallTimeoutMs;
    int m_exitTimeoutMs = kDefaultExitTimeoutMs;
};

} // namespace burstlab
