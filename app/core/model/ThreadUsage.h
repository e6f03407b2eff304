#pragma once
#include <QJsonObject>
#include <QString>
#include <optional>

namespace burstlab {

// What the kernel did to a step's TX threads over its measured window, as
// the engine's finished message gives it in "thread" (docs/protocol.md): the
// lowest CPU share of its TX lcores (on-CPU time over the window's wall
// time), the highest steal share of their CPUs, their involuntary context
// switches, and the CPU-time rate (packets per on-CPU second) next to the
// wall-clock rate.
struct ThreadUsage {
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

    // The "thread" object of a finished message; nullopt and *error set when
    // a field is missing or of the wrong type.
    static std::optional<ThreadUsage> fromJson(const QJsonObject &thread, QString *error);
    // The figures in a step's stored totals, or nullopt when it has none
    // (an engine before them, an empty window, an imported result).
    static std::optional<ThreadUsage> ofTotals(const QJsonObject &totals);

    bool operator==(const ThreadUsage &other) const = default;
};

} // namespace burstlab
