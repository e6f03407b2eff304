#include "host/PciProbes.h"
#include "host/CpuList.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include <QSet>

namespace burstlab {

namespace {

QString pciDevice(const ProbeContext &context) {
    return QStringLiteral("/sys/bus/pci/devices/") + context.pciAddress;
}

ProbeOutcome probePciBinding(const ProbeContext &context, const QJsonObject &args) {
    if (context.pciAddress.isEmpty())
        return ProbeOutcome::unknown(
            QStringLiteral("no PCI port: the port is a DPDK virtual device"));
    const HostFs fs(context.root);
    if (!fs.exists(pciDevice(context))) {
        return ProbeOutcome::judged(
            CheckStatus::Fail, QStringLiteral("no such device"),
            QStringLiteral("%1 is not in /sys/bus/pci/devices").arg(context.pciAddress));
    }
    const QString driver = fs.linkName(pciDevice(context) + QStringLiteral("/driver"));
    const bool iommu = !fs.list(QStringLiteral("/sys/kernel/iommu_groups")).isEmpty();
    const bool noIommuMode =
        fs.read(QStringLiteral("/sys/module/vfio/parameters/enable_unsafe_noiommu_mode")) ==
        QStringLiteral("Y");
    const QString group = fs.linkName(pciDevice(context) + QStringLiteral("/iommu_group"));
    const QString iommuText = iommu ? QStringLiteral("IOMMU on") : QStringLiteral("no IOMMU");

    CheckStatus status = CheckStatus::Fail;
    QString detail;
    if (driver.isEmpty()) {
        detail = QStringLiteral("bound to no driver");
    } else if (probe::stringArgs(args, QStringLiteral("vfio_drivers")).contains(driver)) {
        status = iommu && !noIommuMode ? CheckStatus::Pass : CheckStatus::Warn;
        detail = status == CheckStatus::Pass ? QStringLiteral("iommu group ") + group
                                             : QStringLiteral("vfio without IOMMU protection");
    } else if (probe::stringArgs(args, QStringLiteral("bifurcated_drivers")).contains(driver)) {
        status = CheckStatus::Pass; // these PMDs run on top of the kernel driver
        detail = QStringLiteral("bifurcated driver: DPDK shares the kernel driver");
    } else if (probe::stringArgs(args, QStringLiteral("uio_drivers")).contains(driver)) {
        status = CheckStatus::Warn;
        detail = QStringLiteral("UIO gives DMA without IOMMU protection");
    } else {
        detail = QStringLiteral("a kernel driver owns the port: DPDK cannot use it");
    }
    ProbeOutcome outcome = ProbeOutcome::judged(
        status,
        QStringLiteral("%1, %2").arg(driver.isEmpty() ? QStringLiteral("no driver") : driver,
                                     iommuText),
        detail);
    outcome.values = {{QLatin1String("driver"), driver}, {QLatin1String("iommu"), iommu}};
    return outcome;
}

// NUMA node of a CPU from its nodeN link in sysfs; -1 when the kernel shows none.
int cpuNode(const HostFs &fs, int cpu) {
    for (const QString &entry : fs.list(QStringLiteral("/sys/devices/system/cpu/cpu%1").arg(cpu))) {
        bool ok = false;
        const int node = entry.startsWith(QLatin1String("node")) ? entry.mid(4).toInt(&ok) : -1;
        if (ok)
            return node;
    }
    return -1;
}

ProbeOutcome probeNumaLocality(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    const std::optional<QString> online =
        fs.read(QStringLiteral("/sys/devices/system/node/online"));
    const QList<int> nodes = parseKernelCpuList(online.value_or(QString()));
    if (nodes.size() == 1)
        return ProbeOutcome::judged(CheckStatus::Pass, QStringLiteral("1 NUMA node"));
    if (nodes.isEmpty())
        return ProbeOutcome::unknown(QStringLiteral("no NUMA information in sysfs"));
    if (context.pciAddress.isEmpty()) {
        return ProbeOutcome::unknown(
            QStringLiteral("no PCI port: a virtual device has no NUMA node to match"));
    }
    bool ok = false;
    const int portNode =
        fs.read(pciDevice(context) + QStringLiteral("/numa_node")).value_or(QString()).toInt(&ok);
    if (!ok || portNode < 0) {
        return ProbeOutcome::unknown(
            QStringLiteral("firmware reports no NUMA node for %1").arg(context.pciAddress));
    }
    QList<int> remote;
    for (int cpu : probe::cpusToJudge(context, fs)) {
        if (cpuNode(fs, cpu) != portNode)
            remote.append(cpu);
    }
    ProbeOutcome outcome = ProbeOutcome::judged(
        remote.isEmpty() ? CheckStatus::Pass : CheckStatus::Fail,
        QStringLiteral("port on node %1").arg(portNode),
        remote.isEmpty() ? QString()
                         : QStringLiteral("lcores on another node: %1").arg(formatCpuList(remote)));
    outcome.values = {{QLatin1String("port_node"), portNode}};
    return outcome;
}

} // namespace

void addPciProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("pci_binding"), probePciBinding);
    registry.add(QStringLiteral("numa_locality"), probeNumaLocality);
}

} // namespace burstlab
