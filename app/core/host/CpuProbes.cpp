#include "host/CpuProbes.h"
#include "host/CpuList.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include <QSet>

namespace burstlab {

namespace {

const QString cpuDir = QStringLiteral("/sys/devices/system/cpu");

ProbeOutcome probeClocksource(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const std::optional<QString> current =
        fs.read(QStringLiteral("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
    if (!current)
        return ProbeOutcome::unknown(QStringLiteral("the kernel exposes no clocksource in sysfs"));
    const QString expected = args.value(QLatin1String("expect")).toString(QStringLiteral("tsc"));
    const QString available =
        fs.read(
              QStringLiteral("/sys/devices/system/clocksource/clocksource0/available_clocksource"))
            .value_or(QString());
    ProbeOutcome outcome = ProbeOutcome::judged(
        *current == expected ? CheckStatus::Pass : CheckStatus::Fail, *current,
        available.isEmpty() ? QString() : QStringLiteral("available: ") + available);
    outcome.values = {{QLatin1String("clocksource"), *current}};
    return outcome;
}

ProbeOutcome probeSmt(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    const QString control = fs.read(cpuDir + QStringLiteral("/smt/control")).value_or(QString());
    const std::optional<QString> active = fs.read(cpuDir + QStringLiteral("/smt/active"));
    QString state;
    if (control == QLatin1String("notsupported") || control == QLatin1String("notimplemented")) {
        state = QStringLiteral("off");
    } else if (active) {
        state = *active == QLatin1String("1") ? QStringLiteral("on") : QStringLiteral("off");
    } else {
        // Older kernels: a CPU with siblings means SMT is on.
        const std::optional<QString> siblings =
            fs.read(cpuDir + QStringLiteral("/cpu0/topology/thread_siblings_list"));
        if (!siblings)
            return ProbeOutcome::unknown(
                QStringLiteral("neither smt/active nor CPU topology in sysfs"));
        state =
            parseKernelCpuList(*siblings).size() > 1 ? QStringLiteral("on") : QStringLiteral("off");
    }
    ProbeOutcome outcome = ProbeOutcome::judged(
        state == QLatin1String("off") ? CheckStatus::Pass : CheckStatus::Warn, state,
        control.isEmpty() ? QString() : QStringLiteral("smt/control: ") + control);
    outcome.values = {{QLatin1String("smt"), state}};
    return outcome;
}

ProbeOutcome probeGovernor(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    const QString expected =
        args.value(QLatin1String("expect")).toString(QStringLiteral("performance"));
    QStringList governors;
    QStringList offending;
    for (int cpu : probe::cpusToJudge(context, fs)) {
        const std::optional<QString> governor =
            fs.read(cpuDir + QStringLiteral("/cpu%1/cpufreq/scaling_governor").arg(cpu));
        if (!governor)
            continue;
        if (!governors.contains(*governor))
            governors.append(*governor);
        if (*governor != expected)
            offending.append(QStringLiteral("cpu%1 %2").arg(cpu).arg(*governor));
    }
    if (governors.isEmpty()) {
        return ProbeOutcome::unknown(
            QStringLiteral("cpufreq not exposed: no frequency driver (common in a VM)"));
    }
    ProbeOutcome outcome =
        ProbeOutcome::judged(offending.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn,
                             governors.join(u','), offending.join(QStringLiteral(", ")));
    outcome.values = {{QLatin1String("governor"), governors.join(u',')}};
    return outcome;
}

// "Intel", "AMD", or empty, from /proc/cpuinfo's vendor_id.
QString cpuVendor(const HostFs &fs) {
    const QString cpuinfo = fs.read(QStringLiteral("/proc/cpuinfo")).value_or(QString());
    if (cpuinfo.contains(QLatin1String("GenuineIntel")))
        return QStringLiteral("Intel");
    if (cpuinfo.contains(QLatin1String("AuthenticAMD")) ||
        cpuinfo.contains(QLatin1String("HygonGenuine")))
        return QStringLiteral("AMD");
    return {};
}

ProbeOutcome probeTurbo(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    // intel_pstate says "no_turbo" (1 = off); acpi-cpufreq and amd-pstate say
    // "boost" (0 = off). The vendor names the feature (Intel Turbo Boost, AMD
    // Core Performance Boost) and, with the control, the fix.
    const std::optional<QString> noTurbo =
        fs.read(cpuDir + QStringLiteral("/intel_pstate/no_turbo"));
    const std::optional<QString> boost = fs.read(cpuDir + QStringLiteral("/cpufreq/boost"));
    const QString vendor = cpuVendor(fs);
    const QString feature = vendor == QLatin1String("AMD")
                                ? QStringLiteral("Core Performance Boost")
                            : vendor == QLatin1String("Intel") ? QStringLiteral("Turbo Boost")
                                                               : QStringLiteral("turbo");
    bool off = false;
    if (noTurbo)
        off = *noTurbo == QLatin1String("1");
    else if (boost)
        off = *boost == QLatin1String("0");
    else
        return ProbeOutcome::unknown(
            QStringLiteral("no turbo control exposed (intel_pstate/no_turbo, cpufreq/boost); "
                           "%1 can be turned off in the BIOS")
                .arg(vendor.isEmpty() ? feature : vendor + QLatin1Char(' ') + feature));
    const QString state = off ? QStringLiteral("off") : QStringLiteral("on");
    ProbeOutcome outcome = ProbeOutcome::judged(
        off ? CheckStatus::Pass : CheckStatus::Warn,
        vendor.isEmpty() ? state : QStringLiteral("%1 (%2 %3)").arg(state, vendor, feature),
        noTurbo ? QStringLiteral("intel_pstate/no_turbo: ") + *noTurbo
                : QStringLiteral("cpufreq/boost: ") + *boost);
    // Which switch turns it off here: the checklist item's fix for it.
    const QString control = noTurbo                          ? QStringLiteral("intel_pstate")
                            : vendor == QLatin1String("AMD") ? QStringLiteral("amd_boost")
                                                             : QStringLiteral("boost");
    outcome.values = {{QLatin1String("turbo"), state},
                      {QLatin1String("vendor"), vendor},
                      {QLatin1String("turbo_control"), control}};
    return outcome;
}

// A max_cstate limit of 0 or 1 on the command line keeps every CPU out of deep sleep.
std::optional<QString> cstateLimit(const HostFs &fs) {
    if (probe::kernelParam(fs, QStringLiteral("idle")) == QStringLiteral("poll"))
        return QStringLiteral("idle=poll");
    for (const QString &name :
         {QStringLiteral("intel_idle.max_cstate"), QStringLiteral("processor.max_cstate")}) {
        const std::optional<QString> value = probe::kernelParam(fs, name);
        bool ok = false;
        if (value && value->toInt(&ok) <= 1 && ok)
            return name + u'=' + *value;
    }
    return std::nullopt;
}

ProbeOutcome probeCstates(const ProbeContext &context, const QJsonObject &args) {
    const HostFs fs(context.root);
    if (const std::optional<QString> limit = cstateLimit(fs))
        return ProbeOutcome::judged(CheckStatus::Pass, *limit,
                                    QStringLiteral("kernel command line"));
    const int maxLatency = args.value(QLatin1String("max_latency_us")).toInt(10);
    QStringList enabled;
    QStringList deep;
    bool anyCpuidle = false;
    for (int cpu : probe::cpusToJudge(context, fs)) {
        const QString dir = cpuDir + QStringLiteral("/cpu%1/cpuidle").arg(cpu);
        for (const QString &state : fs.list(dir)) {
            anyCpuidle = true;
            const QString base = dir + u'/' + state;
            if (fs.read(base + QStringLiteral("/disable")) == QStringLiteral("1"))
                continue;
            const QString name = fs.read(base + QStringLiteral("/name")).value_or(state);
            const int latency =
                fs.read(base + QStringLiteral("/latency")).value_or(QString()).toInt();
            const QString label = QStringLiteral("%1 (%2 us)").arg(name).arg(latency);
            if (!enabled.contains(label))
                enabled.append(label);
            if (latency > maxLatency && !deep.contains(label))
                deep.append(label);
        }
    }
    if (!anyCpuidle)
        return ProbeOutcome::unknown(QStringLiteral("cpuidle not exposed in sysfs"));
    return ProbeOutcome::judged(deep.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn,
                                QStringLiteral("enabled: ") + enabled.join(QStringLiteral(", ")),
                                deep.isEmpty() ? QString()
                                               : QStringLiteral("wake-up latency above %1 us: %2")
                                                     .arg(maxLatency)
                                                     .arg(deep.join(QStringLiteral(", "))));
}

ProbeOutcome probeIsolatedCpus(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    const std::optional<QString> sysIsolated = fs.read(cpuDir + QStringLiteral("/isolated"));
    const std::optional<QString> isolcpus = probe::kernelParam(fs, QStringLiteral("isolcpus"));
    const std::optional<QString> nohz = probe::kernelParam(fs, QStringLiteral("nohz_full"));
    if (!sysIsolated && !fs.exists(QStringLiteral("/proc/cmdline")))
        return ProbeOutcome::unknown(
            QStringLiteral("neither /proc/cmdline nor cpu/isolated readable"));
    const QList<int> isolatedList =
        parseKernelCpuList(sysIsolated ? *sysIsolated : isolcpus.value_or(QString()));
    const QSet<int> isolated(isolatedList.begin(), isolatedList.end());
    const QList<int> nohzList = parseKernelCpuList(nohz.value_or(QString()));
    const QSet<int> tickless(nohzList.begin(), nohzList.end());

    QString current =
        QStringLiteral("isolated: %1; nohz_full: %2")
            .arg(isolated.isEmpty() ? QStringLiteral("none") : formatCpuList(isolatedList),
                 tickless.isEmpty() ? QStringLiteral("none") : formatCpuList(nohzList));
    ProbeOutcome outcome;
    if (context.lcores.isEmpty()) {
        outcome =
            ProbeOutcome::judged(isolated.isEmpty() ? CheckStatus::Warn : CheckStatus::Pass,
                                 current, QStringLiteral("no lcores given: any isolation counts"));
    } else {
        QList<int> exposed;
        for (int cpu : context.lcores) {
            if (!isolated.contains(cpu) && !tickless.contains(cpu))
                exposed.append(cpu);
        }
        outcome = ProbeOutcome::judged(
            exposed.isEmpty() ? CheckStatus::Pass : CheckStatus::Warn, current,
            exposed.isEmpty()
                ? QString()
                : QStringLiteral("lcores %1 share with the scheduler").arg(formatCpuList(exposed)));
    }
    outcome.values = {{QLatin1String("isolated"), formatCpuList(isolatedList)},
                      {QLatin1String("nohz_full"), formatCpuList(nohzList)}};
    return outcome;
}

} // namespace

void addCpuProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("clocksource"), probeClocksource);
    registry.add(QStringLiteral("smt"), probeSmt);
    registry.add(QStringLiteral("cpufreq_governor"), probeGovernor);
    registry.add(QStringLiteral("turbo"), probeTurbo);
    registry.add(QStringLiteral("cstates"), probeCstates);
    registry.add(QStringLiteral("isolated_cpus"), probeIsolatedCpus);
}

} // namespace burstlab
