#include "stats/Summary.h"
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace burstlab {

Summary Summary::of(const QList<double> &values, double confidence) {
    Summary s;
    s.n = int(values.size());
    if (s.n == 0)
        return s;
    QList<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    s.min = sorted.first();
    s.max = sorted.last();
    const qsizetype mid = sorted.size() / 2;
    s.median = sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / s.n;
    if (s.n < 2)
        return s;
    double squares = 0;
    for (double v : values)
        squares += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(squares / (s.n - 1));
    s.cv = s.mean != 0 ? s.stddev / std::fabs(s.mean) : std::numeric_limits<double>::quiet_NaN();
    const boost::math::students_t t(s.n - 1);
    const double half = boost::math::quantile(boost::math::complement(t, (1 - confidence) / 2)) *
                        s.stddev / std::sqrt(double(s.n));
    s.ciLow = s.mean - half;
    s.ciHigh = s.mean + half;
    return s;
}

} // namespace burstlab
