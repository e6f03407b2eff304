#include "model/EngineKind.h"

#include <QRegularExpression>

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

QString engineProgramName(EngineKind kind) {
    return kind == EngineKind::Pktgen ? QStringLiteral("burstlab-pktgen-engine")
                                      : QStringLiteral("burstlab-engine");
}

QString pktgenVersionNumber(const QString &version) {
    static const QRegularExpression number(QStringLiteral("(?:^|[\\s:v])(\\d+(?:\\.\\d+)+)\\s*$"));
    const QRegularExpressionMatch m = number.match(version);
    return m.hasMatch() ? m.captured(1) : version.trimmed();
}

} // namespace burstlab
