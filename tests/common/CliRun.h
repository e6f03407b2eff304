#pragma once
// burstlab-cli run on a store and waited for, as the CLI tests drive it.
#include <QProcess>
#include <QString>
#include <QStringList>

namespace burstlab::testing {

struct CliResult {
    int code = -1; // -1: it crashed or did not finish within the timeout
    QString out;
    QString err;
};

inline CliResult runCli(const QString &db, const QStringList &args, int timeoutMs = 30000,
                        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli"),
            QStringList{QStringLiteral("--db"), db} + args);
    CliResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace burstlab::testing
