#include "model/EngineIdentity.h"

#include <QRegularExpression>

namespace burstlab {

namespace {
// pgctrl's first line is "Packet Generator for packet performance testing.
// Version: 2.75": its number is the version.
QString pktgenNumber(const QString &line) {
    static const QRegularExpression number(
        QStringLiteral("(?:version:?\\s*|\\bv)([0-9]+(?:\\.[0-9]+)*)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = number.match(line);
    return match.hasMatch() ? match.captured(1) : line.trimmed();
}
} // namespace

EngineIdentity EngineIdentity::of(const QJsonObject &hello, EngineKind launched) {
    EngineIdentity id;
    id.kind = hello.isEmpty()
                  ? launched
                  : engineKindFromName(hello.value(QStringLiteral("engine_kind")).toString())
                        .value_or(EngineKind::Dpdk);
    id.dpdkVersion = hello.value(QStringLiteral("dpdk_version")).toString().trimmed();
    if (id.dpdkVersion.startsWith(QLatin1String("DPDK ")))
        id.dpdkVersion = id.dpdkVersion.mid(5);
    id.kernelVersion = hello.value(QStringLiteral("kernel_version")).toString().trimmed();
    id.pktgenVersion = pktgenNumber(hello.value(QStringLiteral("pktgen_version")).toString());
    return id;
}

QString EngineIdentity::text() const {
    if (kind == EngineKind::Dpdk)
        return dpdkVersion.isEmpty() ? QStringLiteral("DPDK")
                                     : QStringLiteral("DPDK ") + dpdkVersion;
    QString text = QStringLiteral("kernel pktgen");
    if (!pktgenVersion.isEmpty())
        text += QLatin1Char(' ') + pktgenVersion;
    if (!kernelVersion.isEmpty())
        text += QStringLiteral(" (Linux %1)").arg(kernelVersion);
    return text;
}

} // namespace burstlab
