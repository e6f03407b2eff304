#include "compare/RunMatch.h"
#include "model/StepParameters.h"
#include "util/TextFit.h"

#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>

namespace burstlab {

namespace {
// What a parameter an imported run never recorded is placed at: it meets nothing.
const QString notRecorded = QStringLiteral("not recorded");

std::optional<AxisValue> valueOf(const QJsonValue &value) {
    if (value.isBool()) {
        return AxisValue(qint64(value.toBool())); // timestamp=true is timestamp=1
    }
    if (value.isDouble()) {
        const double number = value.toDouble();
        if (number == std::floor(number) && std::abs(number) < 9.0e15) {
            return AxisValue(qint64(number));
        }
        return AxisValue(QString::number(number));
    }
    if (value.isString()) { // an address's none ("") as it is typed
        return AxisValue(StepParameter::text(value));
    }
    if (value.isArray()) { // a port range, "9-9" as an import reads it
        return AxisValue(StepParameter::text(value));
    }
    return std::nullopt;
}

QString text(const std::optional<AxisValue> &value) {
    return value ? value->toString() : notRecorded;
}

QString valuesText(QList<AxisValue> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    QStringList texts;
    for (const AxisValue &v : values) {
        texts.append(v.toString());
    }
    return texts.join(u',');
}

// The point in axisNames' order, from a point in the run's own axes.
Point place(const Point &own, const QList<Axis> &ownAxes, const QList<Axis> &placedAxes) {
    Point placed;
    for (const Axis &axis : placedAxes) {
        const auto at = std::find_if(ownAxes.begin(), ownAxes.end(),
                                     [&](const Axis &a) { return a.name == axis.name; });
        const qsizetype index = at - ownAxes.begin();
        placed.values.append(at != ownAxes.end() && index < own.values.size()
                                 ? own.values.at(index)
                                 : axis.values.value(0, AxisValue(notRecorded)));
    }
    return placed;
}

RunData placeRun(const RunData &data, const QStringList &axisNames) {
    if (data.run.spec.axisNames() == axisNames) {
        return data;
    }
    QList<Axis> axes;
    for (const QString &name : axisNames) {
        const auto own = std::find_if(data.run.spec.axes.begin(), data.run.spec.axes.end(),
                                      [&](const Axis &a) { return a.name == name; });
        if (own != data.run.spec.axes.end()) {
            axes.append(*own);
        } else {
            axes.append(
                Axis{name, {RunMatch::settingOf(data.run, name).value_or(AxisValue(notRecorded))}});
        }
    }
    RunData placed = data;
    placed.run.spec.axes = axes;
    for (const QString &name : axisNames) {
        placed.run.spec.fixed.remove(name);
    }
    for (StepData &step : placed.steps) {
        step.result.point = place(step.result.point, data.run.spec.axes, axes);
    }
    return placed;
}

QSet<QString> measuredKeys(const RunData &data) {
    QSet<QString> keys;
    for (const StepData &step : data.steps) {
        if (step.result.status == RunStatus::Completed) {
            keys.insert(step.result.point.key());
        }
    }
    return keys;
}

QList<AxisValue> measuredValues(const RunData &data, qsizetype axis) {
    QList<AxisValue> values;
    for (const StepData &step : data.steps) {
        if (step.result.status == RunStatus::Completed && axis < step.result.point.values.size()) {
            values.append(step.result.point.values.at(axis));
        }
    }
    return values;
}

QString whyApart(const RunData &base, const RunData &other, const QStringList &axisNames) {
    const QString baseTitle = base.run.title();
    const QString otherTitle = other.run.title();
    QStringList apart;
    for (qsizetype i = 0; i < axisNames.size(); ++i) {
        const QList<AxisValue> a = measuredValues(base, i);
        const QList<AxisValue> b = measuredValues(other, i);
        const bool shared =
            std::any_of(a.begin(), a.end(), [&](const AxisValue &v) { return b.contains(v); });
        if (!shared) {
            apart.append(
                QStringLiteral("%1 is %2 in %3 but %4 in %5")
                    .arg(axisNames.at(i), valuesText(a), baseTitle, valuesText(b), otherTitle));
        }
    }
    if (apart.isEmpty()) {
        apart.append(QStringLiteral("no combination of %1 was measured in both")
                         .arg(axisNames.join(QStringLiteral(", "))));
    }
    return QStringLiteral("%1 shares no point with %2: %3")
        .arg(otherTitle, baseTitle, apart.join(QStringLiteral("; ")));
}

struct Setting {
    QString name;
    QString axis; // the step parameter that sweeps it, if one does
    QString (*read)(const SweepSpec &spec);
    bool dpdkOnly = false; // compared between two DPDK runs only
};

QString lcoresText(const SweepSpec &s) {
    return s.engine.lcores.isEmpty() ? QStringLiteral("engine default") : s.engine.lcores;
}

// What else decides a measurement besides the step parameters.
const Setting engineSetting{
    QStringLiteral("engine"), {}, [](const SweepSpec &s) { return engineKindName(s.engine.kind); }};

const Setting launchSettings[] = {
    engineSetting,
    {QStringLiteral("step length"), QStringLiteral("duration_ms"),
     [](const SweepSpec &s) { return QStringLiteral("%1 ms").arg(s.durationMs); }},
    {QStringLiteral("warm-up"),
     {},
     [](const SweepSpec &s) { return QStringLiteral("%1 ms").arg(s.warmupMs); }},
    {QStringLiteral("device"),
     {},
     [](const SweepSpec &s) {
         if (s.engine.kind == EngineKind::Pktgen || !s.engine.pci.isEmpty())
             return s.engine.txDevice();
         return s.engine.vdevs.join(QStringLiteral(" "));
     }},
    {QStringLiteral("sink device"),
     {},
     [](const SweepSpec &s) {
         return s.engine.sinkVdev.isEmpty() ? QStringLiteral("none") : s.engine.sinkVdev;
     },
     true},
    {QStringLiteral("lcores"), {}, lcoresText},
    {QStringLiteral("hugepages"),
     {},
     [](const SweepSpec &s) {
         return s.engine.noHuge ? QStringLiteral("no") : QStringLiteral("yes");
     },
     true},
};

void differ(QStringList &out, int width, const QString &name, const QString &a,
            const QString &aTitle, const QString &b, const QString &bTitle) {
    if (a != b) {
        out.append(TextFit::twoValues(
            [&](const QString &x, const QString &y) {
                return QStringLiteral("%1: %2 in %3, %4 in %5").arg(name, x, aTitle, y, bTitle);
            },
            a, b, width));
    }
}

// A run of an engine, or an import whose source names pktgen (an import
// is stored as pktgen's only then; a DPDK one does not say so).
bool engineKnown(const Run &run) {
    return run.source == QStringLiteral("engine") || run.spec.engine.kind == EngineKind::Pktgen;
}

QStringList differencesOf(const QList<RunData> &runs, const QStringList &axisNames, int width) {
    QStringList names;
    for (const RunData &data : runs) {
        for (const QString &name : data.run.spec.fixed.keys()) {
            if (!axisNames.contains(name) && !names.contains(name)) {
                names.append(name);
            }
        }
    }
    QStringList out;
    const Run &base = runs.first().run;
    // A line cut to fit has no room for labels: the run list names them.
    const auto title = [width](const Run &run) {
        return width > 0 ? run.shortTitle() : run.title();
    };
    for (qsizetype r = 1; r < runs.size(); ++r) {
        const Run &run = runs.at(r).run;
        for (const QString &name : names) {
            differ(out, width, name, text(RunMatch::settingOf(base, name)), title(base),
                   text(RunMatch::settingOf(run, name)), title(run));
        }
        if (base.source != QStringLiteral("engine") || run.source != QStringLiteral("engine")) {
            // An imported run records no launch settings, only, when its
            // source is pktgen's, the engine that measured it.
            if (engineKnown(base) && engineKnown(run))
                differ(out, width, engineSetting.name, engineSetting.read(base.spec), title(base),
                       engineSetting.read(run.spec), title(run));
            continue;
        }
        const bool bothDpdk =
            base.spec.engine.kind == EngineKind::Dpdk && run.spec.engine.kind == EngineKind::Dpdk;
        for (const Setting &setting : launchSettings) {
            if (setting.dpdkOnly && !bothDpdk) {
                continue; // the pktgen engine has neither
            }
            if (setting.axis.isEmpty() || !axisNames.contains(setting.axis)) {
                differ(out, width, setting.name, setting.read(base.spec), title(base),
                       setting.read(run.spec), title(run));
            }
        }
    }
    return out;
}
} // namespace

std::optional<AxisValue> RunMatch::settingOf(const Run &run, const QString &name) {
    const bool fixed = run.spec.fixed.contains(name);
    // An import holds what its source printed: no engine's default stands in.
    if (!fixed && run.source != QStringLiteral("engine")) {
        return std::nullopt;
    }
    // A parameter the run's engine does not take had no value in its steps
    // (tx_desc in a pktgen run: the ring is the device's).
    if (const StepParameter *p = StepParameters::find(name);
        run.source == QStringLiteral("engine") && p && !p->takenBy(run.spec.engine.kind)) {
        return std::nullopt;
    }
    if (!fixed && name == QStringLiteral("duration_ms")) {
        return AxisValue(qint64(run.spec.durationMs));
    }
    return valueOf(run.parameterValue(name));
}

RunMatch RunMatch::of(const QList<RunData> &runs, int width) {
    RunMatch match;
    for (const RunData &data : runs) {
        for (const QString &name : data.run.spec.axisNames()) {
            if (!match.axisNames.contains(name)) {
                match.axisNames.append(name);
            }
        }
    }
    for (const RunData &data : runs) {
        match.placed.append(placeRun(data, match.axisNames));
    }
    if (runs.size() < 2) {
        return match;
    }
    match.settingDifferences = differencesOf(runs, match.axisNames, width);
    const QSet<QString> basePoints = measuredKeys(match.placed.first());
    for (qsizetype r = 1; r < match.placed.size(); ++r) {
        const QSet<QString> points = measuredKeys(match.placed.at(r));
        if (!basePoints.isEmpty() && !points.isEmpty() && !basePoints.intersects(points)) {
            match.unmatched.append(
                whyApart(match.placed.first(), match.placed.at(r), match.axisNames));
        }
    }
    return match;
}

} // namespace burstlab
