#pragma once
#include "model/AxisValue.h"
#include <QJsonArray>
#include <QList>
#include <QStringList>

namespace burstlab {

// The values of the sweep axes at one sweep point, in the order of
// SweepSpec::axes. Points of a run and of a baseline run match by key().
struct Point {
    QList<AxisValue> values;

    // Stable text identity, e.g. "16" or "16/0" (two axes) or "patch2".
    QString key() const;
    // "burst=16 clone=0" given the axis names (falls back to key() when the
    // names do not match the number of values).
    QString describe(const QStringList &axisNames) const;

    QJsonArray toJson() const;
    static std::optional<Point> fromJson(const QJsonArray &array);

    // Value by value (AxisValue order): the sort order of a sweep's points.
    bool operator<(const Point &other) const;
    bool operator==(const Point &other) const = default;
};

} // namespace burstlab
