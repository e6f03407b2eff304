#include "host/KernelProbes.h"
#include "host/CpuList.h"
#include "host/Hugepages.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace burstlab {

namespace {

ProbeOutcome probeTunedProfile(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const std::optional<QString> profile = fs.read(QStringLiteral("/etc/tuned/active_profile"));
    if (!profile)
        return ProbeOutcome::judged(CheckStatus::Warn, QStringLiteral("tuned not installed"));
    if (profile->isEmpty())
        return ProbeOutcome::judged(CheckStatus::Warn, QStringLiteral("no profile active"));
    const QStringList good = probe::stringArgs(args, QStringLiteral("good"));
    ProbeOutcome outcome = ProbeOutcome::judged(
        good.contains(*profile) ? CheckStatus::Pass : CheckStatus::Warn, *profile);
    outcome.values = {{QLatin1String("profile"), *profile}};
    return outcome;
}

// Without loadable modules, netfilter can only be built in. It costs per packet once it
// is in use: tables registered or connections tracked.
ProbeOutcome builtInNetfilter(const HostFs &fs) {
    const QString tables = fs.read(QStringLiteral("/proc/net/ip_tables_names")).value_or(QString());
    const int tracked = fs.read(QStringLiteral("/proc/sys/net/netfilter/nf_conntrack_count"))
                            .value_or(QString())
                            .toInt();
    QStringList inUse;
    if (!tables.isEmpty())
        inUse.append(QStringLiteral("iptables tables: ") + tables.split(u'\n').join(u','));
    if (tracked > 0)
        inUse.append(QStringLiteral("conntrack tracking %1 connections").arg(tracked));
    return ProbeOutcome::judged(
        inUse.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn,
        inUse.isEmpty() ? QStringLiteral("none in use") : inUse.join(QStringLiteral("; ")),
        QStringLiteral("kernel without loadable modules: netfilter can only be built in"));
}

ProbeOutcome probeNetfilterModules(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const std::optional<QString> modules = fs.read(QStringLiteral("/proc/modules"));
    if (!modules && !fs.exists(QStringLiteral("/proc/sys/kernel")))
        return ProbeOutcome::unknown(QStringLiteral("/proc is not readable"));
    if (!modules)
        return builtInNetfilter(fs);
    const QStringList prefixes = probe::stringArgs(args, QStringLiteral("prefixes"));
    QStringList loaded;
    for (const QString &line : modules->split(u'\n', Qt::SkipEmptyParts)) {
        const QString name = line.section(u' ', 0, 0);
        for (const QString &prefix : prefixes) {
            if (name.startsWith(prefix)) {
                loaded.append(name);
                break;
            }
        }
    }
    ProbeOutcome outcome = ProbeOutcome::judged(
        loaded.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn,
        loaded.isEmpty() ? QStringLiteral("none") : loaded.join(QStringLiteral(", ")));
    outcome.values = {{QLatin1String("modules"), loaded.join(u',')}};
    return outcome;
}

ProbeOutcome probeHugepages(const ProbeContext &context, const QJsonObject &args) {
    const std::optional<double> mb = reservedHugepagesMb(HostFs(context.root));
    if (!mb)
        return ProbeOutcome::unknown(
            QStringLiteral("no huge page counts in sysfs or /proc/meminfo"));
    const double minMb = args.value(QLatin1String("min_mb")).toDouble(512);
    ProbeOutcome outcome = ProbeOutcome::judged(
        *mb >= minMb ? CheckStatus::Pass : CheckStatus::Warn,
        QStringLiteral("%1 MB reserved").arg(*mb),
        *mb > 0 ? QString()
                : QStringLiteral("the engine falls back to --no-huge: mbufs on 4 KB pages"));
    outcome.values = {{QLatin1String("hugepages_mb"), *mb}};
    return outcome;
}

// IRQs of a netdev: queue IRQs named after it ("eth5-TxRx-0") and the MSI vectors of its
// device or, for virtio, of the PCI function the virtio device sits on.
QList<int> netdevIrqs(const HostFs &fs, const QString &interrupts, const QString &netdev) {
    QList<int> irqs;
    const QRegularExpression ownName(
        QStringLiteral("\\b%1(-|$)").arg(QRegularExpression::escape(netdev)));
    for (const QString &line : interrupts.split(u'\n')) {
        bool isNumber = false;
        const int irq = line.section(u':', 0, 0).trimmed().toInt(&isNumber);
        if (isNumber && ownName.match(line).hasMatch())
            irqs.append(irq);
    }
    const QString device =
        QFileInfo(fs.path(QStringLiteral("/sys/class/net/%1/device").arg(netdev)))
            .canonicalFilePath();
    if (!device.isEmpty()) {
        for (const QString &dir : {device, QFileInfo(device).absolutePath()}) {
            for (const QString &entry :
                 QDir(dir + QStringLiteral("/msi_irqs")).entryList(QDir::Files))
                irqs.append(entry.toInt());
        }
    }
    std::sort(irqs.begin(), irqs.end());
    irqs.erase(std::unique(irqs.begin(), irqs.end()), irqs.end());
    return irqs;
}

ProbeOutcome probeIrqAffinity(const ProbeContext &context, const QJsonObject &) {
    if (context.netdev.isEmpty())
        return ProbeOutcome::unknown(probe::noNetdevReason(context) +
                                     QStringLiteral(" (polled, it raises no interrupts)"));
    const HostFs fs(context.root);
    const std::optional<QString> interrupts = fs.read(QStringLiteral("/proc/interrupts"));
    if (!interrupts)
        return ProbeOutcome::unknown(QStringLiteral("/proc/interrupts unreadable"));
    QStringList pinned;
    QStringList spread;
    for (int irq : netdevIrqs(fs, *interrupts, context.netdev)) {
        const QString affinity =
            fs.read(QStringLiteral("/proc/irq/%1/smp_affinity_list").arg(irq)).value_or(QString());
        (parseKernelCpuList(affinity).size() == 1 ? pinned : spread)
            .append(QStringLiteral("%1->%2").arg(irq).arg(affinity));
    }
    if (pinned.isEmpty() && spread.isEmpty()) {
        return ProbeOutcome::unknown(
            QStringLiteral("no IRQs found for '%1' (virtual netdevs such as veth have none)")
                .arg(context.netdev));
    }
    return ProbeOutcome::judged(spread.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn,
                                QStringLiteral("%1 of %2 IRQs pinned to one CPU")
                                    .arg(pinned.size())
                                    .arg(pinned.size() + spread.size()),
                                spread.isEmpty() ? pinned.join(u' ')
                                                 : QStringLiteral("spread: ") + spread.join(u' '));
}

} // namespace

void addKernelProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("tuned_profile"), probeTunedProfile);
    registry.add(QStringLiteral("netfilter_modules"), probeNetfilterModules);
    registry.add(QStringLiteral("hugepages"), probeHugepages);
    registry.add(QStringLiteral("irq_affinity"), probeIrqAffinity);
}

} // namespace burstlab
