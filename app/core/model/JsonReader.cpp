#include "model/JsonReader.h"
#include <cmath>

namespace burstlab {

QString dateTimeText(const QDateTime &time) {
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime dateTimeFromText(const QString &text) {
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

JsonReader::JsonReader(const QJsonObject &object, const QString &context)
    : m_object(object), m_context(context) {}

bool JsonReader::typed(const QString &key, bool matches, const char *expected) {
    if (matches)
        return true;
    invalid(key, QStringLiteral("expected %1").arg(QLatin1String(expected)));
    return false;
}

void JsonReader::invalid(const QString &key, const QString &why) {
    if (m_error.isEmpty())
        m_error = QStringLiteral("%1.%2: %3").arg(m_context, key, why);
}

bool JsonReader::require(const QString &key) {
    if (m_object.contains(key))
        return true;
    invalid(key, QStringLiteral("missing"));
    return false;
}

QString JsonReader::string(const QString &key, const QString &fallback) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isString(), "a string"))
        return fallback;
    return v.toString();
}

qint64 JsonReader::integer(const QString &key, qint64 fallback) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isDouble(), "an integer"))
        return fallback;
    const double d = v.toDouble();
    if (!typed(key, std::trunc(d) == d, "an integer"))
        return fallback;
    return v.toInteger();
}

double JsonReader::number(const QString &key, double fallback) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isDouble(), "a number"))
        return fallback;
    return v.toDouble();
}

bool JsonReader::boolean(const QString &key, bool fallback) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isBool(), "true or false"))
        return fallback;
    return v.toBool();
}

QJsonObject JsonReader::object(const QString &key) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isObject(), "an object"))
        return {};
    return v.toObject();
}

QJsonArray JsonReader::array(const QString &key) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || !typed(key, v.isArray(), "an array"))
        return {};
    return v.toArray();
}

QStringList JsonReader::strings(const QString &key) {
    QStringList list;
    for (const QJsonValue &v : array(key)) {
        if (!typed(key, v.isString(), "an array of strings"))
            return {};
        list << v.toString();
    }
    return list;
}

QDateTime JsonReader::dateTime(const QString &key) {
    const QString text = string(key);
    if (text.isEmpty())
        return {};
    const QDateTime time = dateTimeFromText(text);
    if (!time.isValid())
        invalid(key, QStringLiteral("'%1' is not an ISO 8601 time").arg(text));
    return time;
}

std::optional<double> JsonReader::optionalNumber(const QString &key) {
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    return number(key);
}

bool JsonReader::finish(QString *error) const {
    if (error && !ok())
        *error = m_error;
    return ok();
}

} // namespace burstlab
