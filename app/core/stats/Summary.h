#pragma once
#include <QList>
#include <limits>

namespace burstlab {

// Descriptive statistics of one sample (the repetitions at one point).
// With n < 2 stddev, CV and the CI are NaN; with n == 0 everything is NaN.
struct Summary {
    int n = 0;
    double mean = std::numeric_limits<double>::quiet_NaN();
    double median = std::numeric_limits<double>::quiet_NaN();
    double stddev = std::numeric_limits<double>::quiet_NaN(); // sample (n-1)
    double cv = std::numeric_limits<double>::quiet_NaN();     // stddev / mean
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    double ciLow = std::numeric_limits<double>::quiet_NaN(); // mean -/+ t * s / sqrt(n)
    double ciHigh = std::numeric_limits<double>::quiet_NaN();

    // Two-sided Student t interval at the given confidence (0.95 = 95%).
    static Summary of(const QList<double> &values, double confidence = 0.95);
};

} // namespace burstlab
