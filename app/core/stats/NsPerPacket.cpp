#include "stats/NsPerPacket.h"
#include "model/StepResult.h"
#include <limits>

namespace burstlab {

QList<double> nsPerPacket(const QList<double> &pps) {
    QList<double> ns;
    for (double v : pps)
        ns << StepResult::nsPerPacketOf(v).value_or(std::numeric_limits<double>::quiet_NaN());
    return ns;
}

} // namespace burstlab
