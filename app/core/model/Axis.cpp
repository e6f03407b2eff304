#include "model/Axis.h"
#include "model/JsonReader.h"
#include <algorithm>

namespace burstlab {

bool Axis::isNumeric() const {
    return std::all_of(values.begin(), values.end(),
                       [](const AxisValue &v) { return v.isNumber(); });
}

QString Axis::describe() const {
    return describe(name);
}

QString Axis::describe(const QString &shownName) const {
    // Runs of consecutive integers collapse to A..B so long sweeps stay short.
    QStringList items;
    for (qsizetype i = 0; i < values.size();) {
        qsizetype j = i;
        while (j + 1 < values.size() && values[i].isNumber() && values[j + 1].isNumber() &&
               values[j + 1].number() == values[j].number() + 1)
            ++j;
        if (j - i >= 2) {
            items << QStringLiteral("%1..%2").arg(values[i].number()).arg(values[j].number());
        } else {
            for (qsizetype k = i; k <= j; ++k)
                items << values[k].toString();
        }
        i = j + 1;
    }
    return shownName + QLatin1Char('=') + items.join(QLatin1Char(','));
}

QJsonObject Axis::toJson() const {
    QJsonArray array;
    for (const AxisValue &v : values)
        array.append(v.toJson());
    return {{QStringLiteral("name"), name}, {QStringLiteral("values"), array}};
}

std::optional<Axis> Axis::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("axis"));
    Axis axis;
    in.require(QStringLiteral("name"));
    axis.name = in.string(QStringLiteral("name"));
    for (const QJsonValue &item : in.array(QStringLiteral("values"))) {
        const auto value = AxisValue::fromJson(item);
        if (!value) {
            in.invalid(QStringLiteral("values"), QStringLiteral("expected integers or labels"));
            break;
        }
        axis.values << *value;
    }
    if (in.ok() && axis.name.isEmpty())
        in.invalid(QStringLiteral("name"), QStringLiteral("empty"));
    if (!in.finish(error))
        return std::nullopt;
    return axis;
}

} // namespace burstlab
