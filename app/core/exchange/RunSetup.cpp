#include "exchange/RunSetup.h"
#include "exchange/SweepCommandLine.h"
#include "host/CheckResult.h"
#include "host/LoadVerdict.h"
#include "model/RepetitionAttempts.h"
#include "model/StepParameters.h"
#include "stats/LineRate.h"
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

QString plural(qint64 n, const QString &one) {
    return QStringLiteral("%1 %2%3").arg(n).arg(one, n == 1 ? QString() : QStringLiteral("s"));
}

QString cpuList(const QList<qint64> &cpus) {
    QStringList parts;
    for (qint64 cpu : cpus)
        parts << QString::number(cpu);
    return parts.join(QLatin1Char(','));
}

// A step parameter's value for the whole run, as typed.
QString parameterValue(const Run &run, const QString &name) {
    return StepParameter::text(run.parameterValue(name));
}

// A checklist item's id is its short name: "tuned_profile" -> "tuned profile".
QString shortTitle(const CheckResult &item) {
    return item.id.isEmpty() ? item.title : QString(item.id).replace(u'_', u' ');
}

QStringList checklistNotes(const QList<CheckResult> &items) {
    QStringList lines = CheckResult::setupNotes(items);
    // What the load watch saw, when the item was judged from it.
    for (const CheckResult &item : items) {
        if (item.id == LoadVerdict::kItemId && item.status != CheckStatus::Pass &&
            item.values.contains(QStringLiteral("samples")))
            lines << QStringLiteral(" - host load ") + item.current;
    }
    // Judged on the value found before the steps set it, an item would
    // say nothing about the run: the sweep's values say what it ran with.
    QStringList set;
    for (const CheckResult &item : items) {
        if (!item.setBySweep.isEmpty())
            set << QStringLiteral("%1 (%2)").arg(shortTitle(item), item.setBySweep);
    }
    if (!set.isEmpty())
        lines << QStringLiteral(" - set by this sweep: ") + set.join(QStringLiteral(", "));
    QStringList untuned;
    // What could not be probed, grouped by why: "flow control, tx ring (no netdev)".
    QStringList reasons;
    QHash<QString, QStringList> unknown;
    for (const CheckResult &item : items) {
        if (!item.setBySweep.isEmpty())
            continue;
        if (item.status == CheckStatus::Warn || item.status == CheckStatus::Fail) {
            untuned << shortTitle(item);
        } else if (item.status == CheckStatus::Unknown) {
            if (!unknown.contains(item.detail))
                reasons << item.detail;
            unknown[item.detail] << shortTitle(item);
        }
    }
    if (!untuned.isEmpty())
        lines << QStringLiteral(" - not tuned: ") + untuned.join(QStringLiteral(", "));
    QStringList groups;
    for (const QString &reason : reasons) {
        const QString names = unknown.value(reason).join(QStringLiteral(", "));
        groups << (reason.isEmpty() ? names : QStringLiteral("%1 (%2)").arg(names, reason));
    }
    if (!groups.isEmpty())
        lines << QStringLiteral(" - not probed: ") + groups.join(QStringLiteral("; "));
    return lines;
}

QString factText(const QJsonObject &fingerprint, const char *key) {
    const QJsonValue v = fingerprint.value(QLatin1String(key));
    const QString text = v.isDouble() ? QString::number(v.toDouble()) : v.toString();
    return text == QLatin1String("unknown") ? QString() : text;
}

// "Intel Xeon ... (2 CPUs, SMT off)", "unknown (2 CPUs)", or empty.
QString cpuText(const QJsonObject &f) {
    QStringList cpuFacts;
    if (const QString cpus = factText(f, "cpu_count"); !cpus.isEmpty())
        cpuFacts << cpus + (cpus == QLatin1String("1") ? QStringLiteral(" CPU")
                                                       : QStringLiteral(" CPUs"));
    if (const QString smt = factText(f, "smt"); !smt.isEmpty())
        cpuFacts << QStringLiteral("SMT ") + smt;
    const QString cpu = factText(f, "cpu_model");
    if (cpu.isEmpty() && cpuFacts.isEmpty())
        return {};
    return QStringLiteral("%1%2").arg(
        cpu.isEmpty() ? QStringLiteral("unknown") : cpu,
        cpuFacts.isEmpty() ? QString()
                           : QStringLiteral(" (%1)").arg(cpuFacts.join(QStringLiteral(", "))));
}

// "Kernel 6.1.0", "DPDK 22.11.4" or a pktgen run's "pktgen 2.75": each
// where the fingerprint has it.
QStringList systemFacts(const QJsonObject &f) {
    QStringList system;
    if (const QString kernel = factText(f, "kernel_release"); !kernel.isEmpty())
        system << QStringLiteral("Kernel ") + kernel;
    if (const QString pktgen = factText(f, "pktgen_version"); !pktgen.isEmpty())
        system << QStringLiteral("pktgen ") + pktgen;
    if (QString dpdk = factText(f, "dpdk_version"); !dpdk.isEmpty()) {
        if (dpdk.startsWith(QLatin1String("DPDK ")))
            dpdk = dpdk.mid(5); // runs recorded before the fingerprint dropped rte_version()'s word
        system << QStringLiteral("DPDK ") + dpdk;
    }
    return system;
}

// " - CPU: Intel Xeon ... (2 CPUs, SMT off)", then kernel, DPDK and port
// driver on one line and the burstlab build on another.
QStringList fingerprintNotes(const QJsonObject &f) {
    QStringList lines;
    if (const QString cpu = cpuText(f); !cpu.isEmpty())
        lines << QStringLiteral(" - CPU: ") + cpu;
    QStringList system = systemFacts(f);
    if (const QString driver = factText(f, "port_driver"); !driver.isEmpty())
        system << QStringLiteral("port driver ") + driver;
    if (!system.isEmpty())
        lines << QStringLiteral(" - ") + system.join(QStringLiteral(", "));
    if (const QString version = factText(f, "burstlab_version"); !version.isEmpty()) {
        const QString git = factText(f, "burstlab_git");
        lines << QStringLiteral(" - burstlab %1%2")
                     .arg(version,
                          git.isEmpty() ? QString() : QStringLiteral(" (git %1)").arg(git));
    }
    return lines;
}

} // namespace

QString RunSetup::host(const Run &run) {
    QStringList facts;
    if (const QString cpu = cpuText(run.fingerprint); !cpu.isEmpty())
        facts << cpu;
    facts << systemFacts(run.fingerprint);
    return facts.join(QStringLiteral(", "));
}

QString RunSetup::lcores(const Run &run) {
    QList<qint64> cpus;
    for (const QJsonValue &v : run.hello.value(QStringLiteral("worker_cpus")).toArray())
        cpus << v.toInteger();
    if (run.spec.engine.kind == EngineKind::Pktgen) {
        if (cpus.isEmpty())
            return {};
        return QStringLiteral("pktgen thread%1 on CPU%1 %2")
            .arg(cpus.size() == 1 ? QString() : QStringLiteral("s"), cpuList(cpus));
    }
    const QJsonValue main = run.hello.value(QStringLiteral("main_lcore"));
    QList<qint64> workers;
    for (const QJsonValue &v : run.hello.value(QStringLiteral("worker_lcores")).toArray())
        workers << v.toInteger();
    if (main.isUndefined() && workers.isEmpty())
        return {};
    QStringList parts;
    if (!main.isUndefined())
        parts << QStringLiteral("main lcore %1").arg(main.toInteger());
    if (!workers.isEmpty()) {
        QString tx =
            QStringLiteral("TX lcore%1 %2")
                .arg(workers.size() == 1 ? QString() : QStringLiteral("s"), cpuList(workers));
        // Lcores share CPUs where --lcores names one twice (0,0 or 0,1,1):
        // the CPUs are what a reader compares.
        if (!cpus.isEmpty() && cpus != workers)
            tx += QStringLiteral(" on CPU%1 %2")
                      .arg(cpus.size() == 1 ? QString() : QStringLiteral("s"), cpuList(cpus));
        parts << tx;
    }
    return parts.join(QStringLiteral(", "));
}

QStringList RunSetup::axisNames(const Run &run) {
    QStringList names;
    for (const Axis &axis : run.spec.axes)
        names << StepParameters::textName(axis.name, run.spec.engine.kind);
    return names;
}

QString RunSetup::sweep(const Run &run) {
    const QStringList names = axisNames(run);
    QStringList axes;
    for (qsizetype i = 0; i < run.spec.axes.size(); ++i)
        axes << run.spec.axes[i].describe(names[i]);
    return axes.join(QStringLiteral(" x "));
}

QString RunSetup::queues(const Run &run) {
    const QStringList swept = run.spec.axisNames();
    QStringList parts;
    if (!swept.contains(QStringLiteral("queues"))) {
        const QString queues = parameterValue(run, QStringLiteral("queues"));
        parts << plural(queues.toLongLong(), QStringLiteral("queue"));
    }
    // pktgen's ring is the device's own, which the checklist reports.
    if (!swept.contains(QStringLiteral("tx_desc")) && run.spec.engine.kind == EngineKind::Dpdk)
        parts << QStringLiteral("tx_desc ") + parameterValue(run, QStringLiteral("tx_desc"));
    return parts.join(QStringLiteral(", "));
}

QString RunSetup::fixed(const Run &run) {
    // An import's are what its source gave, under the source's own names
    // where they are not ours (pktgen's dump lands on ours).
    QJsonObject values =
        run.isImported() ? run.spec.fixed : SweepCommandLine::nonDefaultParameters(run);
    if (!run.isImported()) {
        for (const QString &name : StepParameters::alwaysStated()) {
            if (!run.spec.axisNames().contains(name) && !values.contains(name))
                values.insert(name, run.parameterValue(name));
        }
    }
    QStringList parts;
    for (auto it = values.begin(); it != values.end(); ++it) {
        const StepParameter *p = run.isImported() && run.spec.engine.kind != EngineKind::Pktgen
                                     ? nullptr
                                     : StepParameters::find(it.key());
        parts << (p ? p->netdevText(it.value(), run.spec.engine.kind)
                    : it.key() + QLatin1Char('=') + StepParameter::text(it.value()));
    }
    return parts.join(QLatin1Char(' '));
}

namespace {
// "3 reps x 1000 ms (warm-up 100 ms), random order (seed 42)"
QString measuredText(const SweepSpec &s) {
    const QString reps =
        s.untilPrecise
            ? QStringLiteral("%1 reps until the %2").arg(s.repsText(), s.untilPrecise->describe())
            : plural(s.reps, QStringLiteral("rep"));
    // A step with a count ends on it, its duration only a bound.
    const bool counted = s.fixed.contains(QStringLiteral("count")) ||
                         s.axisNames().contains(QStringLiteral("count"));
    QString text =
        counted ? QStringLiteral("%1 x count %2 (at most %3 ms each)")
                      .arg(reps, s.fixed.contains(QStringLiteral("count"))
                                     ? StepParameter::text(s.fixed.value(QStringLiteral("count")))
                                     : QStringLiteral("as swept"))
                      .arg(s.durationMs)
                : QStringLiteral("%1 x %2 ms").arg(reps).arg(s.durationMs);
    if (s.warmupMs > 0)
        text += QStringLiteral(" (warm-up %1 ms)").arg(s.warmupMs);
    if (s.pauseMs > 0)
        text += QStringLiteral(", %1 ms pause").arg(s.pauseMs);
    text += s.randomize ? QStringLiteral(", random order (seed %1)").arg(s.seed)
                        : QStringLiteral(", sequential order");
    return text;
}
} // namespace

QString RunSetup::measurement(const Run &run) {
    const SweepSpec &s = run.spec;
    if (!run.isImported())
        return measuredText(s);
    const QString from = s.importOrigin ? s.importOrigin->describe() : run.source;
    // A posted table records one rate per point and no duration; a run
    // file keeps how another burstlab measured it, said as the source's.
    if (s.durationMs <= 0)
        return QStringLiteral("as recorded in the source (%1); how it was measured is not "
                              "recorded")
            .arg(from);
    return QStringLiteral("as recorded in the source (%1): %2").arg(from, measuredText(s));
}

QString RunSetup::disturbance(const Run &run, const QList<PointStats> &stats, bool excluded) {
    if (run.isImported())
        return {};
    if (std::none_of(stats.begin(), stats.end(),
                     [](const PointStats &s) { return s.disturbance.measured > 0; }))
        return QStringLiteral("not measured (the engine reported no thread figures)");
    const NoisePolicy &p = run.spec.noise;
    QString text = QStringLiteral("TX core on CPU below %1% or steal above %2% of the window")
                       .arg(p.minCpuShare * 100, 0, 'f', 1)
                       .arg(p.maxStealShare * 100, 0, 'f', 1);
    if (p.rerunDisturbed)
        text += QStringLiteral("; run again up to %1 attempts").arg(kMaxRepetitionAttempts);
    if (p.excludeDisturbed || excluded)
        text += QStringLiteral("; left out of the statistics");
    return text;
}

QString RunSetup::precision(const Run &run, const QList<PointStats> &stats) {
    const auto &target = run.spec.untilPrecise;
    if (!target || stats.isEmpty())
        return {};
    int reached = 0, atMax = 0, fewest = 0, most = 0;
    double lowest = 0, highest = 0;
    for (const PointStats &s : stats) {
        const Precision &p = s.precision;
        atMax += p.state == Precision::State::MaxReached ? 1 : 0;
        if (!p.reached())
            continue;
        lowest = reached == 0 ? p.share : std::min(lowest, p.share);
        highest = reached == 0 ? p.share : std::max(highest, p.share);
        fewest = reached == 0 ? p.run : std::min(fewest, p.run);
        most = reached == 0 ? p.run : std::max(most, p.run);
        ++reached;
    }
    QString text = QStringLiteral("%1 at %2 of %3 points")
                       .arg(target->describe())
                       .arg(reached)
                       .arg(stats.size());
    if (reached > 0)
        text +=
            QStringLiteral(" (%1-%2%, %3)")
                .arg(lowest * 100, 0, 'f', 2)
                .arg(highest * 100, 0, 'f', 2)
                .arg(fewest == most ? plural(most, QStringLiteral("repetition"))
                                    : QStringLiteral("%1-%2 repetitions").arg(fewest).arg(most));
    if (atMax > 0)
        text += QStringLiteral("; %1 reached the maximum of %2 without it")
                    .arg(plural(atMax, QStringLiteral("point")))
                    .arg(plural(target->maxReps, QStringLiteral("repetition")));
    return text;
}

QStringList RunSetup::lineRate(const Run &run, const QList<PointStats> &stats) {
    // A ceiling for pps: points with none (netperf's tables) have nothing under it.
    if (!stats.isEmpty() && std::none_of(stats.begin(), stats.end(), [](const PointStats &s) {
            return s.ppsFigure.has_value();
        }))
        return {};
    const auto speed = run.linkSpeedMbps();
    if (!speed)
        return {QStringLiteral("line rate not checked: %1; give a link speed (--link-speed)")
                    .arg(run.linkSpeedUnknownReason())};
    QMap<int, double> byFrame; // frame size -> line rate pps
    for (const PointStats &s : stats) {
        if (s.linePps && s.frameBytes)
            byFrame.insert(*s.frameBytes, *s.linePps);
    }
    const auto frame = run.frameSize();
    if (byFrame.isEmpty() && frame)
        byFrame.insert(*frame, LineRate::pps(*speed, *frame));
    if (byFrame.isEmpty())
        return {QStringLiteral("line rate checked against at most %1 pps (%2 at the smallest "
                               "frame, %3 B): %4")
                    .arg(std::llround(LineRate::pps(*speed, LineRate::kMinFrameWithoutFcs)))
                    .arg(LineRate::speedText(*speed))
                    .arg(LineRate::kMinFrameWithoutFcs)
                    .arg(run.frameSizeUnknownReason())};
    QStringList lines;
    for (auto it = byFrame.begin(); it != byFrame.end(); ++it)
        lines << QStringLiteral("line rate %1 pps (%2, %3 B frames = %4 B on the wire)")
                     .arg(std::llround(it.value()))
                     .arg(LineRate::speedText(*speed))
                     .arg(it.key())
                     .arg(LineRate::wireBytes(it.key()));
    return lines;
}

QStringList RunSetup::setupNotes(const Run &run) {
    QStringList lines = checklistNotes(CheckResult::fromJsonArray(run.checklist));
    lines << fingerprintNotes(run.fingerprint);
    // The engine leaves the signature out where nothing can read a packet
    // (docs/protocol.md, "hello"): a reader of the figures should know the
    // packets were cheaper to build than ones a receiver could check.
    const QJsonObject signature = run.hello.value(QLatin1String("signature")).toObject();
    if (signature.value(QLatin1String("on")) == QJsonValue(false))
        lines << QStringLiteral(" - payload signature left out: %1")
                     .arg(signature.value(QLatin1String("reason")).toString());
    // An imported run's host and checklist are its source's word, not ours.
    if (run.isImported() && !lines.isEmpty())
        lines.prepend(QStringLiteral(" - as recorded in the source, not measured here:"));
    return lines;
}

} // namespace burstlab
