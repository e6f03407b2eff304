#include "host/QueueProbes.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <algorithm>

namespace burstlab {

namespace {

// The kernel's own ceiling of a BQL limit (DQL_MAX_LIMIT): a limit_max below
// it was set by someone.
constexpr qint64 dqlMaxLimit = 1879048192;

// The netdev's /sys directory, or why there is none to read: a netdev in
// another namespace has its own /sys, not this one's.
std::optional<QString> sysDir(const ProbeContext &context, const HostFs &fs, QString *why) {
    if (context.netdev.isEmpty()) {
        *why = probe::noNetdevReason(context);
        return std::nullopt;
    }
    if (!context.netns.isEmpty()) {
        *why = QStringLiteral("%1 is in namespace %2, whose /sys this process does not see")
                   .arg(context.netdev, context.netns);
        return std::nullopt;
    }
    const QString dir = QStringLiteral("/sys/class/net/") + context.netdev;
    if (!fs.exists(dir)) {
        *why = QStringLiteral("no kernel netdev %1 on this host").arg(context.netdev);
        return std::nullopt;
    }
    return dir;
}

ProbeOutcome probeTxQueueLen(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    QString why;
    const auto dir = sysDir(context, fs, &why);
    if (!dir)
        return ProbeOutcome::unknown(why);
    bool ok = false;
    const qint64 length =
        fs.read(*dir + QStringLiteral("/tx_queue_len")).value_or(QString()).toLongLong(&ok);
    if (!ok)
        return ProbeOutcome::unknown(QStringLiteral("%1/tx_queue_len unreadable").arg(*dir));
    const qint64 minimum = args.value(QLatin1String("min")).toInteger(1000);
    ProbeOutcome outcome =
        ProbeOutcome::judged(length >= minimum ? CheckStatus::Pass : CheckStatus::Warn,
                             QString::number(length), QStringLiteral("%1/tx_queue_len").arg(*dir));
    // txqueuelen: the step parameter's name, for a trial of the fix.
    outcome.values = {{QLatin1String("tx_queue_len"), length},
                      {QLatin1String("txqueuelen"), length}};
    return outcome;
}

// Every TX queue's byte queue limit: a limit_max below the kernel's ceiling
// caps how much the qdisc may dequeue in bulk. A device without BQL (most
// virtual ones) has no such cap.
ProbeOutcome probeBql(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    QString why;
    const auto dir = sysDir(context, fs, &why);
    if (!dir)
        return ProbeOutcome::unknown(why);
    QStringList capped, limits;
    int withBql = 0;
    qint64 lowestMax = dqlMaxLimit; // the step parameter bql_limit_max sets every queue's
    for (const QString &queue : fs.list(*dir + QStringLiteral("/queues"))) {
        if (!queue.startsWith(QLatin1String("tx-")))
            continue;
        const QString bql = QStringLiteral("%1/queues/%2/byte_queue_limits/").arg(*dir, queue);
        const auto limit = fs.read(bql + QStringLiteral("limit"));
        const auto max = fs.read(bql + QStringLiteral("limit_max"));
        if (!limit || !max)
            continue;
        ++withBql;
        limits << QStringLiteral("%1 %2 of %3").arg(queue, *limit, *max);
        lowestMax = std::min(lowestMax, max->toLongLong());
        if (max->toLongLong() < dqlMaxLimit)
            capped << QStringLiteral("%1 limit_max %2").arg(queue, *max);
    }
    ProbeOutcome outcome;
    if (withBql == 0) {
        outcome = ProbeOutcome::judged(CheckStatus::Pass,
                                       QStringLiteral("no byte queue limits (driver without BQL)"));
    } else if (!capped.isEmpty()) {
        outcome = ProbeOutcome::judged(CheckStatus::Warn, capped.join(QStringLiteral(", ")),
                                       limits.join(QStringLiteral(", ")));
    } else {
        outcome = ProbeOutcome::judged(CheckStatus::Pass,
                                       QStringLiteral("limit_max not capped on %1 TX queue%2")
                                           .arg(withBql)
                                           .arg(withBql == 1 ? "" : "s"),
                                       limits.join(QStringLiteral(", ")));
    }
    outcome.values = {{QLatin1String("bql_queues"), withBql},
                      {QLatin1String("bql_capped"), int(capped.size())}};
    // Without BQL there is no limit_max to set (a trial of the fix says so).
    if (withBql > 0)
        outcome.values.insert(QLatin1String("bql_limit_max"), lowestMax);
    return outcome;
}

// tc rather than an RTM_GETQDISC request of our own: iproute2 is installed
// with burstlab already, its JSON is stable, and `tc -n` reads a device in a
// named namespace without this thread entering it.
ProbeOutcome probeRootQdisc(const ProbeContext &context, const QJsonObject &) {
    if (context.netdev.isEmpty())
        return ProbeOutcome::unknown(probe::noNetdevReason(context));
    QStringList args;
    if (!context.netns.isEmpty())
        args << QStringLiteral("-n") << context.netns;
    args << QStringLiteral("-j") << QStringLiteral("qdisc") << QStringLiteral("show")
         << QStringLiteral("dev") << context.netdev;
    const QString program = HostFs(context.root).program(QStringLiteral("tc"));
    if (program.isEmpty())
        return ProbeOutcome::unknown(QStringLiteral("tc is not installed here"));
    QProcess tc;
    tc.start(program, args);
    if (!tc.waitForFinished(5000) || tc.exitStatus() != QProcess::NormalExit ||
        tc.exitCode() != 0) {
        const QString why = QString::fromLocal8Bit(tc.readAllStandardError()).trimmed();
        return ProbeOutcome::unknown(
            QStringLiteral("tc qdisc show dev %1: %2")
                .arg(context.netdev, why.isEmpty() ? tc.errorString() : why));
    }
    return judgeRootQdisc(tc.readAllStandardOutput());
}

} // namespace

ProbeOutcome judgeRootQdisc(const QByteArray &tcJson) {
    const QJsonArray qdiscs = QJsonDocument::fromJson(tcJson).array();
    for (const QJsonValue &q : qdiscs) {
        if (!q[QLatin1String("root")].toBool())
            continue;
        const QString kind = q[QLatin1String("kind")].toString();
        static const QStringList shaping{QStringLiteral("tbf"),    QStringLiteral("htb"),
                                         QStringLiteral("hfsc"),   QStringLiteral("cbq"),
                                         QStringLiteral("cake"),   QStringLiteral("netem"),
                                         QStringLiteral("taprio"), QStringLiteral("etf")};
        ProbeOutcome outcome = ProbeOutcome::judged(
            shaping.contains(kind) ? CheckStatus::Warn : CheckStatus::Pass, kind,
            QStringLiteral("handle %1").arg(q[QLatin1String("handle")].toString()));
        outcome.values = {{QLatin1String("qdisc"), kind}};
        return outcome;
    }
    // tc hides the noop qdisc a device has while it is down.
    ProbeOutcome outcome =
        ProbeOutcome::judged(CheckStatus::Warn, QStringLiteral("noop"),
                             QStringLiteral("tc shows no root qdisc: the device is down"));
    outcome.values = {{QLatin1String("qdisc"), QStringLiteral("noop")}};
    return outcome;
}

void addQueueProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("root_qdisc"), probeRootQdisc);
    registry.add(QStringLiteral("tx_queue_len"), probeTxQueueLen);
    registry.add(QStringLiteral("bql"), probeBql);
}

} // namespace burstlab
