#include "CliRun.h"
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace burstlab {

CliRun::CliRun(const QString &db, const QProcessEnvironment &env) : m_db(db) {
    m_process.setProcessEnvironment(env);
}

CliRun::~CliRun() {
    // A failed test must not leave a sweep running behind it.
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void CliRun::start(const QStringList &args) {
    startIn({}, args);
}

void CliRun::startIn(const QStringList &launcher, const QStringList &args) {
    const QString cli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");
    const QStringList cliArgs = QStringList{QStringLiteral("--db"), m_db} + args;
    if (launcher.isEmpty()) {
        m_process.setProgram(cli);
        m_process.setArguments(cliArgs);
    } else {
        m_process.setProgram(launcher.first());
        m_process.setArguments(launcher.mid(1) + QStringList{cli} + cliArgs);
    }
    m_process.start();
    m_process.waitForStarted();
}

void CliRun::drain() {
    m_out += QString::fromUtf8(m_process.readAllStandardOutput());
    m_err += QString::fromUtf8(m_process.readAllStandardError());
}

bool CliRun::running() {
    return m_process.state() != QProcess::NotRunning && !m_process.waitForFinished(0);
}

QString CliRun::err() {
    drain();
    return m_err;
}

bool CliRun::waitForStderr(const QString &text, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    while (!err().contains(text)) {
        if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning)
            return false;
        m_process.waitForReadyRead(20);
    }
    return true;
}

CliResult CliRun::finish(int timeoutMs) {
    CliResult r;
    const bool ended =
        m_process.state() == QProcess::NotRunning || m_process.waitForFinished(timeoutMs);
    if (!ended) {
        m_process.kill();
        m_process.waitForFinished(5000);
    } else if (m_process.exitStatus() == QProcess::NormalExit) {
        r.code = m_process.exitCode();
    }
    drain();
    r.out = m_out;
    r.err = m_err;
    return r;
}

bool CliRun::profileSweep(const QString &db, const QString &label, const QStringList &set,
                          int durationMs) {
    QStringList args{QStringLiteral("sweep"),
                     QStringLiteral("--vdev"),
                     QStringLiteral("net_null0"),
                     QStringLiteral("--sweep"),
                     QStringLiteral("burst=1,32"),
                     QStringLiteral("--reps"),
                     QStringLiteral("2"),
                     QStringLiteral("--duration-ms"),
                     QString::number(durationMs),
                     QStringLiteral("--label"),
                     label};
    for (const QString &s : set)
        args << QStringLiteral("--set") << s;
    const CliResult r = run(db, args, 60000);
    if (r.code != 0)
        qWarning("%s", qPrintable(r.err));
    return r.code == 0;
}

QStringList CliRun::sweepArgs(const QString &label, int durationMs, int statsMs) {
    return {QStringLiteral("sweep"),
            QStringLiteral("--memory-mb"),
            QStringLiteral("256"),
            QStringLiteral("--sweep"),
            QStringLiteral("burst=1..4"),
            QStringLiteral("--reps"),
            QStringLiteral("2"),
            QStringLiteral("--duration-ms"),
            QString::number(durationMs),
            QStringLiteral("--set"),
            QStringLiteral("stats_ms=%1").arg(statsMs),
            QStringLiteral("--label"),
            label};
}

CliResult CliRun::run(const QString &db, const QStringList &args, int timeoutMs) {
    CliRun cli(db);
    cli.start(args);
    return cli.finish(timeoutMs);
}

QList<QVariantMap> CliRun::runs(const QString &db, QString *error) {
    const CliResult r = run(db, {QStringLiteral("runs"), QStringLiteral("--json")});
    QList<QVariantMap> list;
    if (r.code != 0) {
        if (error)
            *error = r.err;
        return list;
    }
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).array())
        list.append(v.toObject().toVariantMap());
    return list;
}

QVariantMap CliRun::runLabelled(const QString &db, const QString &label) {
    for (const QVariantMap &r : runs(db)) {
        if (r.value(QStringLiteral("label")).toString() == label)
            return r;
    }
    return {};
}

} // namespace burstlab
