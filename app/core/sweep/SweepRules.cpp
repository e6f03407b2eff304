#include "sweep/SweepRules.h"
#include "host/CpuList.h"
#include "stats/LineRate.h"
#include "sweep/WindowCheck.h"

#include <QRegularExpression>
#include <algorithm>
#include <tuple>

namespace burstlab {

namespace {

// A host setting the launch's engine cannot set (a DPDK port that is no
// kernel interface), naming it; empty for any other parameter.
QString hostSettingRefused(const EngineLaunch &launch, const QString &name) {
    const StepParameter *p = StepParameters::find(name);
    return p && p->host ? launch.hostSettingRefusal(name) : QString();
}

// "reps must be in 1..100000, got 0"
QString outside(const QString &name, qint64 min, qint64 max, qint64 got) {
    return QStringLiteral("%1 must be in %2..%3, got %4").arg(name).arg(min).arg(max).arg(got);
}

class Problems {
  public:
    void add(const QString &field, const QString &message) {
        if (!message.isEmpty())
            m_list.append({field, message});
    }
    void range(const QString &field, qint64 value, qint64 min, qint64 max) {
        if (value < min || value > max)
            add(field, outside(field, min, max, value));
    }
    QList<FieldProblem> take() { return m_list; }

  private:
    QList<FieldProblem> m_list;
};

// The values a step parameter takes over the sweep: its axis's, else
// sweepValue (what the sweep itself sets: its duration) when given, else its
// value for the sweep (StepParameters::valueOf).
QList<qint64> valuesOf(const SweepSpec &spec, const QString &name,
                       std::optional<qint64> sweepValue = std::nullopt) {
    for (const Axis &axis : spec.axes) {
        if (axis.name != name)
            continue;
        QList<qint64> values;
        for (const AxisValue &v : axis.values)
            values << (v.isNumber() ? v.number() : 0);
        return values;
    }
    return {sweepValue.value_or(
        StepParameters::valueOf(name, spec.fixed, spec.engine.kind).toInteger())};
}

// A paced step sends one burst per burst/rate_pps seconds, so its window
// holds about rate_pps x (duration - warm-up) / burst tx_burst calls (as
// many as its packets for pktgen); a repetition with fewer than
// WindowCheck::kMinTxCalls is invalid, and so would every repetition of the
// sweep's slowest, longest-burst, shortest step.
QString tooFewTxCalls(const SweepSpec &spec) {
    QList<qint64> rates = valuesOf(spec, QStringLiteral("rate_pps"));
    rates.removeAll(0);
    if (rates.isEmpty())
        return {};
    const QList<qint64> bursts = valuesOf(spec, QStringLiteral("burst"));
    const QList<qint64> durations = valuesOf(spec, QStringLiteral("duration_ms"), spec.durationMs);
    const qint64 rate = *std::min_element(rates.begin(), rates.end());
    const qint64 burst = std::max<qint64>(1, *std::max_element(bursts.begin(), bursts.end()));
    const qint64 windowMs = *std::min_element(durations.begin(), durations.end()) - spec.warmupMs;
    if (windowMs <= 0)
        return {}; // the warm-up's own problem
    const double calls = double(rate) * double(windowMs) / 1000.0 /
                         double(WindowCheck::packetsPerCall(spec.engine.kind, burst));
    if (calls >= double(WindowCheck::kMinTxCalls))
        return {};
    return QStringLiteral("rate_pps=%1 with burst=%2 makes about %3 %6 in the %4 ms "
                          "after the warm-up, fewer than the %5 a valid repetition needs: raise "
                          "rate_pps or duration_ms, or lower burst")
        .arg(rate)
        .arg(burst)
        .arg(qint64(calls))
        .arg(windowMs)
        .arg(WindowCheck::kMinTxCalls)
        .arg(spec.engine.kind == EngineKind::Pktgen ? QStringLiteral("packets")
                                                    : QStringLiteral("tx_burst calls"));
}

// A count whose packets make fewer driver calls than a valid window holds
// fails whatever the host's rate; one that is merely too quick for it is
// found by its first step (WindowCheck::countToTry).
QString tooSmallCount(const SweepSpec &spec) {
    QList<qint64> counts = valuesOf(spec, QStringLiteral("count"));
    counts.removeAll(0);
    if (counts.isEmpty())
        return {};
    const QList<qint64> bursts = valuesOf(spec, QStringLiteral("burst"));
    const qint64 count = *std::min_element(counts.begin(), counts.end());
    const qint64 burst = std::max<qint64>(1, *std::max_element(bursts.begin(), bursts.end()));
    const qint64 perCall = WindowCheck::packetsPerCall(spec.engine.kind, burst);
    if (count / perCall >= WindowCheck::kMinTxCalls)
        return {};
    return QStringLiteral("count=%1 at burst=%2 makes at most %3 %4, fewer than the %5 a valid "
                          "repetition needs: count must be at least %6")
        .arg(count)
        .arg(burst)
        .arg(count / perCall)
        .arg(spec.engine.kind == EngineKind::Pktgen ? QStringLiteral("packets")
                                                    : QStringLiteral("tx_burst calls"))
        .arg(WindowCheck::kMinTxCalls)
        .arg(WindowCheck::kMinTxCalls * perCall);
}

// pktgen's IPv6 (the engine's StepParams.cpp says the same): dst6 makes
// the packets IPv6, which the other settings must fit.
void ipv6Problems(const SweepSpec &spec, Problems &out) {
    const auto isSet = [&spec](const char *name) {
        const QJsonValue v =
            StepParameters::valueOf(QLatin1String(name), spec.fixed, spec.engine.kind);
        return v.isString() ? !v.toString().isEmpty() : v.toInteger() != 0;
    };
    const auto largest = [&spec](const char *name) {
        const QList<qint64> values = valuesOf(spec, QLatin1String(name));
        return *std::max_element(values.begin(), values.end());
    };
    if (!isSet("dst6")) {
        if (isSet("src6"))
            out.add(QStringLiteral("src6"),
                    QStringLiteral("src6 needs dst6 (pktgen sends IPv6 only to dst6)"));
        if (largest("traffic_class") != 0)
            out.add(QStringLiteral("traffic_class"),
                    QStringLiteral("traffic_class is the IPv6 header's: it needs dst6 (an IPv4 "
                                   "packet's is tos)"));
        return;
    }
    if (largest("tos") != 0)
        out.add(QStringLiteral("tos"),
                QStringLiteral("tos is the IPv4 header's: with dst6 set traffic_class instead"));
    if (const qint64 flows = largest("flows"); flows > 1)
        out.add(QStringLiteral("flows"),
                QStringLiteral("flows must be 1 with dst6 (pktgen's flows vary IPv4 destinations "
                               "only), got %1")
                    .arg(flows));
    const QList<qint64> sizes = valuesOf(spec, QStringLiteral("pkt_size"));
    const qint64 smallest = *std::min_element(sizes.begin(), sizes.end());
    const qint64 least = protocol::kIpv6MinFrame + (isSet("vlan") ? 4 : 0);
    if (smallest < least)
        out.add(QStringLiteral("pkt_size"),
                QStringLiteral("pkt_size must be at least %1 with dst6 (Ethernet, IPv6 and UDP "
                               "headers and pktgen's 16-byte header%2), got %3")
                    .arg(least)
                    .arg(isSet("vlan") ? QStringLiteral(", and the VLAN tag") : QString())
                    .arg(smallest));
}

} // namespace

ParameterLimit SweepRules::rangeOf(const StepLimits &limits, const QString &name) {
    const StepParameter *p = StepParameters::find(name);
    return limits.range(name).value_or(ParameterLimit{p->min, p->max});
}

QList<FieldProblem> SweepRules::checkLaunch(const EngineLaunch &e,
                                            std::optional<bool> hugepagesReserved) {
    Problems out;
    // The kernel's rule (dev_valid_name): at most 15 bytes, no '/', ':' or
    // white space, not "." or ".."; and no leading '-', which the engine
    // would read as an option.
    static const QRegularExpression kernelDevice(
        QStringLiteral("^(?!-)(?!\\.\\.?$)[^/:,\\s]{1,15}$"));
    static const QStringList modes{QStringLiteral("direct"), QStringLiteral("pkexec"),
                                   QStringLiteral("sudo"), QStringLiteral("ssh")};
    const bool ssh = e.mode == QLatin1String("ssh");
    if (!modes.contains(e.mode))
        out.add(QStringLiteral("engine.mode"),
                QStringLiteral("the launch mode must be direct, pkexec, sudo or ssh, got '%1'")
                    .arg(e.mode));
    if (ssh && e.sshHost.trimmed().isEmpty())
        out.add(QStringLiteral("engine.ssh_host"),
                QStringLiteral("an ssh launch needs a host (user@host)"));
    else if (!ssh && !e.sshHost.isEmpty())
        out.add(QStringLiteral("engine.ssh_host"),
                QStringLiteral("a host goes with an ssh launch, and only with it"));
    else if (e.sshHost.startsWith(QLatin1Char('-')))
        out.add(QStringLiteral("engine.ssh_host"),
                QStringLiteral("'%1' is not a host name").arg(e.sshHost));
    const bool pktgen = e.kind == EngineKind::Pktgen;
    if (e.txDevice().trimmed().isEmpty())
        out.add(QStringLiteral("engine.device"),
                pktgen ? QStringLiteral("no device: the pktgen engine sends on a kernel network "
                                        "device such as eth0 or dummy0")
                       : QStringLiteral("no device: a virtual device such as net_null0 or a PCI "
                                        "address"));
    else if (pktgen) {
        // Several devices are a comma-separated list, each on threads of its own.
        const QStringList devices = e.device.split(u',');
        for (const QString &device : devices) {
            if (!kernelDevice.match(device).hasMatch())
                out.add(QStringLiteral("engine.device"),
                        QStringLiteral("'%1' is not a kernel network device name").arg(device));
            else if (devices.count(device) > 1)
                out.add(QStringLiteral("engine.device"),
                        QStringLiteral("%1 is named twice").arg(device));
        }
        for (const QString &device : e.hostDevice.split(u',', Qt::SkipEmptyParts)) {
            if (!kernelDevice.match(device).hasMatch())
                out.add(QStringLiteral("engine.host_device"),
                        QStringLiteral("'%1' is not a kernel network device name").arg(device));
        }
    }
    // Each engine takes its own devices only: a launch that names the other's
    // would run without them.
    if (pktgen) {
        const std::pair<const char *, bool> dpdkOnly[] = {
            {"engine.vdevs", !e.vdevs.isEmpty()},
            {"engine.pci", !e.pci.isEmpty()},
            {"engine.sink_vdev", !e.sinkVdev.isEmpty()}};
        for (const auto &[field, given] : dpdkOnly) {
            if (given)
                out.add(QLatin1String(field),
                        QStringLiteral("a DPDK device: the pktgen engine sends on its kernel "
                                       "device only"));
        }
    } else if (!e.device.isEmpty() || !e.hostDevice.isEmpty()) {
        out.add(QStringLiteral("engine.kernel_device"),
                QStringLiteral("a kernel device goes with the pktgen engine; the DPDK engine "
                               "sends on a virtual device or a PCI address"));
    }
    static const QRegularExpression cpuList(
        QStringLiteral("^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$"));
    if (!e.lcores.isEmpty() &&
        (!cpuList.match(e.lcores).hasMatch() || parseKernelCpuList(e.lcores).isEmpty()))
        out.add(QStringLiteral("engine.lcores"),
                QStringLiteral("lcores '%1' is not a CPU list such as 0-1 or 0,2,4").arg(e.lcores));
    if (!pktgen)
        out.range(QStringLiteral("engine.memory_mb"), e.memoryMb, kMinMemoryMb, kMaxMemoryMb);
    if (!pktgen && !e.noHuge && !ssh && hugepagesReserved == false)
        out.add(QStringLiteral("engine.no_huge"),
                QStringLiteral("no hugepages are reserved on this host: run without hugepages, "
                               "or reserve them first (dpdk-hugepages.py --setup 1G)"));
    return out.take();
}

QList<FieldProblem> SweepRules::check(const SweepSpec &spec, const Context &context) {
    Problems out;
    for (const FieldProblem &p : checkLaunch(spec.engine, context.hugepagesReserved))
        out.add(p.field, p.message);
    const StepLimits limits = context.limits.value_or(StepLimits::documented(spec.engine.kind));
    const EngineKind kind = spec.engine.kind;
    const QStringList sweepable = StepParameters::sweepable();
    if (spec.axes.isEmpty() || spec.axes.size() > 2)
        out.add(
            QStringLiteral("axes"),
            QStringLiteral("a sweep varies one or two parameters, got %1").arg(spec.axes.size()));
    for (qsizetype i = 0; i < spec.axes.size(); ++i) {
        const Axis &axis = spec.axes[i];
        if (!sweepable.contains(axis.name)) {
            out.add(axis.name, QStringLiteral("%1 is not a parameter a sweep can vary (one of %2)")
                                   .arg(axis.name, sweepable.join(QStringLiteral(", "))));
            continue;
        }
        if (const QString notTaken = StepParameters::notTakenBy(axis.name, kind);
            !notTaken.isEmpty()) {
            out.add(axis.name, notTaken);
            continue;
        }
        if (const QString refused = hostSettingRefused(spec.engine, axis.name);
            !refused.isEmpty()) {
            out.add(axis.name, refused);
            continue;
        }
        if (i == 1 && axis.name == spec.axes[0].name)
            out.add(axis.name,
                    QStringLiteral("%1 is swept twice; the second swept parameter must differ")
                        .arg(axis.name));
        const StepParameter *parameter = StepParameters::find(axis.name);
        const bool choice = parameter && parameter->type == ParameterType::Choice;
        if (axis.values.isEmpty() || (!choice && !axis.isNumeric()))
            out.add(axis.name,
                    choice ? QStringLiteral("%1 needs one or more of %2")
                                 .arg(axis.name, parameter->allowed())
                           : QStringLiteral("%1 needs one or more integer values").arg(axis.name));
        // The first value out of range says enough.
        for (const AxisValue &v : axis.values) {
            const QString problem =
                v.isNumber() || choice ? limits.check(axis.name, v.toJson()) : QString();
            if (!problem.isEmpty()) {
                out.add(axis.name, problem);
                break;
            }
        }
    }
    for (auto it = spec.fixed.begin(); it != spec.fixed.end(); ++it) {
        if (spec.axisNames().contains(it.key())) {
            out.add(it.key(), QStringLiteral("%1 is both swept and fixed").arg(it.key()));
            continue;
        }
        if (const QString notTaken = StepParameters::notTakenBy(it.key(), kind);
            !notTaken.isEmpty()) {
            out.add(it.key(), notTaken);
            continue;
        }
        if (it.value() != StepParameters::defaultOf(it.key(), kind)) {
            if (const QString refused = hostSettingRefused(spec.engine, it.key());
                !refused.isEmpty()) {
                out.add(it.key(), refused);
                continue;
            }
        }
        // An engine older than a parameter does without it at its default.
        if (!limits.knows(it.key()) && it.value() == StepParameters::defaultOf(it.key(), kind))
            continue;
        out.add(it.key(), limits.check(it.key(), it.value()));
    }
    // The engine's checks across parameters (StepParams.cpp), said before
    // anything runs: a tag is part of the frame, a priority needs a tag, and
    // pktgen's qdisc and receive modes take no burst and no clone.
    const QString mode = spec.fixed.value(QStringLiteral("xmit_mode")).toString();
    for (const auto &[needs, name, most, why] :
         {std::tuple{QStringLiteral("queue_xmit"), QStringLiteral("burst"), 1,
                     "pktgen queues one skb per dev_queue_xmit"},
          std::tuple{QStringLiteral("netif_receive"), QStringLiteral("clone"), 0,
                     "the stack consumes each skb"}}) {
        const QList<qint64> values = valuesOf(spec, name);
        const qint64 largest = *std::max_element(values.begin(), values.end());
        if (mode == needs && largest > most)
            out.add(name, QStringLiteral("%1 must be %2 with xmit_mode %3 (%4), got %5")
                              .arg(name)
                              .arg(most)
                              .arg(needs, QLatin1String(why))
                              .arg(largest));
    }
    ipv6Problems(spec, out);
    const qint64 vlan = spec.fixed.value(QStringLiteral("vlan")).toInteger();
    if (spec.fixed.value(QStringLiteral("vlan_pcp")).toInteger() != 0 && vlan == 0)
        out.add(QStringLiteral("vlan_pcp"),
                QStringLiteral("vlan_pcp needs a tag: set vlan to 1..4094"));
    if (vlan != 0) {
        const QList<qint64> sizes = valuesOf(spec, QStringLiteral("pkt_size"));
        const qint64 smallest =
            sizes.isEmpty() ? kMinTaggedFrame : *std::min_element(sizes.begin(), sizes.end());
        if (smallest < kMinTaggedFrame)
            out.add(QStringLiteral("pkt_size"),
                    QStringLiteral("pkt_size must be at least %1 with a VLAN tag (the tag is part "
                                   "of the frame), got %2")
                        .arg(kMinTaggedFrame)
                        .arg(smallest));
    }
    out.range(QStringLiteral("reps"), spec.reps, 1, kMaxReps);
    const ParameterLimit duration = rangeOf(limits, QStringLiteral("duration_ms"));
    out.range(QStringLiteral("duration_ms"), spec.durationMs, duration.min, duration.max);
    const ParameterLimit warmup = rangeOf(limits, QStringLiteral("warmup_ms"));
    if (kind == EngineKind::Pktgen && spec.warmupMs != 0)
        out.add(QStringLiteral("warmup_ms"),
                QStringLiteral("the pktgen engine has no warm-up (pktgen measures from its first "
                               "packet): it must be 0, got %1 ms")
                    .arg(spec.warmupMs));
    else if (spec.warmupMs < warmup.min || spec.warmupMs >= spec.durationMs)
        out.add(QStringLiteral("warmup_ms"),
                QStringLiteral("the warm-up (%1 ms) must be at least %2 ms and shorter than the "
                               "step (%3 ms)")
                    .arg(spec.warmupMs)
                    .arg(warmup.min)
                    .arg(spec.durationMs));
    out.add(QStringLiteral("rate_pps"), tooFewTxCalls(spec));
    out.add(QStringLiteral("count"), tooSmallCount(spec));
    out.range(QStringLiteral("pause_ms"), spec.pauseMs, 0, kMaxPauseMs);
    // Their words leave the field to the reader; here the field is named in them.
    QList<FieldProblem> noise = spec.noise.problems();
    if (spec.untilPrecise)
        noise << spec.untilPrecise->problems();
    for (const FieldProblem &p : noise)
        out.add(p.field, p.text());
    if (spec.linkSpeedMbps && (*spec.linkSpeedMbps < LineRate::kMinSpeedMbps ||
                               *spec.linkSpeedMbps > LineRate::kMaxSpeedMbps))
        out.add(QStringLiteral("link_speed_mbps"),
                QStringLiteral("the link speed must be 1M..1600G, got %1 Mbit/s")
                    .arg(*spec.linkSpeedMbps));
    return out.take();
}

} // namespace burstlab
