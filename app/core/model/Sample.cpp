#include "model/Sample.h"
#include "model/JsonReader.h"

namespace burstlab {

namespace {

QJsonValue jsonOf(qint64 value) {
    return value;
}

QJsonValue jsonOf(std::optional<qint64> value) {
    return value ? QJsonValue(*value) : QJsonValue();
}

} // namespace

QJsonObject Sample::toJson() const {
    QJsonObject o;
    forEachCounter(*this, [&](const QString &key, const auto &value, FieldNeed) {
        o.insert(key, jsonOf(value));
    });
    return o;
}

std::optional<Sample> Sample::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("stats"));
    in.require(QStringLiteral("t_ns"));
    Sample s;
    forEachCounter(s, [&](const QString &key, auto &value, FieldNeed need) {
        const QJsonValue x = object.value(key);
        if (need == FieldNeed::DpdkOnly && (x.isUndefined() || x.isNull()))
            return; // not measured
        const qint64 v = in.integer(key);
        if (v < 0)
            in.invalid(key, QStringLiteral("negative"));
        value = v;
    });
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
