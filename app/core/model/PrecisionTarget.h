#pragma once
#include "model/FieldProblem.h"
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

class JsonReader;

// "--reps auto": how precise a point must be before a sweep moves on. A
// point gets at least kMinReps repetitions, and more, up to maxReps, while
// the 95% confidence interval of its mean ns/packet is not narrower than the
// target: a share of the point's ns/packet, or an absolute ns. The stopping
// rule itself is stats/Precision.
struct PrecisionTarget {
    static constexpr int kMinReps = 3;
    static constexpr int kDefaultMaxReps = 10;
    static constexpr int kMaxMaxReps = 1000;
    static constexpr double kDefaultShare = 0.01;
    static constexpr double kMaxNs = 1e6;

    int maxReps = kDefaultMaxReps;
    double share = kDefaultShare; // of the point's ns/packet, unless ns is set
    std::optional<double> ns;     // absolute width in ns

    // The largest interval width (ns) that stops a point whose ns/packet is pointNs.
    double widthFor(double pointNs) const { return ns ? *ns : share * pointNs; }
    // "95% CI of ns/pkt narrower than 1.00%" or "... narrower than 0.05 ns".
    QString describe() const;

    // max_reps in 3..1000, precision_pct in 0.001..100 (share 0.00001..1),
    // precision_ns in 0.001..1e6.
    QList<FieldProblem> problems() const;

    QJsonObject toJson() const;
    static PrecisionTarget fromJson(const QJsonObject &object, JsonReader &in);

    bool operator==(const PrecisionTarget &other) const = default;
};

} // namespace burstlab
