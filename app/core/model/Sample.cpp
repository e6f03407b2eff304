#include "model/Sample.h"
#include "model/JsonReader.h"

namespace burstlab {

QJsonObject Sample::toJson() const {
    QJsonObject o;
    forEachCounter(*this, [&](const QString &key, qint64 value) { o.insert(key, value); });
    return o;
}

std::optional<Sample> Sample::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("stats"));
    in.require(QStringLiteral("t_ns"));
    Sample s;
    forEachCounter(s, [&](const QString &key, qint64 &value) {
        value = in.integer(key);
        if (value < 0)
            in.invalid(key, QStringLiteral("negative"));
    });
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
