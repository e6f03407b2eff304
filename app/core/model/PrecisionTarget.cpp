#include "model/PrecisionTarget.h"
#include "model/JsonReader.h"

namespace burstlab {

namespace {
constexpr double kMinShare = 0.00001; // 0.001%
constexpr double kMinNs = 0.001;
} // namespace

QString PrecisionTarget::describe() const {
    // Two decimals, three for the smallest targets (down to 0.001).
    const auto text = [](double v) { return QString::number(v, 'f', v < 0.1 ? 3 : 2); };
    const QString target = ns ? text(*ns) + QStringLiteral(" ns") : text(share * 100) + u'%';
    return QStringLiteral("95% CI of ns/pkt narrower than %1").arg(target);
}

QList<FieldProblem> PrecisionTarget::problems() const {
    QList<FieldProblem> out;
    if (maxReps < kMinReps || maxReps > kMaxMaxReps)
        out << FieldProblem{QStringLiteral("max_reps"),
                            QStringLiteral("must be an integer in %1..%2, got %3")
                                .arg(kMinReps)
                                .arg(kMaxMaxReps)
                                .arg(maxReps)};
    if (!(share >= kMinShare && share <= 1))
        out << FieldProblem{QStringLiteral("precision_pct"),
                            QStringLiteral("must be a number in %1..100, got %2")
                                .arg(kMinShare * 100)
                                .arg(share * 100)};
    if (ns && !(*ns >= kMinNs && *ns <= kMaxNs))
        out << FieldProblem{
            QStringLiteral("precision_ns"),
            QStringLiteral("must be a number in %1..%2, got %3").arg(kMinNs).arg(kMaxNs).arg(*ns)};
    return out;
}

QJsonObject PrecisionTarget::toJson() const {
    QJsonObject o{{QStringLiteral("max_reps"), maxReps}, {QStringLiteral("share"), share}};
    if (ns)
        o.insert(QStringLiteral("ns"), *ns);
    return o;
}

PrecisionTarget PrecisionTarget::fromJson(const QJsonObject &object, JsonReader &outer) {
    JsonReader in(object, QStringLiteral("sweep.until_precise"));
    PrecisionTarget t;
    t.maxReps = int(in.integer(QStringLiteral("max_reps"), t.maxReps));
    t.share = in.number(QStringLiteral("share"), t.share);
    t.ns = in.optionalNumber(QStringLiteral("ns"));
    FieldProblem::finishNested(in, outer, QStringLiteral("until_precise"), t.problems());
    return t;
}

} // namespace burstlab
