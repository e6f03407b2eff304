#include "sweep/FixTrial.h"
#include "exchange/TextLayout.h"
#include "model/StepParameters.h"
#include "stats/Figure.h"
#include "stats/PointStats.h"

#include <algorithm>

namespace burstlab {

namespace {

// A value in the protocol's form the parameter can be set to ("unchanged"
// and -1 leave the device as it is, so they are not values to try).
bool settable(const StepParameter &p, const QJsonValue &value) {
    if (p.type == ParameterType::Choice)
        return value.isString() && value.toString() != QLatin1String("unchanged") &&
               p.choices.contains(value.toString());
    if (p.type != ParameterType::Integer || !value.isDouble())
        return false;
    const double v = value.toDouble();
    return v == double(qint64(v)) && v >= 0 && v <= double(p.max);
}

AxisValue axisValue(const QJsonValue &value) {
    return value.isString() ? AxisValue(value.toString()) : AxisValue(qint64(value.toDouble()));
}

// The value of setting the item's probe finds on each device, which they
// must agree on; the first device's result in *first.
std::optional<QJsonValue> probeDevices(const Checklist &checklist, const CheckItem &item,
                                       const QString &setting, const EngineLaunch &launch,
                                       const QString &root, CheckResult *first, QString *device,
                                       QString *why) {
    const QStringList devices = launch.hostDevices();
    if (devices.isEmpty()) {
        *why = QStringLiteral("%1: no device to read it on (give --device)").arg(setting);
        return std::nullopt;
    }
    std::optional<QJsonValue> agreed;
    for (const QString &d : devices) {
        ProbeContext context = ProbeContext::forLaunch(launch, {}, root);
        context.netdev = d;
        const CheckResult result = checklist.run(item, context);
        const QJsonValue value = result.values.value(setting);
        if (!agreed) {
            *first = result;
            *device = d;
            agreed = value;
        } else if (value != *agreed) {
            *why = QStringLiteral("%1 is %2 on %3 but %4 on %5: give one --host-device")
                       .arg(setting, StepParameter::text(*agreed), devices.first(),
                            StepParameter::text(value), d);
            return std::nullopt;
        }
    }
    return agreed;
}

// Why the item's setting cannot be tried with this launch's engine and ports
// whatever the device holds; empty when it can.
QString refusal(const CheckItem &item, const QString &setting, const EngineLaunch &launch) {
    const StepParameter *p = StepParameters::find(setting);
    if (!p || !p->host || !item.recommendedSettings.contains(setting)) {
        const QStringList settings = FixTrial::settingsOf(item);
        return settings.isEmpty()
                   ? QStringLiteral("%1: the item recommends no host setting a sweep can set")
                         .arg(item.id)
                   : QStringLiteral("%1: not a setting of %2 (%3)")
                         .arg(setting, item.id, settings.join(QStringLiteral(", ")));
    }
    return launch.hostSettingRefusal(setting);
}

} // namespace

QStringList FixTrial::settingsOf(const CheckItem &item) {
    QStringList settings;
    for (const QString &s : item.settings) {
        if (item.recommendedSettings.contains(s))
            settings << s;
    }
    return settings;
}

QList<CheckItem> FixTrial::itemsFor(const Checklist &checklist, const EngineLaunch &launch) {
    QList<CheckItem> items;
    for (const CheckItem &item : checklist.items()) {
        const QStringList settings = settingsOf(item);
        if (std::any_of(settings.begin(), settings.end(),
                        [&](const QString &s) { return refusal(item, s, launch).isEmpty(); }))
            items << item;
    }
    return items;
}

std::optional<FixTrial> FixTrial::of(const CheckItem &item, const QString &setting,
                                     const CheckResult &result, const QString &device,
                                     const EngineLaunch &launch, QString *why) {
    *why = refusal(item, setting, launch);
    if (!why->isEmpty())
        return std::nullopt;
    const StepParameter *p = StepParameters::find(setting);
    FixTrial trial{item.id,
                   item.title,
                   setting,
                   device,
                   result.values.value(setting),
                   item.recommendedSettings.value(setting)};
    if (trial.found.isUndefined()) {
        const QString reason =
            result.status == CheckStatus::Unknown ? result.detail : result.current;
        *why = QStringLiteral("%1 cannot be changed on %2: %3").arg(setting, device, reason);
        return std::nullopt;
    }
    if (!settable(*p, trial.found)) {
        *why = QStringLiteral("%1 is %2 on %3, which the engine cannot set back (%4)")
                   .arg(setting, StepParameter::text(trial.found), device, p->allowed());
        return std::nullopt;
    }
    if (!settable(*p, trial.recommended)) {
        *why = QStringLiteral("%1: the checklist recommends %2, not a value in %3")
                   .arg(setting, StepParameter::text(trial.recommended), p->allowed());
        return std::nullopt;
    }
    if (trial.found == trial.recommended) {
        *why = QStringLiteral("%1 is %2 on %3 already, as %4 recommends: nothing to try")
                   .arg(setting, StepParameter::text(trial.found), device, item.id);
        return std::nullopt;
    }
    return trial;
}

std::optional<FixTrial> FixTrial::probe(const Checklist &checklist, const QString &itemId,
                                        const QString &setting, const EngineLaunch &launch,
                                        QString *why, const QString &root) {
    const auto item = checklist.item(itemId);
    if (!item) {
        QStringList ids;
        for (const CheckItem &i : checklist.items()) {
            if (!settingsOf(i).isEmpty())
                ids << i.id;
        }
        *why = QStringLiteral("'%1': no such checklist item; items with a fix to try: %2")
                   .arg(itemId, ids.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    QString chosen = setting;
    if (chosen.isEmpty()) {
        const QStringList settings = settingsOf(*item);
        if (settings.size() > 1) {
            *why = QStringLiteral("%1 sets %2: name one with --setting")
                       .arg(itemId, settings.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        chosen = settings.value(0);
    }
    // Refused before anything is probed when the engine or item cannot take it.
    *why = refusal(*item, chosen, launch);
    if (!why->isEmpty())
        return std::nullopt;
    CheckResult result;
    QString device;
    if (!probeDevices(checklist, *item, chosen, launch, root, &result, &device, why))
        return std::nullopt;
    return of(*item, chosen, result, device, launch, why);
}

std::optional<QJsonValue> FixTrial::readNow(const Checklist &checklist, const EngineLaunch &launch,
                                            QString *why, const QString &root) const {
    const auto checkItem = checklist.item(item);
    if (!checkItem) {
        *why = QStringLiteral("'%1': no such checklist item").arg(item);
        return std::nullopt;
    }
    CheckResult result;
    QString first;
    const auto value =
        probeDevices(checklist, *checkItem, setting, launch, root, &result, &first, why);
    if (value && value->isUndefined()) {
        *why = QStringLiteral("%1 cannot be read on %2: %3").arg(setting, first, result.detail);
        return std::nullopt;
    }
    return value;
}

QString FixTrial::label() const {
    return kTag + QLatin1Char(' ') + setting;
}

QString FixTrial::describe() const {
    return QStringLiteral("%1 %2 -> %3 on %4")
        .arg(setting, StepParameter::text(found), StepParameter::text(recommended), device);
}

Axis FixTrial::axis() const {
    return Axis{setting, {axisValue(found), axisValue(recommended)}};
}

Run FixTrial::run(const SweepSpec &spec) const {
    Run run;
    run.spec = spec;
    run.spec.axes = {axis()};
    run.spec.fixed.remove(setting);
    run.label = label();
    run.tags = {kTag};
    QStringList name{QStringLiteral("%1: %2").arg(label(), describe())};
    name << run.spec.fixedChanges();
    run.name = name.join(QStringLiteral(", "));
    run.notes =
        QStringLiteral("Checklist item %1 (%2): %3 found on %4, %5 recommended.")
            .arg(item, title, StepParameter::text(found), device, StepParameter::text(recommended));
    return run;
}

std::optional<Delta> FixTrial::delta(const RunData &data) const {
    const Point tried{{axisValue(recommended)}};
    for (const PointStats &s : PointStats::ofRun(data)) {
        if (s.point == tried)
            return s.vsPrevious;
    }
    return std::nullopt;
}

QString FixTrial::outcomeText(const RunData &data) const {
    const QList<PointStats> stats = PointStats::ofRun(data);
    std::optional<qint64> before, after;
    for (const PointStats &s : stats) {
        if (s.point == Point{{axisValue(found)}})
            before = s.ppsFigure;
        if (s.point == Point{{axisValue(recommended)}})
            after = s.ppsFigure;
    }
    const auto d = delta(data);
    const QString head = QStringLiteral("%1 %2: ").arg(kTag, describe());
    if (!d || !before || !after)
        return head +
               QStringLiteral("no verdict: %1 has no figure")
                   .arg(before ? StepParameter::text(recommended) : StepParameter::text(found));
    const QString ns = QString::number(Figure::printed(std::abs(d->ns)), 'f', 2);
    const QString way = d->ns > 0   ? QStringLiteral("%1 ns fewer per packet").arg(ns)
                        : d->ns < 0 ? QStringLiteral("%1 ns more per packet").arg(ns)
                                    : QStringLiteral("no change per packet");
    QString text =
        QStringLiteral("%1%2 -> %3 pps (%4, %5%6 pps): %7")
            .arg(head)
            .arg(TextLayout::thousands(*before), TextLayout::thousands(*after), way,
                 d->pps > 0 ? QStringLiteral("+") : QString(), TextLayout::thousands(d->pps))
            .arg(QLatin1String(toString(d->verdict)));
    const QString correction = PointStats::correctionText(stats, false);
    return correction.isEmpty() ? text : text + QStringLiteral(" (%1)").arg(correction);
}

} // namespace burstlab
