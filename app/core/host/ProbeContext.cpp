#include "host/ProbeContext.h"
#include "host/CpuList.h"
#include "host/ProbeSupport.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

const QRegularExpression &pciPattern() {
    static const QRegularExpression pci(
        QStringLiteral("^(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]$"));
    return pci;
}

} // namespace

ProbeContext ProbeContext::forLaunch(const EngineLaunch &launch, const QList<int> &lcores,
                                     const QString &root) {
    if (launch.kind == EngineKind::Dpdk) {
        ProbeContext context = forPort(launch.txDevice(), lcores);
        context.root = root;
        return context;
    }
    ProbeContext context;
    context.root = root;
    context.lcores = lcores;
    context.engineKind = launch.kind;
    // Of several devices the first is probed (its NIC's items stand for the
    // others').
    context.netdev = launch.device.section(u',', 0, 0);
    // A NIC's netdev links to its PCI function; a virtual one (dummy, veth) to none.
    const QString function =
        HostFs(root).linkName(QStringLiteral("/sys/class/net/%1/device").arg(context.netdev));
    if (pciPattern().match(function).hasMatch())
        context.pciAddress = function;
    return context;
}

ProbeContext ProbeContext::forPort(const QString &portSpec, const QList<int> &lcores) {
    ProbeContext context;
    context.lcores = lcores;
    const QRegularExpression &pci = pciPattern();
    const QStringList parts = portSpec.split(u',');
    const QString device = parts.first().trimmed();
    if (pci.match(device).hasMatch()) {
        context.pciAddress = device.count(u':') == 1 ? QStringLiteral("0000:") + device : device;
        return context;
    }
    // Virtual devices that send through a kernel netdev name it with iface=.
    for (const QString &part : parts.mid(1)) {
        if (part.trimmed().startsWith(QStringLiteral("iface=")))
            context.netdev = part.trimmed().mid(6);
    }
    return context;
}

QList<int> ProbeContext::defaultTxLcores() const {
    // The engine's default: every CPU, the first as the main lcore and the
    // next eight at most transmitting; one CPU does both.
    constexpr qsizetype maxWorkers = 8;
    const QList<int> online = probe::onlineCpus(HostFs(root));
    return online.size() <= 1 ? online : online.mid(1, maxWorkers);
}

QString ProbeContext::expand(QString text) const {
    text.replace(QStringLiteral("{netdev}"), netdev.isEmpty() ? QStringLiteral("IFACE") : netdev);
    text.replace(QStringLiteral("{pci}"),
                 pciAddress.isEmpty() ? QStringLiteral("ADDR") : pciAddress);
    const QList<int> tx = lcores.isEmpty() ? defaultTxLcores() : lcores;
    text.replace(QStringLiteral("{lcores}"),
                 tx.isEmpty() ? QStringLiteral("CPUS") : formatCpuList(tx));
    return text;
}

} // namespace burstlab
