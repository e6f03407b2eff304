#include "host/CheckResult.h"
#include <algorithm>

namespace burstlab {

QJsonObject CheckResult::toJson() const {
    QJsonObject object{{QLatin1String("id"), id},
                       {QLatin1String("title"), title},
                       {QLatin1String("status"), checkStatusName(status)},
                       {QLatin1String("current"), current},
                       {QLatin1String("recommended"), recommended},
                       {QLatin1String("why"), why},
                       {QLatin1String("source"), source},
                       {QLatin1String("fix"), fix},
                       {QLatin1String("detail"), detail},
                       {QLatin1String("note"), note},
                       {QLatin1String("values"), values}};
    if (volatileValue)
        object.insert(QLatin1String("volatile"), true);
    if (!setBySweep.isEmpty())
        object.insert(QLatin1String("set_by_sweep"), setBySweep);
    return object;
}

CheckResult CheckResult::fromJson(const QJsonObject &object) {
    CheckResult result;
    result.id = object.value(QLatin1String("id")).toString();
    result.title = object.value(QLatin1String("title")).toString();
    result.status = checkStatusFromName(object.value(QLatin1String("status")).toString());
    result.current = object.value(QLatin1String("current")).toString();
    result.recommended = object.value(QLatin1String("recommended")).toString();
    result.why = object.value(QLatin1String("why")).toString();
    result.source = object.value(QLatin1String("source")).toString();
    result.fix = object.value(QLatin1String("fix")).toString();
    result.detail = object.value(QLatin1String("detail")).toString();
    result.note = object.value(QLatin1String("note")).toString();
    result.values = object.value(QLatin1String("values")).toObject();
    result.volatileValue = object.value(QLatin1String("volatile")).toBool();
    result.setBySweep = object.value(QLatin1String("set_by_sweep")).toString();
    return result;
}

QString CheckResult::setupNote() const {
    // An item the run's steps set says so instead (RunSetup).
    if (status != CheckStatus::Pass || note.isEmpty() || !setBySweep.isEmpty())
        return {};
    return QStringLiteral(" - ") + note;
}

QJsonArray CheckResult::toJsonArray(const QList<CheckResult> &results) {
    QJsonArray array;
    for (const CheckResult &result : results)
        array.append(result.toJson());
    return array;
}

QList<CheckResult> CheckResult::fromJsonArray(const QJsonArray &array) {
    QList<CheckResult> results;
    for (const QJsonValue &value : array)
        results.append(fromJson(value.toObject()));
    return results;
}

QStringList CheckResult::setupNotes(const QList<CheckResult> &results) {
    QStringList notes;
    for (const CheckResult &result : results) {
        const QString line = result.setupNote();
        if (!line.isEmpty())
            notes.append(line);
    }
    return notes;
}

QString CheckResult::summary(const QList<CheckResult> &results) {
    QStringList parts;
    for (CheckStatus status :
         {CheckStatus::Pass, CheckStatus::Warn, CheckStatus::Fail, CheckStatus::Unknown}) {
        const auto count =
            std::count_if(results.begin(), results.end(),
                          [status](const CheckResult &r) { return r.status == status; });
        parts.append(QStringLiteral("%1 %2").arg(count).arg(checkStatusName(status)));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace burstlab
