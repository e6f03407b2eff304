#include "model/StepLimits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace burstlab {

namespace {

bool isInteger(const QJsonValue &v) {
    return v.isDouble() && std::trunc(v.toDouble()) == v.toDouble();
}

QString valueText(const QJsonValue &v) {
    if (v.isString())
        return QStringLiteral("'%1'").arg(v.toString());
    if (v.isArray() && v.toArray().size() == 2 && isInteger(v.toArray().at(0)) &&
        isInteger(v.toArray().at(1)))
        return QStringLiteral("%1-%2")
            .arg(v.toArray().at(0).toInteger())
            .arg(v.toArray().at(1).toInteger());
    if (isInteger(v))
        return QString::number(v.toInteger());
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

} // namespace

StepLimits StepLimits::documented(EngineKind kind) {
    StepLimits l;
    for (const StepParameter &p : StepParameters::all()) {
        l.m_known << p.name;
        if (p.type == ParameterType::Integer || p.type == ParameterType::PortRange)
            l.m_ranges.insert(p.name, {p.min, p.maxFor(kind)});
        if (const QJsonValue value = p.defaultFor(kind); !value.isUndefined())
            l.m_defaults.insert(p.name, value);
    }
    return l;
}

StepLimits StepLimits::fromHello(const QMap<QString, ParameterLimit> &limits,
                                 const QJsonObject &defaults) {
    StepLimits l;
    l.m_fromEngine = true;
    l.m_ranges = limits;
    l.m_defaults = defaults;
    l.m_known = limits.keys();
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        if (!l.m_known.contains(it.key()))
            l.m_known << it.key();
    }
    return l;
}

bool StepLimits::knows(const QString &name) const {
    return m_known.contains(name);
}

std::optional<ParameterLimit> StepLimits::range(const QString &name) const {
    const auto it = m_ranges.constFind(name);
    if (it == m_ranges.constEnd())
        return std::nullopt;
    return *it;
}

QJsonValue StepLimits::defaultValue(const QString &name) const {
    return m_defaults.value(name);
}

QString StepLimits::check(const QString &name, const QJsonValue &value) const {
    if (!knows(name))
        return m_fromEngine ? QStringLiteral("%1 is not a step parameter of this engine").arg(name)
                            : QStringLiteral("%1 is not a step parameter").arg(name);
    const StepParameter *p = StepParameters::find(name);
    const auto r = range(name);
    // A parameter only a newer engine knows: its range is all this program
    // can check.
    const ParameterType type = p ? p->type : (r ? ParameterType::Integer : ParameterType::Boolean);
    const QString got = valueText(value);
    switch (type) {
    case ParameterType::Integer:
        if (!isInteger(value))
            return QStringLiteral("%1 must be an integer, got %2").arg(name, got);
        if (r && !r->contains(value.toInteger()))
            return QStringLiteral("%1 must be in %2..%3, got %4")
                .arg(name)
                .arg(r->min)
                .arg(r->max)
                .arg(got);
        return {};
    case ParameterType::PortRange: {
        const QJsonArray a = value.toArray();
        const bool ok = value.isArray() && a.size() == 2 && isInteger(a[0]) && isInteger(a[1]) &&
                        a[0].toInteger() <= a[1].toInteger() &&
                        (!r || (r->contains(a[0].toInteger()) && r->contains(a[1].toInteger())));
        if (!ok)
            return QStringLiteral("%1 must be a port range LO-HI with %2 <= LO <= HI <= %3, got %4")
                .arg(name)
                .arg(r ? r->min : 0)
                .arg(r ? r->max : 65535)
                .arg(got);
        return {};
    }
    case ParameterType::Boolean:
    case ParameterType::Mac:
    case ParameterType::Ipv4:
    case ParameterType::Ipv6:
    case ParameterType::Choice:
    case ParameterType::FlagSet:
        if (p && type == ParameterType::FlagSet &&
            (!value.isArray() || !p->parse(StepParameter::text(value), nullptr)))
            return QStringLiteral("%1 must be %2, got %3")
                .arg(name, p->allowed(), StepParameter::text(value));
        if (p && type != ParameterType::FlagSet &&
            !p->parse(value.isString() ? value.toString() : valueText(value), nullptr))
            return QStringLiteral("%1 must be %2, got %3").arg(name, p->allowed(), got);
        if (p && type == ParameterType::Boolean && !value.isBool())
            return QStringLiteral("%1 must be true or false, got %2").arg(name, got);
        return {};
    }
    return {};
}

QString StepLimits::allowed(const QString &name) const {
    const StepParameter *documented = StepParameters::find(name);
    const auto r = range(name);
    if (!documented)
        return r ? QStringLiteral("%1..%2").arg(r->min).arg(r->max) : QString();
    StepParameter p = *documented;
    if (r) {
        p.min = r->min;
        p.max = r->max;
    }
    return p.allowed();
}

QString StepLimits::tooltip(const QString &name) const {
    const StepParameter *p = StepParameters::find(name);
    if (!p)
        return name;
    const QString unit = p->unit.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(p->unit);
    return QStringLiteral("%1%2: %3; allowed %4").arg(name, unit, p->help, allowed(name));
}

} // namespace burstlab
