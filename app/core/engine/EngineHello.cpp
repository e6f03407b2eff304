#include "engine/EngineHello.h"
#include "engine/EngineMessageParser.h"

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

std::optional<ParameterLimit> EngineHello::limit(const QString &name) const {
    const auto it = limits.constFind(name);
    if (it == limits.constEnd())
        return std::nullopt;
    return *it;
}

bool EngineHello::knowsParameter(const QString &name) const {
    return limits.contains(name) || defaults.contains(name);
}

QString EngineHello::checkValue(const QString &name, qint64 value) const {
    const auto range = limit(name);
    if (!range)
        return knowsParameter(name)
                   ? QString()
                   : QStringLiteral("%1 is not a step parameter of this engine").arg(name);
    if (!range->contains(value))
        return QStringLiteral("%1 must be in %2..%3, got %4")
            .arg(name)
            .arg(range->min)
            .arg(range->max)
            .arg(value);
    return {};
}

QString EngineHello::summary() const {
    QString s = QStringLiteral("burstlab-engine %1, %2").arg(engineVersion, dpdkVersion);
    if (const EnginePort *p = txPort())
        s += QStringLiteral(", %1 (%2, %3 Mbit/s)").arg(p->name, p->driver).arg(p->linkSpeedMbps);
    return s;
}

} // namespace burstlab
