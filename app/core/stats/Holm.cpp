#include "stats/Holm.h"

#include <algorithm>
#include <numeric>

namespace burstlab {

QList<double> holmAdjusted(const QList<double> &p) {
    QList<qsizetype> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return p[a] < p[b]; });
    QList<double> adjusted(p.size());
    const qsizetype m = p.size();
    double running = 0;
    for (qsizetype i = 0; i < m; ++i) {
        running = std::max(running, std::min(1.0, double(m - i) * p[order[i]]));
        adjusted[order[i]] = running;
    }
    return adjusted;
}

} // namespace burstlab
