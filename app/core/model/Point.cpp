#include "model/Point.h"
#include <algorithm>

namespace burstlab {

QString Point::key() const {
    QStringList parts;
    for (const AxisValue &v : values)
        parts << v.toString();
    return parts.join(QLatin1Char('/'));
}

QString Point::describe(const QStringList &axisNames) const {
    if (axisNames.size() != values.size())
        return key();
    QStringList parts;
    for (qsizetype i = 0; i < values.size(); ++i)
        parts << axisNames[i] + QLatin1Char('=') + values[i].toString();
    return parts.join(QLatin1Char(' '));
}

QJsonArray Point::toJson() const {
    QJsonArray array;
    for (const AxisValue &v : values)
        array.append(v.toJson());
    return array;
}

std::optional<Point> Point::fromJson(const QJsonArray &array) {
    Point point;
    for (const QJsonValue &item : array) {
        const auto value = AxisValue::fromJson(item);
        if (!value)
            return std::nullopt;
        point.values << *value;
    }
    return point;
}

bool Point::operator<(const Point &other) const {
    return std::lexicographical_compare(values.begin(), values.end(), other.values.begin(),
                                        other.values.end());
}

} // namespace burstlab
