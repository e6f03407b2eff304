#pragma once
#include "stats/PointProfile.h"

#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// Where a delta went: the ns/packet each function accounts for at a
// reference point and at this one, in the delta's sign (Delta: reference
// minus this, > 0 fewer ns per packet). Each side's shares add up to 1, so
// its functions' ns add up to its figure and the rows add up to the delta
// exactly; printed at Figure's 2 decimals, each row is rounded so that the
// printed rows still add up to the printed delta (largest remainder).
//
// A function is called changed where its share of the samples moved beyond
// sampling noise: a two-proportion z-test of its samples on the two sides,
// Holm-corrected over the point's functions at alpha 5% (the other row is
// not tested). An unchanged function's ns may still move with the point's.
//
// Without a figure on both sides (an imported perf table states no pps)
// there is no ns to share out: shares() gives the rows' shares and their
// change in percentage points only, tested as above where both sides
// counted their samples (PointProfile::intervals) and not at all otherwise.
struct ProfileDelta {
    static constexpr double kAlpha = 0.05;

    struct Row {
        QString name;
        QString module;
        PointProfile::Function reference;
        PointProfile::Function current;
        bool inReference = false; // the function is in that side's profile
        bool inCurrent = false;
        double points = 0;  // current.share - reference.share, in percentage points
        double ns = 0;      // reference.ns - current.ns
        double printed = 0; // ns rounded so the printed rows add up to the printed delta
        double p = 1;       // z-test, two-sided, uncorrected (1 for the other row)
        double pHolm = 1;
        bool changed = false;
    };

    double referenceNs = 0; // the ns figures: 0 in shares()
    double currentNs = 0;
    double ns = 0;   // Figure::deltaNs's: reference - current
    QList<Row> rows; // between: by |ns|, largest first; shares: by the reference's share,
                     // then the current's; the other row last
    int tests = 0;   // the functions tested (Holm's family): 0 where not tested

    // nullopt unless both points have a profile and a figure.
    static std::optional<ProfileDelta> between(const PointProfile &reference,
                                               const PointProfile &current);
    // The same between two points' profiles (PointProfile::of each).
    static std::optional<ProfileDelta> between(const PointStats &reference,
                                               const PointStats &current);
    // The shares alone, for points without a figure.
    static ProfileDelta shares(const PointProfile &reference, const PointProfile &current);
    // The rows called changed, the first `top` others (the largest |ns|),
    // and one row for the rest ("rest: N functions, unchanged"), which
    // together still add up to the delta.
    QList<Row> changedAndRest(int top = 0) const;
    // The rule, in words, for the outputs' footnote.
    static QString ruleText();
};

// Two-sided p of a two-proportion z-test: k1 of n1 against k2 of n2.
double twoProportionP(qint64 k1, qint64 n1, qint64 k2, qint64 n2);

} // namespace burstlab
