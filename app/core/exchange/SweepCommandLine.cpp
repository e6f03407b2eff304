#include "exchange/SweepCommandLine.h"
#include "model/StepParameters.h"
#include "stats/LineRate.h"
#include "util/ShellText.h"

namespace burstlab {

namespace {

// Options and their values, one group per option.
QList<QStringList> groups(const Run &run) {
    const SweepSpec &spec = run.spec;
    const EngineLaunch &e = spec.engine;
    QList<QStringList> out{{QStringLiteral("burstlab-cli"), QStringLiteral("sweep")}};
    if (e.kind != EngineKind::Dpdk)
        out << QStringList{QStringLiteral("--engine-kind"), engineKindName(e.kind)};
    if (!e.device.isEmpty())
        out << QStringList{QStringLiteral("--device"), e.device};
    // Where the host settings went (gro on a veth pair's receiving end):
    // without it the same command would set them on --device.
    if (!e.hostDevice.isEmpty())
        out << QStringList{QStringLiteral("--host-device"), e.hostDevice};
    for (const QString &vdev : e.vdevs)
        out << QStringList{QStringLiteral("--vdev"), vdev};
    if (!e.pci.isEmpty())
        out << QStringList{QStringLiteral("--pci"), e.pci};
    if (!e.sinkVdev.isEmpty())
        out << QStringList{QStringLiteral("--sink-vdev"), e.sinkVdev};
    if (e.mode != QLatin1String("direct"))
        out << QStringList{QStringLiteral("--launch"), e.mode};
    if (!e.sshHost.isEmpty())
        out << QStringList{QStringLiteral("--host"), e.sshHost};
    if (!e.lcores.isEmpty())
        out << QStringList{QStringLiteral("--lcores"), e.lcores};
    // Memory and hugepages are DPDK's; without either of --no-huge and
    // --huge, the CLI picks by the hugepages of the host it runs on.
    if (e.kind == EngineKind::Dpdk) {
        if (e.memoryMb != EngineLaunch{}.memoryMb)
            out << QStringList{QStringLiteral("--memory-mb"), QString::number(e.memoryMb)};
        out << QStringList{e.noHuge ? QStringLiteral("--no-huge") : QStringLiteral("--huge")};
    }
    for (const Axis &axis : spec.axes)
        out << QStringList{QStringLiteral("--sweep"), axis.describe()};
    const QJsonObject set = SweepCommandLine::nonDefaultParameters(run);
    for (auto it = set.begin(); it != set.end(); ++it)
        out << QStringList{QStringLiteral("--set"),
                           it.key() + QLatin1Char('=') + StepParameter::text(it.value())};
    if (const auto &target = spec.untilPrecise) {
        out << QStringList{QStringLiteral("--reps"), QStringLiteral("auto")}
            << QStringList{QStringLiteral("--max-reps"), QString::number(target->maxReps)};
        if (target->ns)
            out << QStringList{QStringLiteral("--precision-ns"), QString::number(*target->ns)};
        else if (target->share != PrecisionTarget::kDefaultShare)
            out << QStringList{QStringLiteral("--precision-pct"),
                               QString::number(target->share * 100)};
    } else {
        out << QStringList{QStringLiteral("--reps"), QString::number(spec.reps)};
    }
    out << QStringList{QStringLiteral("--duration-ms"), QString::number(spec.durationMs)};
    if (spec.warmupMs != SweepSpec::defaultWarmupMs(spec.durationMs, e.kind))
        out << QStringList{QStringLiteral("--warmup-ms"), QString::number(spec.warmupMs)};
    if (spec.pauseMs > 0)
        out << QStringList{QStringLiteral("--pause-ms"), QString::number(spec.pauseMs)};
    if (spec.randomize)
        out << QStringList{QStringLiteral("--seed"), QString::number(spec.seed)};
    else
        out << QStringList{QStringLiteral("--sequential")};
    const NoisePolicy &noise = spec.noise;
    if (noise.minCpuShare != NoisePolicy::kDefaultMinCpuShare)
        out << QStringList{QStringLiteral("--min-cpu-pct"),
                           QString::number(noise.minCpuShare * 100)};
    if (noise.maxStealShare != NoisePolicy::kDefaultMaxStealShare)
        out << QStringList{QStringLiteral("--max-steal-pct"),
                           QString::number(noise.maxStealShare * 100)};
    if (noise.rerunDisturbed)
        out << QStringList{QStringLiteral("--rerun-disturbed")};
    if (noise.excludeDisturbed)
        out << QStringList{QStringLiteral("--exclude-disturbed")};
    if (spec.linkSpeedMbps)
        out << QStringList{QStringLiteral("--link-speed"),
                           LineRate::speedText(*spec.linkSpeedMbps)};
    if (!run.label.isEmpty())
        out << QStringList{QStringLiteral("--label"), run.label};
    return out;
}

} // namespace

QJsonObject SweepCommandLine::nonDefaultParameters(const Run &run) {
    QJsonObject out;
    const QJsonObject &fixed = run.spec.fixed;
    for (auto it = fixed.begin(); it != fixed.end(); ++it) {
        if (it.value() != run.parameterDefault(it.key()))
            out.insert(it.key(), it.value());
    }
    return out;
}

QStringList SweepCommandLine::arguments(const Run &run) {
    if (run.isImported())
        return {};
    QStringList args;
    for (const QStringList &group : groups(run))
        args << group;
    return args.mid(1);
}

QStringList SweepCommandLine::lines(const Run &run, int columns, int indent) {
    if (run.isImported())
        return {};
    QStringList pieces;
    for (const QStringList &group : groups(run)) {
        QStringList quoted;
        for (const QString &word : group)
            quoted << ShellText::quote(word);
        pieces << quoted.join(QLatin1Char(' '));
    }
    return ShellText::wrap(pieces, columns, QString(indent, QLatin1Char(' ')),
                           QString(indent + 4, QLatin1Char(' ')));
}

} // namespace burstlab
