#include "host/ProcessProbes.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include "host/TaskStat.h"
#include <QRegularExpression>
#include <QSet>
#include <unistd.h>

namespace burstlab {

namespace {

struct Process {
    qint64 pid = 0;
    QString comm;
    bool running = false; // some thread of it is runnable right now
};

QList<Process> processes(const HostFs &fs) {
    QList<Process> list;
    for (const QString &entry : fs.list(QStringLiteral("/proc"))) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        const QString dir = QStringLiteral("/proc/") + entry;
        const std::optional<TaskStat> main =
            isPid ? TaskStat::read(fs, dir + QStringLiteral("/stat")) : std::nullopt;
        if (!main)
            continue;
        // A busy worker thread behind a sleeping main thread still takes a CPU.
        bool running = main->state == u'R';
        for (const QString &task : fs.list(dir + QStringLiteral("/task"))) {
            if (running)
                break;
            const std::optional<TaskStat> thread =
                TaskStat::read(fs, dir + QStringLiteral("/task/") + task + QStringLiteral("/stat"));
            running = thread && thread->state == u'R';
        }
        list.append({pid, main->comm, running});
    }
    return list;
}

ProbeOutcome probeLoad(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const std::optional<QString> loadavg = fs.read(QStringLiteral("/proc/loadavg"));
    const QStringList fields = loadavg.value_or(QString()).split(u' ');
    bool ok = false;
    const double load = fields.first().toDouble(&ok);
    const qsizetype cpus = probe::onlineCpus(fs).size();
    if (!ok || fields.size() < 4 || cpus == 0)
        return ProbeOutcome::unknown(
            QStringLiteral("/proc/loadavg or the online CPU list is unreadable"));

    const qint64 self = context.selfPid != 0 ? context.selfPid : ::getpid();
    QStringList busy;
    for (const Process &p : processes(fs)) {
        if (p.running && p.pid != self)
            busy.append(QStringLiteral("%1 (%2)").arg(p.comm).arg(p.pid));
    }
    const double maxPassLoad = args.value(QLatin1String("max_pass_load")).toDouble(0.5);
    CheckStatus status = CheckStatus::Pass;
    if (load >= double(cpus) || busy.size() >= cpus)
        status = CheckStatus::Fail;
    else if (load >= maxPassLoad || !busy.isEmpty())
        status = CheckStatus::Warn;
    ProbeOutcome outcome = ProbeOutcome::judged(
        status,
        QStringLiteral("load %1 on %2 CPUs, %3 other busy")
            .arg(fields.first())
            .arg(cpus)
            .arg(busy.size()),
        busy.isEmpty() ? QString()
                       : QStringLiteral("running now: ") + busy.join(QStringLiteral(", ")));
    // The thresholds travel with the values: LoadVerdict judges the samples
    // taken during the run by the same ones.
    outcome.values = {{QLatin1String("load1"), load},
                      {QLatin1String("cpus"), double(cpus)},
                      {QLatin1String("busy"), double(busy.size())},
                      {QLatin1String("max_pass_load"), maxPassLoad}};
    return outcome;
}

ProbeOutcome probeProcessesAbsent(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const QList<Process> all = processes(fs);
    if (all.isEmpty())
        return ProbeOutcome::unknown(QStringLiteral("no processes visible under /proc"));
    const QStringList names = probe::stringArgs(args, QStringLiteral("names"));
    const QSet<QString> wanted(names.begin(), names.end());
    QStringList found;
    for (const Process &p : all) {
        if (wanted.contains(p.comm) && !found.contains(p.comm))
            found.append(p.comm);
    }
    if (found.isEmpty())
        return ProbeOutcome::judged(CheckStatus::Pass, QStringLiteral("none running"));
    const CheckStatus status =
        checkStatusFromName(args.value(QLatin1String("status_if_running")).toString());
    ProbeOutcome outcome =
        ProbeOutcome::judged(status == CheckStatus::Unknown ? CheckStatus::Warn : status,
                             QStringLiteral("running: ") + found.join(QStringLiteral(", ")));
    outcome.values = {{QLatin1String("running"), found.join(u',')}};
    return outcome;
}

// X11 displays and Wayland sockets someone listens on, from the socket table
// (/proc/net/unix): this finds a display server whatever its program is called.
QStringList listeningDisplays(const HostFs &fs) {
    static const QRegularExpression x11(QStringLiteral("/tmp/\\.X11-unix/X(\\d+)$"));
    static const QRegularExpression wayland(QStringLiteral("/(wayland-[0-9]+)$"));
    QStringList displays;
    const QString table = fs.read(QStringLiteral("/proc/net/unix")).value_or(QString());
    for (const QString &line : table.split(u'\n')) {
        QString display;
        if (const QRegularExpressionMatch m = x11.match(line); m.hasMatch())
            display = QStringLiteral("X11 display :") + m.captured(1);
        else if (const QRegularExpressionMatch w = wayland.match(line); w.hasMatch())
            display = w.captured(1);
        if (!display.isEmpty() && !displays.contains(display))
            displays.append(display);
    }
    return displays;
}

// The display the probing program itself draws on (the GUI's own), from its
// environment: a server elsewhere (ssh -X) still makes this host draw.
QStringList ownDisplays(const HostFs &fs, qint64 pid) {
    const QString path = pid != 0 ? QStringLiteral("/proc/%1/environ").arg(pid)
                                  : QStringLiteral("/proc/self/environ");
    QStringList displays;
    for (const QString &entry : fs.read(path).value_or(QString()).split(QChar(0))) {
        if (entry.startsWith(QLatin1String("DISPLAY=")) ||
            entry.startsWith(QLatin1String("WAYLAND_DISPLAY="))) {
            if (!entry.section(u'=', 1).isEmpty())
                displays.append(entry);
        }
    }
    return displays;
}

ProbeOutcome probeDisplayServer(const ProbeContext &context, const QJsonObject &args) {
    const ProbeOutcome byName = probeProcessesAbsent(context, args);
    if (byName.status == CheckStatus::Unknown)
        return byName;
    const HostFs fs(context.root);
    QStringList evidence;
    if (byName.status != CheckStatus::Pass)
        evidence.append(byName.current);
    const QStringList listening = listeningDisplays(fs);
    if (!listening.isEmpty())
        evidence.append(QStringLiteral("listening: ") + listening.join(QStringLiteral(", ")));
    const QStringList own = ownDisplays(fs, context.selfPid);
    if (!own.isEmpty())
        evidence.append(QStringLiteral("this program uses ") + own.join(QStringLiteral(", ")));
    if (evidence.isEmpty())
        return byName;
    const CheckStatus status =
        checkStatusFromName(args.value(QLatin1String("status_if_running")).toString());
    ProbeOutcome outcome =
        ProbeOutcome::judged(status == CheckStatus::Unknown ? CheckStatus::Warn : status,
                             evidence.join(QStringLiteral("; ")));
    outcome.values = byName.values;
    outcome.values.insert(QLatin1String("displays"), (listening + own).join(u','));
    return outcome;
}

} // namespace

void addProcessProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("load"), probeLoad);
    registry.add(QStringLiteral("processes_absent"), probeProcessesAbsent);
    registry.add(QStringLiteral("display_server"), probeDisplayServer);
}

} // namespace burstlab
