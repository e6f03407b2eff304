#include "host/CheckItem.h"
#include <QJsonArray>

namespace burstlab {

QString CheckItem::fixFor(const QJsonObject &values) const {
    const QJsonValue chosen = fixes.value(values.value(fixKey).toString());
    return fixKey.isEmpty() || !chosen.isString() ? fix : chosen.toString();
}

std::optional<CheckItem> CheckItem::fromJson(const QJsonObject &object, QString *error) {
    CheckItem item;
    item.id = object.value(QLatin1String("id")).toString();
    item.title = object.value(QLatin1String("title")).toString();
    item.why = object.value(QLatin1String("why")).toString();
    item.source = object.value(QLatin1String("source")).toString();
    const QJsonObject probe = object.value(QLatin1String("probe")).toObject();
    item.probe = probe.value(QLatin1String("name")).toString();
    item.args = probe.value(QLatin1String("args")).toObject();
    item.recommended = object.value(QLatin1String("recommended")).toString();
    item.fix = object.value(QLatin1String("fix")).toString();
    const QJsonObject fixBy = object.value(QLatin1String("fix_by")).toObject();
    item.fixKey = fixBy.value(QLatin1String("value")).toString();
    item.fixes = fixBy.value(QLatin1String("fixes")).toObject();
    for (const QJsonValue &need : object.value(QLatin1String("fix_needs")).toArray())
        item.fixNeeds << need.toString();
    item.fixByHand = object.value(QLatin1String("fix_by_hand")).toString();
    item.note = object.value(QLatin1String("note")).toString();
    for (const QJsonValue &setting : object.value(QLatin1String("settings")).toArray())
        item.settings << setting.toString();
    item.recommendedSettings = object.value(QLatin1String("recommended_settings")).toObject();
    for (auto it = item.recommendedSettings.begin(); it != item.recommendedSettings.end(); ++it) {
        if (!item.settings.contains(it.key())) {
            if (error) {
                *error = QStringLiteral("checklist item '%1': \"recommended_settings\" names "
                                        "'%2', which its \"settings\" do not")
                             .arg(item.id, it.key());
            }
            return std::nullopt;
        }
    }
    item.volatileValue = object.value(QLatin1String("volatile")).toBool();
    for (const QJsonValue &engine : object.value(QLatin1String("engines")).toArray()) {
        const auto kind = engineKindFromName(engine.toString());
        if (!kind) {
            if (error) {
                *error = QStringLiteral("checklist item '%1': \"engines\" holds '%2', not %3")
                             .arg(item.id, engine.toString(),
                                  engineKindNames().join(QStringLiteral(" or ")));
            }
            return std::nullopt;
        }
        item.engines << *kind;
    }

    const std::pair<const char *, const QString *> required[] = {
        {"id", &item.id},         {"title", &item.title},      {"why", &item.why},
        {"source", &item.source}, {"probe.name", &item.probe}, {"recommended", &item.recommended},
        {"fix", &item.fix}};
    for (const auto &[name, value] : required) {
        if (value->isEmpty()) {
            if (error) {
                *error = QStringLiteral("checklist item '%1': missing or empty \"%2\"")
                             .arg(item.id, QLatin1String(name));
            }
            return std::nullopt;
        }
    }
    if (!item.fixNeeds.isEmpty() && item.fixByHand.isEmpty()) {
        if (error) {
            *error = QStringLiteral("checklist item '%1': \"fix_needs\" without \"fix_by_hand\"")
                         .arg(item.id);
        }
        return std::nullopt;
    }
    return item;
}

} // namespace burstlab
