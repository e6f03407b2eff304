#pragma once
#include <QList>

namespace burstlab {

// What a delta's verdict says (Delta.h): better or worse, within noise,
// or why no verdict is given: too few repetitions, disturbed repetitions,
// paced points (whose rate was the input, not the outcome), or lossy points
// (more than 0.1% of their packets lost on the way to the sink).
enum class Verdict { Better, Worse, WithinNoise, Insufficient, Disturbed, Paced, Lossy };
// "better", "worse", "within noise", "insufficient", "disturbed", "paced",
// "lossy"
const char *toString(Verdict verdict);

// Welch's unequal-variance t-test of mean(b) - mean(a), with the
// Welch-Satterthwaite degrees of freedom. valid is false when either side
// has fewer than 2 values (then only diff is meaningful) or both variances
// are zero.
struct Welch {
    bool valid = false;
    double diff = 0; // mean(b) - mean(a)
    double se = 0;
    double dof = 0;
    double t = 0;
    double p = 1;     // two-sided
    double ciLow = 0; // diff -/+ t(1 - alpha/2, dof) * se
    double ciHigh = 0;

    static Welch test(const QList<double> &a, const QList<double> &b, double alpha = 0.05);
};

} // namespace burstlab
