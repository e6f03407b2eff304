#include "model/SweepSpec.h"
#include "model/JsonReader.h"
#include "model/StepParameters.h"

namespace burstlab {

QList<Point> SweepSpec::points() const {
    QList<Point> result{Point{}};
    // Later axes vary slowest: build from the last axis inwards.
    for (auto axis = axes.crbegin(); axis != axes.crend(); ++axis) {
        QList<Point> next;
        for (const Point &outer : result) {
            for (const AxisValue &v : axis->values) {
                Point p;
                p.values << v << outer.values;
                next << p;
            }
        }
        result = next;
    }
    return result;
}

QStringList SweepSpec::axisNames() const {
    QStringList names;
    for (const Axis &axis : axes)
        names << axis.name;
    return names;
}

QString SweepSpec::describe() const {
    QStringList parts;
    for (const Axis &axis : axes)
        parts << axis.describe();
    QString text = parts.join(QStringLiteral(" x "));
    const QStringList fixedParts = fixedChanges();
    // An import without axes (a netperf table) has its fixed settings alone.
    if (!fixedParts.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) + fixedParts.join(u' ');
    if (durationMs <= 0)
        return text;
    const QString repetitions = repsText() + (untilPrecise ? QStringLiteral(" reps until precise")
                                                           : QStringLiteral(" reps"));
    return QStringLiteral("%1; %2 x %3 ms").arg(text, repetitions).arg(durationMs);
}

void SweepSpec::setUntilPrecise(const std::optional<PrecisionTarget> &target) {
    untilPrecise = target;
    if (target)
        reps = PrecisionTarget::kMinReps;
}

QString SweepSpec::repsText() const {
    return untilPrecise ? QStringLiteral("%1..%2").arg(reps).arg(untilPrecise->maxReps)
                        : QString::number(reps);
}

QStringList SweepSpec::fixedChanges() const {
    QStringList changes;
    for (auto it = fixed.constBegin(); it != fixed.constEnd(); ++it) {
        const QJsonValue value = it.value();
        if (value == StepParameters::defaultOf(it.key(), engine.kind))
            continue;
        if (value.isBool()) {
            if (value.toBool())
                changes << it.key(); // "timestamp": off is the default
            continue;
        }
        changes << it.key() + QLatin1Char('=') + StepParameter::text(value);
    }
    return changes;
}

QJsonObject SweepSpec::toJson() const {
    QJsonArray axisArray;
    for (const Axis &axis : axes)
        axisArray.append(axis.toJson());
    // The seed is a string: JSON numbers lose integers above 2^53.
    QJsonObject o{{QStringLiteral("engine"), engine.toJson()},
                  {QStringLiteral("axes"), axisArray},
                  {QStringLiteral("fixed"), fixed},
                  {QStringLiteral("reps"), reps},
                  {QStringLiteral("duration_ms"), durationMs},
                  {QStringLiteral("warmup_ms"), warmupMs},
                  {QStringLiteral("pause_ms"), pauseMs},
                  {QStringLiteral("randomize"), randomize},
                  {QStringLiteral("seed"), QString::number(seed)}};
    if (linkSpeedMbps)
        o.insert(QStringLiteral("link_speed_mbps"), *linkSpeedMbps);
    o.insert(QStringLiteral("noise"), noise.toJson());
    if (untilPrecise)
        o.insert(QStringLiteral("until_precise"), untilPrecise->toJson());
    if (!importWarnings.isEmpty())
        o.insert(QStringLiteral("import_warnings"), QJsonArray::fromStringList(importWarnings));
    if (importOrigin)
        o.insert(QStringLiteral("import_origin"), importOrigin->toJson());
    return o;
}

std::optional<SweepSpec> SweepSpec::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("sweep"));
    SweepSpec s;
    if (const auto engine = EngineLaunch::fromJson(in.object(QStringLiteral("engine")), error))
        s.engine = *engine;
    else
        return std::nullopt;
    for (const QJsonValue &item : in.array(QStringLiteral("axes"))) {
        const auto axis = Axis::fromJson(item.toObject(), error);
        if (!axis)
            return std::nullopt;
        s.axes << *axis;
    }
    s.fixed = in.object(QStringLiteral("fixed"));
    s.reps = int(in.integer(QStringLiteral("reps"), s.reps));
    s.durationMs = int(in.integer(QStringLiteral("duration_ms"), s.durationMs));
    s.warmupMs =
        int(in.integer(QStringLiteral("warmup_ms"), defaultWarmupMs(s.durationMs, s.engine.kind)));
    s.pauseMs = int(in.integer(QStringLiteral("pause_ms"), s.pauseMs));
    s.randomize = in.boolean(QStringLiteral("randomize"), s.randomize);
    s.linkSpeedMbps = in.optionalNumber(QStringLiteral("link_speed_mbps"));
    s.importWarnings = in.strings(QStringLiteral("import_warnings"));
    if (object.value(QLatin1String("import_origin")).isObject()) {
        QString why;
        s.importOrigin = ImportOrigin::fromJson(in.object(QStringLiteral("import_origin")), &why);
        if (!s.importOrigin)
            in.invalid(QStringLiteral("import_origin"), why);
    }
    s.noise = NoisePolicy::fromJson(in.object(QStringLiteral("noise")), in);
    if (object.value(QLatin1String("until_precise")).isObject())
        s.untilPrecise = PrecisionTarget::fromJson(in.object(QStringLiteral("until_precise")), in);
    bool seedOk = true;
    const QString seedText = in.string(QStringLiteral("seed"), QStringLiteral("0"));
    s.seed = seedText.toULongLong(&seedOk);
    if (!seedOk)
        in.invalid(QStringLiteral("seed"), QStringLiteral("'%1' is not a number").arg(seedText));
    if (in.ok() && s.reps < 1)
        in.invalid(QStringLiteral("reps"), QStringLiteral("must be at least 1"));
    if (in.ok() && s.linkSpeedMbps && *s.linkSpeedMbps <= 0)
        in.invalid(QStringLiteral("link_speed_mbps"), QStringLiteral("must be positive"));
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
