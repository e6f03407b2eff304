#pragma once
#include <QList>

namespace burstlab {

// 1e9 / pps for each value (NaN for a rate of 0): the seeds' ns/packet.
QList<double> nsPerPacket(const QList<double> &pps);

} // namespace burstlab
