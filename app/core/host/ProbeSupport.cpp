#include "host/ProbeSupport.h"
#include "host/CpuList.h"
#include <QJsonArray>

namespace burstlab::probe {

QList<int> onlineCpus(const HostFs &fs) {
    return parseKernelCpuList(
        fs.read(QStringLiteral("/sys/devices/system/cpu/online")).value_or(QString()));
}

QList<int> cpusToJudge(const ProbeContext &context, const HostFs &fs) {
    return context.lcores.isEmpty() ? onlineCpus(fs) : context.lcores;
}

std::optional<QString> kernelParam(const HostFs &fs, const QString &name) {
    const QString cmdline = fs.read(QStringLiteral("/proc/cmdline")).value_or(QString());
    std::optional<QString> found;
    // Everything after " -- " belongs to init, not to the kernel.
    for (const QString &word : cmdline.section(QStringLiteral(" -- "), 0, 0).split(u' ')) {
        if (word == name)
            found = QString();
        else if (word.startsWith(name + u'='))
            found = word.mid(name.size() + 1); // the kernel honours the last occurrence
    }
    return found;
}

QStringList stringArgs(const QJsonObject &args, const QString &key) {
    QStringList list;
    for (const QJsonValue &value : args.value(key).toArray())
        list.append(value.toString());
    return list;
}

QString noNetdevReason(const ProbeContext &context) {
    if (!context.pciAddress.isEmpty()) {
        return QStringLiteral("no kernel netdev: PCI port %1 is driven by DPDK, not the kernel")
            .arg(context.pciAddress);
    }
    return QStringLiteral("no kernel netdev: the port is a DPDK virtual device");
}

} // namespace burstlab::probe
