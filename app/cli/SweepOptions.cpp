#include "SweepOptions.h"
#include "EngineOptions.h"
#include "ranges/Assignment.h"
#include "model/StepParameters.h"
#include "stats/LineRate.h"
#include "sweep/SweepRules.h"

#include <climits>

namespace burstlab {
namespace {
// One --sweep NAME=VALUES as an axis: the value list's syntax here, the
// parameter and its range by the sweep rules.
std::optional<Axis> readAxis(const QString &text, QString *error) {
    QString why;
    const auto a = Assignment::split(text, &why);
    const auto values = a ? a->values(&why) : std::nullopt;
    if (!values) {
        *error = QStringLiteral("--sweep %1: %2").arg(text, why);
        return std::nullopt;
    }
    Axis axis{a->name, {}};
    for (qint64 v : *values)
        axis.values.append(AxisValue(v));
    return axis;
}

// One --set NAME=VALUE in the protocol's form, by the parameter's type; a
// name the table does not know is kept as text for the rules to name.
std::optional<QJsonValue> readFixed(const Assignment &a, QString *why) {
    const StepParameter *p = StepParameters::find(a.name);
    if (!p)
        return QJsonValue(a.value);
    return p->parse(a.value, why);
}

// The runner draws 64-bit seeds and stores them as they are, so --seed must
// take every one of them to replay a stored order.
std::optional<quint64> readSeed(const CliParser &p, QString *error) {
    if (!p.isSet(QStringLiteral("seed")))
        return 0;
    bool ok = false;
    const QString text = p.value(QStringLiteral("seed"));
    const quint64 seed = text.toULongLong(&ok);
    if (!ok) {
        *error = QStringLiteral("--seed %1: must be an integer in 0..%2")
                     .arg(text)
                     .arg(std::numeric_limits<quint64>::max());
        return std::nullopt;
    }
    return seed;
}
} // namespace

void SweepOptions::add(CliParser &p) {
    EngineOptions::add(p);
    const QList<QCommandLineOption> options{
        {QStringLiteral("sweep"),
         QStringLiteral("A swept step parameter and its values, e.g. burst=1..10,16,24,32 "
                        "(once or twice; the second gives one series per value). NAME is one "
                        "of %1; see `burstlab-cli parameters`.")
             .arg(StepParameters::sweepable().join(QStringLiteral(", "))),
         QStringLiteral("NAME=VALUES")},
        {QStringLiteral("set"),
         QStringLiteral("A fixed step parameter for every step, e.g. pkt_size=64 or "
                        "udp_src=50000-50063 (repeatable); see `burstlab-cli parameters`."),
         QStringLiteral("NAME=VALUE")},
        {QStringLiteral("reps"),
         QStringLiteral("Repetitions per point, 1..%1 (default 3).").arg(SweepRules::kMaxReps),
         QStringLiteral("N")},
        {QStringLiteral("duration-ms"), QStringLiteral("Length of each step (default 1000)."),
         QStringLiteral("N")},
        {QStringLiteral("warmup-ms"),
         QStringLiteral("Discarded from the start of each step for the pps figure "
                        "(default: 100, or a fifth of a shorter step's duration)."),
         QStringLiteral("N")},
        {QStringLiteral("pause-ms"), QStringLiteral("Pause between steps (default 0)."),
         QStringLiteral("N")},
        {QStringLiteral("sequential"),
         QStringLiteral("Run points and repetitions in order instead of a random order.")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the random order (default: a new one)."),
         QStringLiteral("N")},
        {QStringLiteral("label"), QStringLiteral("The run's label, e.g. baseline or patch2."),
         QStringLiteral("TEXT")},
        {QStringLiteral("name"), QStringLiteral("The run's name."), QStringLiteral("TEXT")},
        {QStringLiteral("notes"), QStringLiteral("Free-form notes."), QStringLiteral("TEXT")},
        {QStringLiteral("tag"), QStringLiteral("A tag (repeatable)."), QStringLiteral("TEXT")},
        {QStringLiteral("resume"),
         QStringLiteral("Continue an interrupted or failed run; completed steps are kept."),
         QStringLiteral("RUN_ID")},
        {QStringLiteral("link-speed"),
         QStringLiteral("The link's speed for the line-rate check, e.g. 10G, 25000M or 100G "
                        "(virtual devices have none of their own)."),
         QStringLiteral("SPEED")},
        {QStringLiteral("no-chart"),
         QStringLiteral("Leave the plain-text charts out of the printed netdev text.")},
        {QStringLiteral("verbose"), QStringLiteral("Print the engine's own log lines.")},
    };
    for (const QCommandLineOption &o : options)
        p.addOption(o);
}

QString SweepOptions::argumentFor(const QString &parameter) const {
    return m_arguments.value(parameter, parameter);
}

std::optional<int> SweepOptions::option(const CliParser &p, const QString &option,
                                        const QString &field, int fallback, QString *error) {
    const auto value = p.number(option, fallback, error);
    if (!value)
        return std::nullopt;
    m_arguments.insert(field, QStringLiteral("--%1 %2").arg(option).arg(*value));
    return int(std::clamp<qint64>(*value, INT_MIN, INT_MAX));
}

std::optional<SweepOptions> SweepOptions::read(const CliParser &p, QString *error) {
    SweepOptions o;
    o.verbose = p.isSet(QStringLiteral("verbose"));
    o.chart = !p.isSet(QStringLiteral("no-chart"));
    if (p.isSet(QStringLiteral("resume"))) {
        const auto id =
            p.integer(QStringLiteral("resume"), 0, 1, std::numeric_limits<qint64>::max(), error);
        if (!id)
            return std::nullopt;
        if (p.isSet(QStringLiteral("sweep"))) {
            *error = QStringLiteral("--resume %1: a resumed run keeps its own sweep; drop --sweep")
                         .arg(*id);
            return std::nullopt;
        }
        o.resumeId = *id;
        return o;
    }
    SweepSpec &spec = o.run.spec;
    const auto engine = EngineOptions::read(p, error);
    if (!engine)
        return std::nullopt;
    spec.engine = *engine;
    o.m_arguments.insert(QStringLiteral("axes"), QStringLiteral("--sweep"));
    for (const QString &text : p.values(QStringLiteral("sweep"))) {
        const auto axis = readAxis(text, error);
        if (!axis)
            return std::nullopt;
        o.m_arguments.insert(axis->name, QStringLiteral("--sweep ") + text);
        spec.axes.append(*axis);
    }
    for (const QString &text : p.values(QStringLiteral("set"))) {
        QString why;
        const auto a = Assignment::split(text, &why);
        if (a && o.m_arguments.contains(a->name))
            why = QStringLiteral("%1 is already given by %2").arg(a->name, o.m_arguments[a->name]);
        const auto value = a && why.isEmpty() ? readFixed(*a, &why) : std::nullopt;
        if (!value) {
            *error = QStringLiteral("--set %1: %2").arg(text, why);
            return std::nullopt;
        }
        o.m_arguments.insert(a->name, QStringLiteral("--set ") + text);
        spec.fixed.insert(a->name, *value);
    }
    // Integers here; their ranges are the rules'.
    const auto reps = o.option(p, QStringLiteral("reps"), QStringLiteral("reps"), 3, error);
    const auto duration =
        reps ? o.option(p, QStringLiteral("duration-ms"), QStringLiteral("duration_ms"), 1000,
                        error)
             : std::nullopt;
    const auto warmup =
        duration ? o.option(p, QStringLiteral("warmup-ms"), QStringLiteral("warmup_ms"),
                            SweepSpec::defaultWarmupMs(int(*duration)), error)
                 : std::nullopt;
    const auto pause =
        warmup ? o.option(p, QStringLiteral("pause-ms"), QStringLiteral("pause_ms"), 0, error)
               : std::nullopt;
    const auto seed = pause ? readSeed(p, error) : std::nullopt;
    if (!seed)
        return std::nullopt;
    spec.reps = *reps;
    spec.durationMs = *duration;
    spec.warmupMs = *warmup;
    spec.pauseMs = *pause;
    spec.seed = *seed;
    spec.randomize = !p.isSet(QStringLiteral("sequential"));
    if (p.isSet(QStringLiteral("link-speed"))) {
        QString why;
        spec.linkSpeedMbps = LineRate::parseSpeedMbps(p.value(QStringLiteral("link-speed")), &why);
        if (!spec.linkSpeedMbps) {
            *error = QStringLiteral("--link-speed: ") + why;
            return std::nullopt;
        }
    }
    const auto problems =
        SweepRules::check(spec, {StepLimits::documented(), EngineOptions::hugepagesReserved(
                                                               spec.engine)});
    if (!problems.isEmpty()) {
        const SweepProblem &first = problems.first();
        *error = (first.field.startsWith(QLatin1String("engine."))
                      ? EngineOptions::argumentFor(p, first.field)
                      : o.argumentFor(first.field)) +
                 QStringLiteral(": ") + first.message;
        return std::nullopt;
    }
    o.run.label = p.value(QStringLiteral("label"));
    o.run.notes = p.value(QStringLiteral("notes"));
    o.run.tags = p.values(QStringLiteral("tag"));
    o.run.name = p.value(QStringLiteral("name"));
    if (o.run.name.isEmpty())
        o.run.name = QStringLiteral("%1 sweep on %2")
                         .arg(spec.axisNames().join(QStringLiteral(" x ")), spec.engine.txDevice());
    return o;
}

} // namespace burstlab
