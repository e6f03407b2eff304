#pragma once
#include "model/TxCounters.h"
#include <QJsonObject>
#include <QString>
#include <optional>

namespace burstlab {

// The step's thread figures, as the engine reports them in its finished
// message's "thread" (docs/protocol.md, "The thread figures"): what the
// kernel did to the step's TX threads over its measured window. The lowest
// CPU share of its TX lcores (on-CPU time over the window's wall time), the
// highest steal share of their CPUs, their involuntary context switches, and
// the CPU-time rate (packets per on-CPU second) next to the wall-clock rate.
struct StepThreadFigures {
    qint64 lcores = 0;
    qint64 wallNs = 0;
    qint64 onCpuNs = 0;
    double minCpuShare = 0;
    qint64 involuntarySwitches = 0;
    qint64 voluntarySwitches = 0;
    std::optional<qint64> stealNs;       // none where /proc/stat has no steal
    std::optional<double> maxStealShare; // of the window
    double cpuPps = 0;
    double cpuNsPerPkt = 0;

    // Every field is there; steal_ns and max_steal_share are null where the
    // kernel gives no steal.
    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("lcores", s.lcores, r);
        f("wall_ns", s.wallNs, r);
        f("on_cpu_ns", s.onCpuNs, r);
        f("min_cpu_share", s.minCpuShare, r);
        f("involuntary_switches", s.involuntarySwitches, r);
        f("voluntary_switches", s.voluntarySwitches, r);
        f("steal_ns", s.stealNs, r);
        f("max_steal_share", s.maxStealShare, r);
        f("cpu_pps", s.cpuPps, r);
        f("cpu_ns_per_pkt", s.cpuNsPerPkt, r);
    }

    // The "thread" object of a finished message; nullopt and *error set when
    // a field is missing or of the wrong type.
    static std::optional<StepThreadFigures> fromJson(const QJsonObject &thread, QString *error);
    // The words of what is wrong with figures read, or empty.
    QString problem() const;

    bool operator==(const StepThreadFigures &other) const = default;
};

// One TX lcore's part of them (`lcores[].thread`): its CPU, its share of
// the lcore's window on that CPU and the CPU's steal share.
struct LcoreThread {
    qint64 cpu = 0;
    qint64 wallNs = 0;
    qint64 onCpuNs = 0;
    double cpuShare = 0;
    qint64 involuntarySwitches = 0;
    qint64 voluntarySwitches = 0;
    std::optional<qint64> stealNs;
    std::optional<double> stealShare;
    double cpuPps = 0;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("cpu", s.cpu, r);
        f("wall_ns", s.wallNs, r);
        f("on_cpu_ns", s.onCpuNs, r);
        f("cpu_share", s.cpuShare, r);
        f("involuntary_switches", s.involuntarySwitches, r);
        f("voluntary_switches", s.voluntarySwitches, r);
        f("steal_ns", s.stealNs, r);
        f("steal_share", s.stealShare, r);
        f("cpu_pps", s.cpuPps, r);
    }
    bool operator==(const LcoreThread &other) const = default;
};

} // namespace burstlab
