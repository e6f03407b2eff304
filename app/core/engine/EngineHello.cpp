#include "engine/EngineHello.h"
#include "engine/EngineMessageParser.h"
#include "model/PortDriver.h"

namespace burstlab {

std::optional<EngineHello> EngineHello::fromJson(const QJsonObject &message, QString *error) {
    const EngineMessage parsed = EngineMessageParser::parse(message);
    if (const auto *hello = std::get_if<EngineHello>(&parsed))
        return *hello;
    if (error) {
        const auto *violation = std::get_if<ProtocolViolation>(&parsed);
        *error = violation ? violation->message : QStringLiteral("not a hello message");
    }
    return std::nullopt;
}

const EnginePort *EngineHello::txPort() const {
    for (const EnginePort &p : ports) {
        if (p.role == QLatin1String("tx"))
            return &p;
    }
    return nullptr;
}

StepLimits EngineHello::stepLimits() const {
    return StepLimits::fromHello(limits, defaults);
}

QString EngineHello::transmitPath() const {
    if (kind == EngineKind::Dpdk)
        return dpdkVersion;
    return QStringLiteral("Linux %1, pktgen %2")
        .arg(kernelVersion, pktgenVersionNumber(pktgenVersion));
}

QString EngineHello::summary() const {
    QString s =
        QStringLiteral("%1 %2, %3").arg(engineProgramName(kind), engineVersion, transmitPath());
    // A virtual device's speed is nominal: said so, as the line-rate check does.
    if (const EnginePort *p = txPort())
        s += QStringLiteral(", %1 (%2, %3 Mbit/s%4)")
                 .arg(p->name, p->driver)
                 .arg(p->linkSpeedMbps)
                 .arg(driverHasNoWire(p->driver) ? QStringLiteral(" nominal, no wire: not checked")
                                                 : QString());
    return s;
}

} // namespace burstlab
