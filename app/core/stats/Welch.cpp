#include "stats/Welch.h"
#include "stats/Summary.h"
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace burstlab {

const char *toString(Verdict verdict) {
    switch (verdict) {
    case Verdict::Better:
        return "better";
    case Verdict::Worse:
        return "worse";
    case Verdict::WithinNoise:
        return "within noise";
    case Verdict::Insufficient:
        return "insufficient";
    case Verdict::Disturbed:
        return "disturbed";
    case Verdict::Paced:
        return "paced";
    case Verdict::Lossy:
        return "lossy";
    }
    return "";
}

Welch Welch::test(const QList<double> &a, const QList<double> &b, double alpha) {
    Welch w;
    const Summary sa = Summary::of(a);
    const Summary sb = Summary::of(b);
    if (sa.n == 0 || sb.n == 0)
        return w;
    w.diff = sb.mean - sa.mean;
    if (sa.n < 2 || sb.n < 2)
        return w;
    const double va = sa.stddev * sa.stddev / sa.n;
    const double vb = sb.stddev * sb.stddev / sb.n;
    w.se = std::sqrt(va + vb);
    if (w.se == 0 || !std::isfinite(w.se))
        return w;
    w.dof = (va + vb) * (va + vb) / (va * va / (sa.n - 1) + vb * vb / (sb.n - 1));
    // Boost throws on degrees of freedom it cannot use (an underflow of the
    // variances gives inf); thrown from a signal, that would end the sweep.
    if (!std::isfinite(w.dof) || w.dof <= 0)
        return w;
    w.t = w.diff / w.se;
    const boost::math::students_t dist(w.dof);
    w.p = 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(w.t)));
    const double half = boost::math::quantile(boost::math::complement(dist, alpha / 2)) * w.se;
    w.ciLow = w.diff - half;
    w.ciHigh = w.diff + half;
    w.valid = true;
    return w;
}

} // namespace burstlab
