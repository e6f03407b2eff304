#include "host/LoadProbe.h"
#include "host/TaskStat.h"

namespace burstlab::LoadProbe {

LoadSample sample(const HostFs &fs, const QList<int> &cpus, const QSet<qint64> &ours) {
    LoadSample s;
    s.at = QDateTime::currentDateTimeUtc();
    s.cpus = cpus;
    const QString loadavg = fs.read(QStringLiteral("/proc/loadavg")).value_or(QString());
    s.load1 = loadavg.section(u' ', 0, 0).toDouble();
    for (const QString &entry : fs.list(QStringLiteral("/proc"))) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        const QString tasks = QStringLiteral("/proc/%1/task/").arg(entry);
        for (const QString &task : fs.list(tasks)) {
            const auto stat = TaskStat::read(fs, tasks + task + QStringLiteral("/stat"));
            if (!stat || stat->state != u'R')
                continue;
            if (ours.contains(pid))
                ++s.ownRunning;
            else if (cpus.contains(stat->processor))
                s.onTxCpus << QStringLiteral("%1 (%2) on CPU %3")
                                  .arg(stat->comm)
                                  .arg(pid)
                                  .arg(stat->processor);
            else
                ++s.elsewhere;
        }
    }
    return s;
}

QSet<qint64> pktgenThreads(const HostFs &fs, const QList<int> &cpus) {
    QSet<QString> names;
    for (int cpu : cpus)
        names.insert(QStringLiteral("kpktgend_%1").arg(cpu));
    QSet<qint64> pids;
    for (const QString &entry : fs.list(QStringLiteral("/proc"))) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (isPid &&
            names.contains(fs.read(QStringLiteral("/proc/%1/comm").arg(entry)).value_or(QString())))
            pids.insert(pid);
    }
    return pids;
}

} // namespace burstlab::LoadProbe
