#include "SweepOptions.h"
#include "EngineOptions.h"
#include "engine/EngineCommand.h"
#include "model/NoisePolicy.h"
#include "model/PrecisionTarget.h"
#include "model/RepetitionAttempts.h"
#include "model/StepParameters.h"
#include "model/SweepSpec.h"
#include "ranges/Assignment.h"
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
    // A choice's words (qdisc=pfifo_fast,fq), each checked by the rules.
    if (const StepParameter *p = a ? StepParameters::find(a->name) : nullptr;
        p && p->type == ParameterType::Choice) {
        Axis axis{a->name, {}};
        for (const QString &word : a->value.split(u','))
            axis.values.append(AxisValue(word.trimmed()));
        return axis;
    }
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
// --reps N or --reps auto, and what auto takes: --max-reps, --precision-pct
// or --precision-ns.
bool readReps(const CliParser &p, SweepSpec &spec, QString *error) {
    const QStringList autoOnly{QStringLiteral("max-reps"), QStringLiteral("precision-pct"),
                               QStringLiteral("precision-ns")};
    if (p.value(QStringLiteral("reps")) != QLatin1String("auto")) {
        for (const QString &name : autoOnly) {
            if (p.isSet(name)) {
                *error = QStringLiteral("--%1 is for --reps auto").arg(name);
                return false;
            }
        }
        const auto reps = p.integer(QStringLiteral("reps"), 3, error);
        spec.reps = int(std::clamp<qint64>(reps.value_or(0), INT_MIN, INT_MAX));
        return reps.has_value();
    }
    if (p.isSet(QStringLiteral("precision-pct")) && p.isSet(QStringLiteral("precision-ns"))) {
        *error = QStringLiteral("--precision-pct and --precision-ns: give one target");
        return false;
    }
    PrecisionTarget target;
    const auto maxReps = p.integer(QStringLiteral("max-reps"), target.maxReps,
                                   PrecisionTarget::kMinReps, PrecisionTarget::kMaxMaxReps, error);
    const auto pct =
        maxReps ? p.number(QStringLiteral("precision-pct"), target.share * 100, 0.001, 100, error)
                : std::nullopt;
    const auto ns =
        pct ? p.number(QStringLiteral("precision-ns"), 0, 0.001, PrecisionTarget::kMaxNs, error)
            : std::nullopt;
    if (!ns)
        return false;
    target.maxReps = int(*maxReps);
    target.share = *pct / 100;
    if (p.isSet(QStringLiteral("precision-ns")))
        target.ns = *ns;
    spec.setUntilPrecise(target);
    return true;
}

// When a repetition is disturbed, and what to do about it.
bool readNoise(const CliParser &p, NoisePolicy &noise, QString *error) {
    const auto cpu =
        p.number(QStringLiteral("min-cpu-pct"), noise.minCpuShare * 100, 0, 100, error);
    const auto steal =
        cpu ? p.number(QStringLiteral("max-steal-pct"), noise.maxStealShare * 100, 0, 100, error)
            : std::nullopt;
    if (!steal)
        return false;
    noise.minCpuShare = *cpu / 100;
    noise.maxStealShare = *steal / 100;
    noise.rerunDisturbed = p.isSet(QStringLiteral("rerun-disturbed"));
    noise.excludeDisturbed = p.isSet(QStringLiteral("exclude-disturbed"));
    return true;
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
         QStringLiteral("Repetitions per point (default %1), or auto: at least %2 and more, up "
                        "to --max-reps, until the 95% CI of each point's ns/packet is narrower "
                        "than the target.")
             .arg(SweepSpec().reps)
             .arg(PrecisionTarget::kMinReps),
         QStringLiteral("N|auto")},
        {QStringLiteral("max-reps"),
         QStringLiteral("With --reps auto: the most repetitions a point gets (%1..%2, "
                        "default %3).")
             .arg(PrecisionTarget::kMinReps)
             .arg(PrecisionTarget::kMaxMaxReps)
             .arg(PrecisionTarget::kDefaultMaxReps),
         QStringLiteral("N")},
        {QStringLiteral("precision-pct"),
         QStringLiteral("With --reps auto: the target width of the 95% CI of ns/packet, in % of "
                        "the point's ns/packet (default %1).")
             .arg(PrecisionTarget::kDefaultShare * 100),
         QStringLiteral("PCT")},
        {QStringLiteral("precision-ns"),
         QStringLiteral("With --reps auto: the target width of the 95% CI of ns/packet, in ns."),
         QStringLiteral("NS")},
        {QStringLiteral("min-cpu-pct"),
         QStringLiteral("A repetition whose TX core was on its CPU for less of the measured "
                        "window than this is disturbed (default %1).")
             .arg(NoisePolicy::kDefaultMinCpuShare * 100),
         QStringLiteral("PCT")},
        {QStringLiteral("max-steal-pct"),
         QStringLiteral("A repetition whose TX CPU had more steal time than this share of the "
                        "window is disturbed (default %1).")
             .arg(NoisePolicy::kDefaultMaxStealShare * 100),
         QStringLiteral("PCT")},
        {QStringLiteral("rerun-disturbed"),
         QStringLiteral("Run a disturbed repetition again, up to %1 attempts in all.")
             .arg(kMaxRepetitionAttempts)},
        {QStringLiteral("exclude-disturbed"),
         QStringLiteral("Leave disturbed repetitions out of the statistics.")},
        {QStringLiteral("duration-ms"),
         QStringLiteral("Length of each step (default %1).").arg(SweepSpec().durationMs),
         QStringLiteral("N")},
        {QStringLiteral("warmup-ms"),
         QStringLiteral("Discarded from the start of each step for the pps figure "
                        "(default: %1, or a fifth of a shorter step's duration; pktgen: %2, "
                        "the only value it takes).")
             .arg(SweepSpec::kMaxDefaultWarmupMs)
             .arg(SweepSpec::defaultWarmupMs(SweepSpec().durationMs, EngineKind::Pktgen)),
         QStringLiteral("N")},
        {QStringLiteral("pause-ms"),
         QStringLiteral("Pause between steps (default %1).").arg(SweepSpec().pauseMs),
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
    // A step parameter the command line left at its default is named by the
    // option that would change it.
    if (!m_arguments.contains(parameter) && StepParameters::find(parameter))
        return QStringLiteral("--set %1 (not given)").arg(parameter);
    return m_arguments.value(parameter, parameter);
}

std::optional<int> SweepOptions::option(const CliParser &p, const QString &option,
                                        const QString &field, int fallback, QString *error) {
    const auto value = p.integer(option, fallback, error);
    if (!value)
        return std::nullopt;
    if (*value < INT_MIN || *value > INT_MAX) {
        // Said with the value as given: a clamped echo would name a number
        // the user never wrote.
        const StepParameter *parameter = StepParameters::find(field);
        *error = QStringLiteral("--%1 must be in %2, got %3")
                     .arg(option,
                          parameter ? parameter->allowed()
                                    : QStringLiteral("%1..%2").arg(INT_MIN).arg(INT_MAX),
                          p.value(option));
        return std::nullopt;
    }
    m_arguments.insert(field, QStringLiteral("--%1 %2").arg(option).arg(*value));
    return int(*value);
}

std::optional<SweepOptions> SweepOptions::read(const CliParser &p, QString *error,
                                               const std::optional<Axis> &given,
                                               const QString &givenBy) {
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
    if (given) {
        o.m_arguments.insert(given->name, givenBy);
        spec.axes.append(*given);
    }
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
    if (!readReps(p, spec, error) || !readNoise(p, spec.noise, error))
        return std::nullopt;
    if (p.isSet(QStringLiteral("reps")))
        o.m_arguments.insert(QStringLiteral("reps"),
                             QStringLiteral("--reps ") + p.value(QStringLiteral("reps")));
    // Integers here; their ranges are the rules', their defaults the spec's.
    const SweepSpec defaults;
    const auto duration = o.option(p, QStringLiteral("duration-ms"), QStringLiteral("duration_ms"),
                                   defaults.durationMs, error);
    const auto warmup =
        duration ? o.option(p, QStringLiteral("warmup-ms"), QStringLiteral("warmup_ms"),
                            SweepSpec::defaultWarmupMs(int(*duration), spec.engine.kind), error)
                 : std::nullopt;
    const auto pause = warmup ? o.option(p, QStringLiteral("pause-ms"), QStringLiteral("pause_ms"),
                                         defaults.pauseMs, error)
                              : std::nullopt;
    const auto seed = pause ? readSeed(p, error) : std::nullopt;
    if (!seed)
        return std::nullopt;
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
        SweepRules::check(spec, {std::nullopt, EngineCommand::hugepagesReservedFor(spec.engine)});
    if (!problems.isEmpty()) {
        const FieldProblem &first = problems.first();
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
    if (o.run.name.isEmpty()) {
        // "burst sweep on net_null0, clone=64": what else it held is part of what it is.
        QStringList parts{
            QStringLiteral("%1 sweep on %2")
                .arg(spec.axisNames().join(QStringLiteral(" x ")), spec.engine.txDevice())};
        parts << spec.fixedChanges();
        o.run.name = parts.join(QStringLiteral(", "));
    }
    return o;
}

} // namespace burstlab
