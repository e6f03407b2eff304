#include "host/Checklist.h"
#include "host/HostFs.h"
#include "host/ProbeRegistry.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>

namespace burstlab {

namespace {

// Setup notes quote probed values ("rx-usecs {rx_usecs}") besides the context's names.
QString expandNote(const QString &note, const ProbeOutcome &outcome, const ProbeContext &context) {
    QString text = note;
    for (auto it = outcome.values.begin(); it != outcome.values.end(); ++it) {
        const QString value =
            it.value().isDouble() ? QString::number(it.value().toDouble()) : it.value().toString();
        text.replace(u'{' + it.key() + u'}', value);
    }
    return context.expand(text);
}

// Why a fix's command cannot run on this host ("tuned-adm is not installed
// here"), or an empty string: a fix is offered only where it can run.
QString missingForFix(const QStringList &needs, const HostFs &fs) {
    for (const QString &need : needs) {
        if (need == QLatin1String("systemd")) {
            // systemd's own test for "booted with systemd" (sd_booted)
            if (!fs.exists(QStringLiteral("/run/systemd/system")))
                return QStringLiteral("systemd is not running here");
        } else if (need.startsWith(u'/')) {
            if (!fs.exists(need))
                return QStringLiteral("%1 does not exist here").arg(need);
        } else if (fs.program(need).isEmpty()) {
            return QStringLiteral("%1 is not installed here").arg(need);
        }
    }
    return {};
}

} // namespace

Checklist Checklist::builtIn() {
    static const Checklist list = [] {
        QFile file(QStringLiteral(":/checklist.json"));
        QString error;
        std::optional<Checklist> parsed;
        if (file.open(QIODevice::ReadOnly))
            parsed = fromJson(file.readAll(), &error);
        // The resource is part of the build and tested; failing here is a packaging bug.
        Q_ASSERT_X(parsed, "Checklist::builtIn", qPrintable(error));
        return parsed.value_or(Checklist());
    }();
    return list;
}

std::optional<Checklist> Checklist::fromJson(const QByteArray &json, QString *error) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        if (error)
            *error =
                QStringLiteral("checklist: not a JSON object (%1)").arg(parseError.errorString());
        return std::nullopt;
    }
    Checklist list;
    QSet<QString> ids;
    const ProbeRegistry &registry = ProbeRegistry::instance();
    for (const QJsonValue &value : document.object().value(QLatin1String("items")).toArray()) {
        std::optional<CheckItem> item = CheckItem::fromJson(value.toObject(), error);
        if (!item)
            return std::nullopt;
        if (!registry.contains(item->probe) || ids.contains(item->id)) {
            if (error) {
                *error = registry.contains(item->probe)
                             ? QStringLiteral("checklist: duplicate id '%1'").arg(item->id)
                             : QStringLiteral("checklist item '%1': unknown probe '%2'")
                                   .arg(item->id, item->probe);
            }
            return std::nullopt;
        }
        ids.insert(item->id);
        list.m_items.append(*item);
    }
    if (list.m_items.isEmpty()) {
        if (error)
            *error = QStringLiteral("checklist: no items");
        return std::nullopt;
    }
    return list;
}

std::optional<CheckItem> Checklist::item(const QString &id) const {
    for (const CheckItem &item : m_items) {
        if (item.id == id)
            return item;
    }
    return std::nullopt;
}

QList<CheckResult> Checklist::run(const ProbeContext &context) const {
    QList<CheckResult> results;
    // An item of another engine's set-up is not judged (hugepages for pktgen).
    for (const CheckItem &item : m_items) {
        const bool set =
            std::any_of(item.settings.begin(), item.settings.end(),
                        [&](const QString &s) { return context.setBySweep.contains(s); });
        if (item.appliesTo(context.engineKind) || set)
            results.append(run(item, context));
    }
    return results;
}

CheckResult Checklist::run(const CheckItem &item, const ProbeContext &context) const {
    const ProbeOutcome outcome = ProbeRegistry::instance().run(item.probe, context, item.args);
    CheckResult result;
    result.id = item.id;
    result.title = item.title;
    result.status = outcome.status;
    result.current = outcome.current;
    result.detail = outcome.detail;
    result.values = outcome.values;
    result.recommended = item.recommended;
    result.why = item.why;
    result.source = item.source;
    const QString missing = missingForFix(item.fixNeeds, HostFs(context.root));
    result.fix = context.expand(
        missing.isEmpty() ? item.fixFor(outcome.values)
                          : QStringLiteral("by hand (%1): %2").arg(missing, item.fixByHand));
    result.note = expandNote(item.note, outcome, context);
    result.volatileValue = item.volatileValue;
    QStringList set;
    for (const QString &setting : item.settings) {
        if (context.setBySweep.contains(setting))
            set << context.setBySweep.value(setting);
    }
    result.setBySweep = set.join(QLatin1Char(' '));
    return result;
}

} // namespace burstlab
