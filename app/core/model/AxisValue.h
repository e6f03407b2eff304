#pragma once
#include <QJsonValue>
#include <QString>
#include <compare>

namespace burstlab {

// One value on a sweep axis: an integer (burst=16) or, for imported patch
// series, a label ("baseline", "patch2", "No-lock"). Numeric values stay
// numeric so charts can place them on a value axis.
class AxisValue {
  public:
    AxisValue() = default;
    explicit AxisValue(qint64 number);
    explicit AxisValue(const QString &label);

    bool isNumber() const { return m_isNumber; }
    qint64 number() const { return m_number; }
    // The label, or the number in decimal: "16", "patch2".
    QString toString() const;

    // A JSON number for numbers, a JSON string for labels.
    QJsonValue toJson() const;
    // Integral numbers and strings are accepted; anything else gives nullopt.
    static std::optional<AxisValue> fromJson(const QJsonValue &value);

    // Numbers order before labels; numbers by value, labels by text.
    std::strong_ordering operator<=>(const AxisValue &other) const;
    bool operator==(const AxisValue &other) const = default;

  private:
    bool m_isNumber = true;
    qint64 m_number = 0;
    QString m_label;
};

} // namespace burstlab
