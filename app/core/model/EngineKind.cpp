#include "model/EngineKind.h"

namespace burstlab {

QString engineKindName(EngineKind kind) {
    return kind == EngineKind::Pktgen ? QStringLiteral("pktgen") : QStringLiteral("dpdk");
}

std::optional<EngineKind> engineKindFromName(const QString &name) {
    for (EngineKind kind : {EngineKind::Dpdk, EngineKind::Pktgen}) {
        if (engineKindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

QStringList engineKindNames() {
    return {engineKindName(EngineKind::Dpdk), engineKindName(EngineKind::Pktgen)};
}

} // namespace burstlab
