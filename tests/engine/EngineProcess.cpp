#include "EngineProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QJsonDocument>
#include <QtGlobal>
#include <unistd.h>

EngineProcess::EngineProcess(QStringList args, QStringList wrapper, QString program)
    : m_args(std::move(args)), m_wrapper(std::move(wrapper)),
      m_program(program.isEmpty() ? enginePath() : std::move(program)) {}

EngineProcess::~EngineProcess() {
    if (m_process.state() != QProcess::NotRunning) {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
    }
}

namespace {

QString binPath(const char *program) {
    const QByteArray dir = qgetenv("BURSTLAB_BIN_DIR");
    return (dir.isEmpty() ? QStringLiteral(BURSTLAB_BIN_DIR) : QString::fromLocal8Bit(dir)) +
           QLatin1Char('/') + QLatin1String(program);
}

} // namespace

QString EngineProcess::enginePath() {
    return binPath("burstlab-engine");
}

QString EngineProcess::pktgenEnginePath() {
    return binPath("burstlab-pktgen-engine");
}

QStringList EngineProcess::vdevArgs(const QString &spec) {
    return {"--vdev", spec, "--no-huge", "--memory-mb", "256", "--lcores", "0-1"};
}

bool EngineProcess::start(int timeoutMs) {
    QStringList all = m_wrapper;
    all << m_program << m_args;
    m_process.setProgram(all.takeFirst());
    m_process.setArguments(all);
    m_process.start();
    if (!m_process.waitForStarted(timeoutMs)) {
        return false;
    }
    m_hello = waitFor("hello", -1, timeoutMs);
    return !m_hello.isEmpty();
}

QString EngineProcess::runtimeDir() const {
    // The rule EAL uses for its runtime directory.
    QString base = "/var/run";
    if (getuid() != 0) {
        const QByteArray xdg = qgetenv("XDG_RUNTIME_DIR");
        base = xdg.isEmpty() ? "/tmp" : QString::fromLocal8Bit(xdg);
    }
    return base + "/dpdk/" + m_hello.value("file_prefix").toString();
}

void EngineProcess::send(const QJsonObject &command) {
    sendRaw(QJsonDocument(command).toJson(QJsonDocument::Compact) + '\n');
}

void EngineProcess::sendRaw(const QByteArray &bytes) {
    m_process.write(bytes);
    m_process.waitForBytesWritten(5000);
}

QJsonObject EngineProcess::request(const QJsonObject &command, int timeoutMs) {
    send(command);
    return waitFor("ack", command.value("id").toInteger(), timeoutMs);
}

QJsonObject EngineProcess::runStep(QJsonObject params, int timeoutMs) {
    const qint64 id = m_nextId++;
    params["cmd"] = "start";
    params["id"] = id;
    const QJsonObject ack = request(params);
    if (!ack.value("ok").toBool()) {
        return {};
    }
    return waitFor("finished", id, timeoutMs);
}

QJsonObject EngineProcess::waitFor(const QString &type, qint64 id, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        readAvailable();
        if (auto found = takeMatching(type, id)) {
            return *found;
        }
        if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning) {
            return {};
        }
        m_process.waitForReadyRead(static_cast<int>(qMax<qint64>(1, deadline.remainingTime())));
    }
}

std::optional<QJsonObject> EngineProcess::takeMatching(const QString &type, qint64 id) {
    for (qsizetype i = 0; i < m_messages.size(); ++i) {
        const QJsonObject &m = m_messages[i];
        if (m.value("type").toString() == type &&
            (id < 0 || (m.value("id").isDouble() && m.value("id").toInteger() == id))) {
            return m_messages.takeAt(i);
        }
    }
    return std::nullopt;
}

QList<QJsonObject> EngineProcess::takeMessages() {
    readAvailable();
    return std::exchange(m_messages, {});
}

void EngineProcess::readAvailable() {
    m_buffer += m_process.readAllStandardOutput();
    m_stderr += m_process.readAllStandardError();
    qsizetype nl;
    while ((nl = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(nl);
        m_buffer.remove(0, nl + 1);
        const QJsonDocument doc = QJsonDocument::fromJson(line);
        if (doc.isObject()) {
            m_messages.append(doc.object());
        } else {
            m_garbage.append(line);
        }
    }
}

void EngineProcess::closeStdin() {
    m_process.closeWriteChannel();
}

bool EngineProcess::waitForExit(int timeoutMs) {
    const bool done =
        m_process.state() == QProcess::NotRunning || m_process.waitForFinished(timeoutMs);
    readAvailable();
    return done;
}

QByteArray EngineProcess::stderrText() {
    readAvailable();
    return m_stderr;
}
