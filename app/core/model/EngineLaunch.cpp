#include "model/EngineLaunch.h"
#include "model/JsonReader.h"

namespace burstlab {

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
