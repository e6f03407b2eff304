#pragma once
#include "stats/Welch.h"
#include <QList>
#include <QString>
#include <limits>
#include <optional>

namespace burstlab {

// One side of a delta: a point's printed figure, the repetitions behind it
// and what keeps it from carrying a verdict.
struct DeltaSide {
    qint64 pps = 0;         // the point's figure (Figure.h)
    QList<double> reps;     // the pps of the repetitions its statistics count
    bool disturbed = false; // some of those repetitions were disturbed
    bool paced = false;     // its rate was a target (rate_pps), not an outcome
    bool lossy = false;     // it lost more than SinkFigures::kLossyShare on the way to the sink
};

// The change from a reference point (the previous point of a series, or the
// same point of a baseline run) to this one, in the seeds' sign convention:
// ns > 0 means fewer ns per packet (better), pps > 0 more packets per second.
//
// ns and pps come from the points' printed figures (Figure.h), so every
// output prints the same delta and a reader can redo it from the printed
// pps. How far to trust it comes from the repetitions: Welch's unequal-
// variance t-test on the per-repetition ns/packet (1e9/pps of each valid
// repetition) gives p and the 95% interval of the difference of the mean
// ns. A rank test (Mann-Whitney) cannot reach p < 0.05 with three
// repetitions a side, the default, so it would never call anything.
//
// The deltas of one table are one family, tested together: p is corrected
// by Holm's step-down method (correct()), so the chance of any "better" or
// "worse" by chance in the table stays under alpha.
//
// The verdict never contradicts the printed delta, and says why when it
// is not given:
//   lossy         either point lost more than 0.1% of its packets on the way
//                 to the sink (SinkFigures): what was sent is not what arrived
//   paced         either point is paced (rate_pps): the rate was the input
//   insufficient  fewer than 2 valid repetitions on a side, or no spread at all
//   disturbed     a side counts disturbed repetitions (Disturbance)
//   within noise  Holm's p >= alpha; or the printed delta is 0.00; or the
//                 means and the medians disagree on the direction (the
//                 repetitions are too skewed to say which way it went)
//   better/worse  Holm's p < alpha and the printed delta is > 0 / < 0
struct Delta {
    static constexpr double nan = std::numeric_limits<double>::quiet_NaN();

    double ns = 0;        // ns(reference) - ns(this), from the printed pps
    qint64 pps = 0;       // pps(this) - pps(reference)
    double nsCiLow = nan; // NaN without a test
    double nsCiHigh = nan;
    double p = nan; // Welch, two-sided, uncorrected
    // Holm's adjusted p over the family, and the family's size: the deltas
    // whose verdict the test decides. NaN and 0 for the others.
    double pHolm = nan;
    int tests = 0;
    double alpha = 0.05;
    // +1: the test and the printed delta both say fewer ns; -1: both more;
    // 0: the printed delta is 0.00, or they disagree.
    int direction = 0;
    Verdict verdict = Verdict::Insufficient;

    bool hasInterval() const { return std::isfinite(nsCiLow); }
    // Whether the test decides the verdict (a member of its table's family).
    bool tested() const { return tests > 0; }

    // nullopt when either figure is 0 pps (no ns/packet to take a delta of).
    // Alone, a tested delta is a family of one.
    static std::optional<Delta> between(const DeltaSide &reference, const DeltaSide &current,
                                        double alpha = 0.05);
    // Holm's correction over one table's deltas: the tested ones among
    // them are the family; their pHolm, tests and verdicts are set.
    static void correct(const QList<Delta *> &table);
    // What every output says beside a table's verdicts:
    // "Welch's t-test, Holm-corrected over 12 deltas, alpha 5%"; empty when
    // no delta of the table was tested.
    static QString correctionText(const QList<const Delta *> &table);

  private:
    void judge();
};

} // namespace burstlab
