#include "stats/NsPerPacket.h"
#include <limits>

namespace burstlab {

QList<double> nsPerPacket(const QList<double> &pps) {
    QList<double> ns;
    for (double v : pps)
        ns << (v > 0 ? 1e9 / v : std::numeric_limits<double>::quiet_NaN());
    return ns;
}

} // namespace burstlab
