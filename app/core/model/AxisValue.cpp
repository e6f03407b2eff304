#include "model/AxisValue.h"
#include <cmath>

namespace burstlab {

AxisValue::AxisValue(qint64 number) : m_isNumber(true), m_number(number) {}

AxisValue::AxisValue(const QString &label) : m_isNumber(false), m_label(label) {}

QString AxisValue::toString() const {
    return m_isNumber ? QString::number(m_number) : m_label;
}

QJsonValue AxisValue::toJson() const {
    return m_isNumber ? QJsonValue(m_number) : QJsonValue(m_label);
}

std::optional<AxisValue> AxisValue::fromJson(const QJsonValue &value) {
    if (value.isString())
        return AxisValue(value.toString());
    if (!value.isDouble())
        return std::nullopt;
    // QJsonValue keeps integers up to 2^53 exactly; anything fractional is
    // not an axis value.
    const double d = value.toDouble();
    if (std::trunc(d) != d || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return AxisValue(value.toInteger());
}

std::strong_ordering AxisValue::operator<=>(const AxisValue &other) const {
    if (m_isNumber != other.m_isNumber)
        return m_isNumber ? std::strong_ordering::less : std::strong_ordering::greater;
    if (m_isNumber)
        return m_number <=> other.m_number;
    const int c = m_label.compare(other.m_label);
    return c < 0 ? std::strong_ordering::less
                 : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

} // namespace burstlab
