#include "engine/EngineClient.h"
#include "engine/EngineExit.h"
#include "engine/EngineMessageParser.h"
#include "model/StepParameters.h"

#include <QJsonDocument>
#include <QStandardPaths>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace burstlab {
namespace {
constexpr int kStderrTailLines = 8;
constexpr int kBadCommandLine = 2;     // the engine's exit code for refused options
constexpr int kNotPermitted = 6;       // and for a privilege it lacks
constexpr int kStallSamplePeriods = 3; // a long stats_ms stretches the stall timeout

bool setsHostSettings(const QJsonObject &params) {
    const QStringList names = StepParameters::hostSettings();
    return std::any_of(names.begin(), names.end(), [&](const QString &name) {
        return params.contains(name) &&
               params.value(name) != StepParameters::find(name)->defaultValue;
    });
}

} // namespace

EngineClient::EngineClient(QObject *parent) : QObject(parent) {
    qRegisterMetaType<EngineHello>();
    qRegisterMetaType<EngineAck>();
    qRegisterMetaType<Sample>();
    qRegisterMetaType<StepFinished>();
    qRegisterMetaType<StepRates>();
    for (QTimer *t : {&m_helloTimer, &m_watchdog, &m_exitTimer})
        t->setSingleShot(true);
    // A coarse timer may fire 5 % late: a 2 s hang limit would become 2.1 s.
    m_watchdog.setTimerType(Qt::PreciseTimer);
    connect(&m_helloTimer, &QTimer::timeout, this, [this] {
        fail(Failure::NoHello, QStringLiteral("the engine sent no hello within %1 s%2")
                                   .arg(m_helloTimeoutMs / 1000.0)
                                   .arg(lastStderr()));
    });
    connect(&m_watchdog, &QTimer::timeout, this, &EngineClient::onWatchdog);
    connect(&m_exitTimer, &QTimer::timeout, this, &EngineClient::escalateStop);
}

EngineClient::~EngineClient() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->disconnect(this);
    // stdin EOF stops the engine even when it runs as another user
    if (m_process->state() == QProcess::Running) {
        send(QStringLiteral("shutdown"));
        m_process->closeWriteChannel();
    }
    if (!m_process->waitForFinished(m_exitTimeoutMs)) {
        m_process->kill();
        m_process->waitForFinished(m_exitTimeoutMs);
    }
}

void EngineClient::start(const EngineCommand &command) {
    Q_ASSERT(m_state == State::NotStarted);
    m_command = command;
    m_state = State::Starting;
    const QString preflight = command.preflightError();
    if (!preflight.isEmpty()) {
        // Reported from the event loop so callers see the same order of
        // signals as for every other failure.
        QTimer::singleShot(0, this, [this, preflight] {
            fail(Failure::NotStarted, preflight);
            finishExit();
        });
        return;
    }
    m_process = new QProcess(this);
    m_process->setProgram(command.program);
    m_process->setArguments(command.arguments);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &EngineClient::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &EngineClient::onStderr);
    connect(m_process, &QProcess::errorOccurred, this, &EngineClient::onProcessError);
    connect(m_process, &QProcess::finished, this, &EngineClient::onProcessFinished);
    m_process->setChildProcessModifier([interactive = command.interactive] {
        // If we die without a word, the engine must not keep transmitting: the
        // kernel sends it SIGTERM (dropped for a privileged engine, which then
        // stops on its stdin's EOF).
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        // Its own process group: a Ctrl-C on the terminal reaches only us, and
        // we stop the engine through the protocol with the run stored properly.
        if (!interactive)
            ::setpgid(0, 0);
    });
    m_helloTimer.start(m_helloTimeoutMs);
    m_process->start();
}

qint64 EngineClient::send(const QString &cmd, QJsonObject fields) {
    if (!m_process || m_process->state() != QProcess::Running)
        return -1;
    const qint64 id = m_nextId++;
    fields.insert(QStringLiteral("cmd"), cmd);
    fields.insert(QStringLiteral("id"), id);
    m_process->write(QJsonDocument(fields).toJson(QJsonDocument::Compact) + '\n');
    return id;
}

bool EngineClient::startPending() const {
    return std::any_of(m_pending.begin(), m_pending.end(),
                       [](const auto &c) { return c.first == QLatin1String("start"); });
}

qint64 EngineClient::startStep(const QJsonObject &params) {
    if (m_state != State::Ready || stepRunning() || startPending())
        return -1;
    const qint64 id = send(QStringLiteral("start"), params);
    if (id < 0)
        return -1;
    m_pending.insert(id, {QStringLiteral("start"), params});
    // A step that leaves a setting unchanged after an earlier one set it
    // has the engine put it back before its ack: as long as a setting.
    m_hostSettingsSet = m_hostSettingsSet || setsHostSettings(params);
    const int statsMs = params.value(QLatin1String("stats_ms"))
                            .toInt(m_hello.defaults.value(QLatin1String("stats_ms")).toInt());
    m_stepStallMs = std::max(m_stallTimeoutMs, kStallSamplePeriods * statsMs);
    rearmWatchdog();
    return id;
}

void EngineClient::stopStep() {
    if (!stepRunning() && m_pending.isEmpty())
        return;
    const qint64 id = send(QStringLiteral("stop"));
    if (id >= 0)
        m_pending.insert(id, {QStringLiteral("stop"), {}});
    rearmWatchdog();
}

void EngineClient::shutdown() {
    if (m_state == State::Exited || m_state == State::Stopping)
        return;
    if (m_state == State::NotStarted) {
        m_state = State::Exited;
        return;
    }
    beginStop();
}

void EngineClient::beginStop() {
    m_state = State::Stopping;
    m_helloTimer.stop();
    m_watchdog.stop();
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    if (m_process->state() == QProcess::Running && !m_shutdownSent) {
        if (stepRunning())
            send(QStringLiteral("stop"));
        send(QStringLiteral("shutdown"));
        m_shutdownSent = true;
        m_process->closeWriteChannel();
    }
    m_exitTimer.start(m_exitTimeoutMs);
}

void EngineClient::escalateStop() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    if (!m_terminated) {
        terminate(QStringLiteral("the engine did not exit within %1 s; sending SIGTERM")
                      .arg(m_exitTimeoutMs / 1000.0));
        return;
    }
    emit logLine(QStringLiteral("the engine ignored SIGTERM; sending SIGKILL"));
    m_process->kill();
}

void EngineClient::terminate(const QString &why) {
    m_terminated = true;
    emit logLine(why);
    m_process->terminate();
    m_exitTimer.start(m_exitTimeoutMs);
}

void EngineClient::fail(Failure failure, const QString &message) {
    if (m_failure != Failure::None || m_state == State::Exited)
        return;
    m_failure = failure;
    m_error = message;
    m_runningStep = -1;
    m_pending.clear();
    emit failed(failure, message);
    beginStop();
}

int EngineClient::ackWaitMs() const {
    return startPending() && m_hostSettingsSet ? std::max(m_stallTimeoutMs, kHostSettingsAckMs)
                                               : m_stallTimeoutMs;
}

void EngineClient::rearmWatchdog() {
    if (m_state != State::Ready && m_state != State::Running)
        return;
    if (stepRunning() || !m_pending.isEmpty())
        m_watchdog.start(stepRunning() ? m_stepStallMs : ackWaitMs());
    else
        m_watchdog.stop();
}

void EngineClient::onWatchdog() {
    if (stepRunning())
        fail(Failure::Hung, QStringLiteral("the engine hangs: no stats for %1 s while step %2 runs")
                                .arg(m_stepStallMs / 1000.0)
                                .arg(m_runningStep));
    else
        fail(Failure::Hung, QStringLiteral("the engine hangs: no answer to command %1 for %2 s")
                                .arg(m_pending.firstKey())
                                .arg(ackWaitMs() / 1000.0));
    // A hung engine reads no shutdown: waiting the exit timeout for one only
    // delays the stop. (A privileged engine refuses the signal; it still
    // stops on its stdin's EOF, which beginStop() gave it.)
    if (m_process && m_process->state() == QProcess::Running)
        terminate(QStringLiteral("sending SIGTERM to the hung engine"));
}

void EngineClient::onStdout() {
    const QList<QByteArray> lines = m_stdoutFramer.feed(m_process->readAllStandardOutput());
    for (const QByteArray &line : lines) {
        if (m_failure != Failure::None)
            return;
        handleLine(line);
    }
    if (m_stdoutFramer.overflowed())
        fail(Failure::Protocol,
             QStringLiteral("the engine sent a line longer than %1 bytes: not protocol v1")
                 .arg(LineFramer::kDefaultMaxLine));
}

void EngineClient::onStderr() {
    for (const QByteArray &raw : m_stderrFramer.feed(m_process->readAllStandardError())) {
        const QString line = QString::fromUtf8(raw);
        m_stderrTail.append(line);
        if (m_stderrTail.size() > kStderrTailLines)
            m_stderrTail.removeFirst();
        emit logLine(line);
    }
}

QString EngineClient::lastStderr() const {
    for (auto it = m_stderrTail.crbegin(); it != m_stderrTail.crend(); ++it) {
        if (!it->trimmed().isEmpty())
            return QStringLiteral("; its last words: \"%1\"").arg(it->trimmed());
    }
    return {};
}

void EngineClient::handleLine(const QByteArray &line) {
    // Once stopping, the engine's last acks and a stopped step's totals are
    // expected noise; nothing more is read from it.
    if (m_state == State::Stopping)
        return;
    // Counters are required as far as the hello's engine kind measures them.
    const EngineMessage message = EngineMessageParser::parse(line, m_hello.kind);
    if (const auto *v = std::get_if<ProtocolViolation>(&message)) {
        if (v->kind == ProtocolViolation::Kind::VersionMismatch)
            fail(Failure::VersionMismatch, v->message);
        else
            fail(Failure::Protocol,
                 QStringLiteral("the engine sent a line that is not protocol v1 (%1): %2")
                     .arg(v->message, QString::fromUtf8(line.left(120))));
        return;
    }
    if (const auto *e = std::get_if<EngineErrorMessage>(&message)) {
        handleError(*e);
        return;
    }
    const bool isHello = std::holds_alternative<EngineHello>(message);
    if (isHello != (m_state == State::Starting)) {
        fail(Failure::Protocol, isHello ? QStringLiteral("the engine sent a second hello")
                                        : QStringLiteral("the engine sent a message before its "
                                                         "hello: %1")
                                              .arg(QString::fromUtf8(line.left(120))));
        return;
    }
    std::visit(
        [this](const auto &m) {
            using T = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<T, EngineHello>)
                handleHello(m);
            else if constexpr (std::is_same_v<T, EngineAck>)
                handleAck(m);
            else if constexpr (std::is_same_v<T, Sample>)
                handleStats(m);
            else if constexpr (std::is_same_v<T, StepFinished>)
                handleFinished(m);
        },
        message);
    rearmWatchdog();
}

void EngineClient::handleHello(const EngineHello &hello) {
    m_helloTimer.stop();
    m_hello = hello;
    m_state = State::Ready;
    emit helloReceived(m_hello);
}

void EngineClient::handleAck(const EngineAck &ack) {
    const auto it = m_pending.find(ack.id);
    if (it == m_pending.end()) {
        fail(Failure::Protocol,
             ack.id < 0
                 ? QStringLiteral("the engine could not read a command: %1").arg(ack.errorMessage)
                 : QStringLiteral("the engine acknowledged command %1, which is not "
                                  "waiting for an answer")
                       .arg(ack.id));
        return;
    }
    const auto [cmd, params] = *it;
    m_pending.erase(it);
    if (cmd != QLatin1String("start"))
        return;
    if (!ack.ok) {
        emit stepRefused(ack.id, ack);
        return;
    }
    m_runningStep = ack.id;
    m_state = State::Running;
    m_rates.reset();
    emit stepStarted(ack.id, params);
}

void EngineClient::handleStats(const Sample &sample) {
    if (sample.stepId != m_runningStep) {
        fail(Failure::Protocol,
             QStringLiteral("the engine sent stats for step %1 while step %2 runs")
                 .arg(sample.stepId)
                 .arg(m_runningStep));
        return;
    }
    emit sampleReceived(sample, m_rates.add(sample));
}

void EngineClient::handleFinished(const StepFinished &finished) {
    if (finished.id != m_runningStep) {
        fail(Failure::Protocol, QStringLiteral("the engine finished step %1 while step %2 runs")
                                    .arg(finished.id)
                                    .arg(m_runningStep));
        return;
    }
    m_runningStep = -1;
    m_state = State::Ready;
    emit stepFinished(finished);
}

void EngineClient::handleError(const EngineErrorMessage &error) {
    const QString text = QStringLiteral("engine error %1: %2").arg(error.code, error.message);
    if (error.fatal)
        fail(error.code == QLatin1String("not_permitted") ? Failure::NotPermitted : Failure::Fatal,
             text);
    else
        emit logLine(text);
}

qint64 EngineClient::processId() const {
    return m_process ? m_process->processId() : 0;
}

void EngineClient::onProcessError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart)
        return; // crashes and exits are reported by onProcessFinished with their details
    // The launcher (sudo, pkexec, ssh) may be what is missing, not the engine.
    const QString why = QStandardPaths::findExecutable(m_command.program).isEmpty() &&
                                !m_command.program.contains(QLatin1Char('/'))
                            ? QStringLiteral("%1 is not installed").arg(m_command.program)
                            : m_process->errorString();
    fail(Failure::NotStarted,
         QStringLiteral("the engine could not be started with %1: %2").arg(m_command.program, why));
    finishExit();
}

void EngineClient::onProcessFinished(int exitCode, QProcess::ExitStatus status) {
    // Whatever the engine wrote before it went is still protocol: read it first.
    onStdout();
    onStderr();
    const QByteArray rest = m_stdoutFramer.takeRest();
    if (!rest.isEmpty() && m_failure == Failure::None)
        handleLine(rest);
    if (const QByteArray lastWords = m_stderrFramer.takeRest(); !lastWords.isEmpty())
        emit logLine(QString::fromUtf8(lastWords));
    if (status == QProcess::CrashExit && m_terminated) {
        emit logLine(QStringLiteral("the engine was stopped by %1").arg(describeSignal(exitCode)));
    } else if (status == QProcess::CrashExit) {
        // QProcess reports the terminating signal as the exit code of a crash.
        fail(Failure::Crashed,
             QStringLiteral("the engine was killed by %1").arg(describeSignal(exitCode)));
    } else if (m_state != State::Stopping) {
        // docs/protocol.md, "Exit codes": 2 is a command line the engine
        // refused (a device, an lcore list, a capture path), named in its
        // last words.
        fail(exitCode == kBadCommandLine ? Failure::BadOptions
             : exitCode == kNotPermitted ? Failure::NotPermitted
                                         : Failure::Exited,
             QStringLiteral("the engine exited with code %1 (%2)%3")
                 .arg(exitCode)
                 .arg(describeEngineExitCode(exitCode, m_command.kind), lastStderr()));
    } else if (exitCode != 0 && m_failure == Failure::None) {
        emit logLine(QStringLiteral("the engine exited with code %1 (%2)")
                         .arg(exitCode)
                         .arg(describeEngineExitCode(exitCode, m_command.kind)));
    }
    finishExit();
}

void EngineClient::finishExit() {
    m_helloTimer.stop();
    m_watchdog.stop();
    m_exitTimer.stop();
    m_runningStep = -1;
    m_state = State::Exited;
    emit exited();
}

} // namespace burstlab
