#include "Processes.h"
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <cerrno>
#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace burstlab::Processes {
namespace {

// The parent pid and state of /proc/PID/stat; the name in parentheses may hold spaces.
bool readStat(qint64 pid, qint64 *parent, char *state, QString *name) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QString text = QString::fromLatin1(stat.readAll());
    const qsizetype open = text.indexOf(QLatin1Char('('));
    const qsizetype close = text.lastIndexOf(QLatin1Char(')'));
    const QStringList fields = text.mid(close + 2).split(QLatin1Char(' '));
    if (open < 0 || close < open || fields.size() < 2)
        return false;
    *name = text.mid(open + 1, close - open - 1);
    *state = fields[0].isEmpty() ? '?' : fields[0].at(0).toLatin1();
    *parent = fields[1].toLongLong();
    return true;
}

} // namespace

bool becomeSubreaper() {
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
}

QList<qint64> childrenOf(qint64 parent, const QString &name) {
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        qint64 ppid = 0;
        char state = 0;
        QString comm;
        if (numeric && readStat(pid, &ppid, &state, &comm) && ppid == parent && state != 'Z' &&
            comm.startsWith(name))
            found.append(pid);
    }
    return found;
}

qint64 waitForChild(qint64 parent, const QString &name, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    do {
        if (const QList<qint64> found = childrenOf(parent, name); !found.isEmpty())
            return found.first();
        QThread::msleep(5);
    } while (!deadline.hasExpired());
    return 0;
}

Exit waitForExit(qint64 pid, int timeoutMs) {
    Exit e;
    QElapsedTimer clock;
    clock.start();
    do {
        int status = 0;
        const pid_t r = ::waitpid(pid_t(pid), &status, WNOHANG);
        if (r == pid_t(pid)) {
            e = {true, true, status, clock.elapsed()};
            return e;
        }
        qint64 ppid = 0;
        char state = 0;
        QString comm;
        // Not (yet) our child: gone when it has vanished, or is a zombie of someone else.
        if (r < 0 && (!readStat(pid, &ppid, &state, &comm) || state == 'Z')) {
            e = {true, false, 0, clock.elapsed()};
            return e;
        }
        QThread::msleep(2);
    } while (clock.elapsed() < timeoutMs);
    return e;
}

QString describe(const Exit &e) {
    if (!e.gone)
        return QStringLiteral("still running");
    if (!e.reaped)
        return QStringLiteral("gone (status not ours to read)");
    if (WIFSIGNALED(e.status))
        return QStringLiteral("killed by signal %1").arg(WTERMSIG(e.status));
    return QStringLiteral("exit code %1").arg(WEXITSTATUS(e.status));
}

QString runtimeBase() {
    if (::getuid() == 0)
        return QStringLiteral("/var/run/dpdk");
    const QByteArray xdg = qgetenv("XDG_RUNTIME_DIR");
    return QString::fromLocal8Bit(xdg.isEmpty() ? QByteArray("/tmp") : xdg) +
           QStringLiteral("/dpdk");
}

QStringList runtimeDirsOf(qint64 pid) {
    return QDir(runtimeBase())
        .entryList({QStringLiteral("burstlab-%1-*").arg(pid)}, QDir::Dirs | QDir::System);
}

} // namespace burstlab::Processes
