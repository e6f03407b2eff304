#include "model/NoisePolicy.h"
#include "model/JsonReader.h"

namespace burstlab {

namespace {

std::optional<FieldProblem> shareProblem(const char *field, double value) {
    if (value >= 0 && value <= 1)
        return std::nullopt;
    return FieldProblem{QLatin1String(field),
                        QStringLiteral("must be a share in 0..1, got %1").arg(value)};
}

} // namespace

QList<FieldProblem> NoisePolicy::problems() const {
    QList<FieldProblem> out;
    for (const auto &problem : {shareProblem("min_cpu_share", minCpuShare),
                                shareProblem("max_steal_share", maxStealShare)}) {
        if (problem)
            out << *problem;
    }
    return out;
}

QJsonObject NoisePolicy::toJson() const {
    return {{QStringLiteral("min_cpu_share"), minCpuShare},
            {QStringLiteral("max_steal_share"), maxStealShare},
            {QStringLiteral("rerun_disturbed"), rerunDisturbed},
            {QStringLiteral("exclude_disturbed"), excludeDisturbed}};
}

NoisePolicy NoisePolicy::fromJson(const QJsonObject &object, JsonReader &outer) {
    JsonReader in(object, QStringLiteral("sweep.noise"));
    NoisePolicy p;
    p.minCpuShare = in.number(QStringLiteral("min_cpu_share"), p.minCpuShare);
    p.maxStealShare = in.number(QStringLiteral("max_steal_share"), p.maxStealShare);
    p.rerunDisturbed = in.boolean(QStringLiteral("rerun_disturbed"), p.rerunDisturbed);
    p.excludeDisturbed = in.boolean(QStringLiteral("exclude_disturbed"), p.excludeDisturbed);
    FieldProblem::finishNested(in, outer, QStringLiteral("noise"), p.problems());
    return p;
}

} // namespace burstlab
