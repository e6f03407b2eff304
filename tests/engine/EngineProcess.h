#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <optional>

// Starts the real burstlab-engine and exchanges protocol lines with it, for
// the engine's integration tests. Every engine gets its own EAL file prefix
// (the engine makes one up), so tests never share DPDK state.
class EngineProcess {
  public:
    // args are the engine's options; wrapper (e.g. {"ip","netns","exec",NS})
    // is put in front of the engine's path; program is the engine's path
    // (default: burstlab-engine).
    explicit EngineProcess(QStringList args, QStringList wrapper = {}, QString program = {});
    ~EngineProcess();

    static QString enginePath();
    static QString pktgenEnginePath();
    // The usual options for a virtual device without hugepages on 2 lcores.
    static QStringList vdevArgs(const QString &spec);

    // The engine reads its stdin from this file (a FIFO another process
    // writes) instead of from this object; call before start().
    void setStdinFile(const QString &path) { m_process.setStandardInputFile(path); }
    // The default waits below only stop a hung test: each returns as soon as
    // its message comes or the engine exits, and a loaded host or an
    // emulated guest may take many times the usual second to answer.
    // Starts and waits for the hello.
    bool start(int timeoutMs = 60000);
    const QJsonObject &hello() const { return m_hello; }
    QString runtimeDir() const;

    void send(const QJsonObject &command);
    void sendRaw(const QByteArray &bytes);
    // Sends a command and waits for its ack.
    QJsonObject request(const QJsonObject &command, int timeoutMs = 30000);
    // The next message of this type (and id, unless id < 0), skipping
    // others; empty on timeout.
    QJsonObject waitFor(const QString &type, qint64 id = -1, int timeoutMs = 30000);
    // Starts a step and waits for its finished message.
    QJsonObject runStep(QJsonObject params, int timeoutMs = 60000);
    // Every message received so far and not consumed by waitFor.
    QList<QJsonObject> takeMessages();

    void closeStdin();
    bool waitForExit(int timeoutMs);
    // Whether the process is gone, as the event loop has seen it (for a
    // test that waits with QTRY_* and keeps its loop running).
    bool exited() const { return m_process.state() == QProcess::NotRunning; }
    int exitCode() const { return m_process.exitCode(); }
    QProcess::ExitStatus exitStatus() const { return m_process.exitStatus(); }
    qint64 pid() const { return m_process.processId(); }
    QByteArray stderrText();
    // Lines on stdout that were not valid JSON objects (must stay empty).
    const QList<QByteArray> &garbage() const { return m_garbage; }

  private:
    void readAvailable();
    std::optional<QJsonObject> takeMatching(const QString &type, qint64 id);

    QProcess m_process;
    QStringList m_args;
    QStringList m_wrapper;
    QString m_program;
    QByteArray m_buffer;
    QByteArray m_stderr;
    QList<QJsonObject> m_messages;
    QList<QByteArray> m_garbage;
    QJsonObject m_hello;
    qint64 m_nextId = 1000;
};
