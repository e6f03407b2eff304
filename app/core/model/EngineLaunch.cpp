#include "model/EngineLaunch.h"
#include "model/JsonReader.h"

#include <QRegularExpression>
#include <algorithm>

namespace burstlab {

namespace {

// The drivers whose port is a kernel interface named by iface=
// (engine/common/VdevArgs.cpp says the same for the engine).
const QStringList kKernelInterfaceDrivers{QStringLiteral("net_af_packet"),
                                          QStringLiteral("net_af_xdp"), QStringLiteral("net_tap")};

// The iface= of a vdev spec whose driver is one of those; empty otherwise.
QString kernelInterfaceOf(const QString &spec) {
    const QStringList parts = spec.split(u',');
    if (std::none_of(kKernelInterfaceDrivers.begin(), kKernelInterfaceDrivers.end(),
                     [&](const QString &d) { return parts.first().startsWith(d); }))
        return {};
    for (const QString &part : parts.mid(1)) {
        if (part.trimmed().startsWith(QStringLiteral("iface=")))
            return part.trimmed().mid(6);
    }
    return {};
}

} // namespace

QStringList EngineLaunch::hostDevices() const {
    QStringList devices;
    if (kind == EngineKind::Pktgen) {
        const QString list = hostDevice.isEmpty() ? device : hostDevice;
        for (const QString &d : list.split(u',', Qt::SkipEmptyParts))
            devices << d.trimmed();
        return devices;
    }
    for (const QString &spec : {pci.isEmpty() ? vdevs.value(0) : QString(), sinkVdev}) {
        const QString iface = kernelInterfaceOf(spec);
        if (!iface.isEmpty() && !devices.contains(iface))
            devices << iface;
    }
    return devices;
}

QString EngineLaunch::hostSettingRefusal(const QString &setting) const {
    if (kind == EngineKind::Pktgen || !hostDevices().isEmpty())
        return {};
    const QString port = txDevice().section(u',', 0, 0);
    const QString portKind =
        !pci.isEmpty()
            ? QStringLiteral("PCI")
            : port.left(port.lastIndexOf(QRegularExpression(QStringLiteral("[^0-9]"))) + 1);
    return QStringLiteral("%1 is a host setting of a kernel interface: %2 is a %3 port, not "
                          "one; the DPDK engine sets host settings on a net_af_packet, "
                          "net_af_xdp or net_tap port with iface=")
        .arg(setting, port, portKind);
}

QJsonObject EngineLaunch::toJson() const {
    QJsonObject o{{QStringLiteral("kind"), engineKindName(kind)},
                  {QStringLiteral("device"), device},
                  {QStringLiteral("vdevs"), QJsonArray::fromStringList(vdevs)},
                  {QStringLiteral("pci"), pci},
                  {QStringLiteral("sink_vdev"), sinkVdev},
                  {QStringLiteral("lcores"), lcores},
                  {QStringLiteral("no_huge"), noHuge},
                  {QStringLiteral("memory_mb"), memoryMb},
                  {QStringLiteral("mode"), mode},
                  {QStringLiteral("ssh_host"), sshHost},
                  {QStringLiteral("engine_path"), enginePath}};
    // Written only when set, so a launch without one reads as before.
    if (!hostDevice.isEmpty())
        o.insert(QStringLiteral("host_device"), hostDevice);
    return o;
}

std::optional<EngineLaunch> EngineLaunch::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("engine"));
    EngineLaunch e;
    const QString kind = in.string(QStringLiteral("kind"), engineKindName(e.kind));
    if (const auto known = engineKindFromName(kind))
        e.kind = *known;
    else
        in.invalid(QStringLiteral("kind"),
                   QStringLiteral("'%1' is not an engine kind (%2)")
                       .arg(kind, engineKindNames().join(QStringLiteral(" or "))));
    e.device = in.string(QStringLiteral("device"));
    e.hostDevice = in.string(QStringLiteral("host_device"));
    e.vdevs = in.strings(QStringLiteral("vdevs"));
    e.pci = in.string(QStringLiteral("pci"));
    e.sinkVdev = in.string(QStringLiteral("sink_vdev"));
    e.lcores = in.string(QStringLiteral("lcores"));
    e.noHuge = in.boolean(QStringLiteral("no_huge"), e.noHuge);
    e.memoryMb = int(in.integer(QStringLiteral("memory_mb"), e.memoryMb));
    e.mode = in.string(QStringLiteral("mode"), e.mode);
    e.sshHost = in.string(QStringLiteral("ssh_host"));
    e.enginePath = in.string(QStringLiteral("engine_path"));
    if (!in.finish(error))
        return std::nullopt;
    return e;
}

} // namespace burstlab
