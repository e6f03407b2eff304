#include "store/RunOwner.h"
#include <QCoreApplication>
#include <QFile>
#include <QMutex>
#include <QSet>
#include <QStringList>
#include <QSysInfo>
#include <atomic>
#include <cerrno>
#include <signal.h>
#include <unistd.h>

namespace burstlab {

namespace {

QMutex liveMutex;
QSet<QString> liveTokens; // instances open in this process

// Field 22 of /proc/PID/stat (clock ticks since boot); empty where there is
// no /proc, which then makes the pid alone decide.
QString startTime(qint64 pid) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromLatin1(stat.readAll());
    // The command name in parentheses may hold spaces: count after its ')'.
    const QStringList fields = text.mid(text.lastIndexOf(QLatin1Char(')')) + 2)
                                   .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return fields.size() > 19 ? fields[19] : QString();
}

bool processAlive(qint64 pid, const QString &started) {
    if (pid <= 0)
        return false;
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
        return false;
    return started.isEmpty() || startTime(pid) == started;
}

} // namespace

bool RunOwner::isOnThisHost(const QString &token) {
    // The host name may itself hold ':' (none does in practice); it is last.
    const QStringList parts = token.split(QLatin1Char(':'));
    return parts.size() <= 3 || parts.mid(3).join(QLatin1Char(':')) == QSysInfo::machineHostName();
}

QString RunOwner::acquire() {
    static std::atomic<quint64> counter{0};
    const qint64 pid = QCoreApplication::applicationPid();
    const QString token = QStringLiteral("%1:%2:%3:%4")
                              .arg(pid)
                              .arg(startTime(pid))
                              .arg(++counter)
                              .arg(QSysInfo::machineHostName());
    QMutexLocker lock(&liveMutex);
    liveTokens.insert(token);
    return token;
}

void RunOwner::release(const QString &token) {
    QMutexLocker lock(&liveMutex);
    liveTokens.remove(token);
}

bool RunOwner::isLive(const QString &token) {
    const QStringList parts = token.split(QLatin1Char(':'));
    if (parts.size() < 3)
        return false;
    if (!isOnThisHost(token))
        return true;
    const qint64 pid = parts[0].toLongLong();
    if (pid == QCoreApplication::applicationPid()) {
        QMutexLocker lock(&liveMutex);
        return liveTokens.contains(token);
    }
    return processAlive(pid, parts[1]);
}

} // namespace burstlab
