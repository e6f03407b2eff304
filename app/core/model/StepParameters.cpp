#include "model/StepParameters.h"

namespace burstlab {

const QList<StepParameter> &StepParameters::documented() {
    // queues: an engine allows one queue per worker lcore, so its hello says
    // [1,workers]; before it is known, allow as many as a large host has.
    static const QList<StepParameter> parameters{{QStringLiteral("burst"), 1, 512, 32},
                                                 {QStringLiteral("clone"), 0, 4294967295LL, 0},
                                                 {QStringLiteral("pkt_size"), 60, 1514, 60},
                                                 {QStringLiteral("queues"), 1, 64, 1},
                                                 {QStringLiteral("tx_desc"), 64, 4096, 1024},
                                                 {QStringLiteral("rate_pps"), 0, 1000000000, 0},
                                                 {QStringLiteral("flows"), 1, 65536, 1},
                                                 {QStringLiteral("duration_ms"), 1, 86400000, 1000},
                                                 {QStringLiteral("warmup_ms"), 0, 86400000, 0},
                                                 {QStringLiteral("stats_ms"), 10, 10000, 100}};
    return parameters;
}

std::optional<StepParameter> StepParameters::find(const QString &name) {
    for (const StepParameter &p : documented()) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

} // namespace burstlab
