#pragma once
#include "model/AxisValue.h"
#include <QJsonObject>
#include <QList>
#include <QString>

namespace burstlab {

// One swept parameter: an engine step parameter name (burst, clone, ...) or,
// for imported tables, any name ("patch"), with its values in sweep order.
struct Axis {
    QString name;
    QList<AxisValue> values;

    // True when every value is a number (the axis can be charted as values).
    bool isNumeric() const;
    // "burst=1,2,3,16": the compact form used in run summaries.
    QString describe() const;
    // The same under another name for the parameter (pktgen's "skb_burst").
    QString describe(const QString &shownName) const;

    QJsonObject toJson() const;
    static std::optional<Axis> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const Axis &other) const = default;
};

} // namespace burstlab
