#pragma once
#include <QList>

namespace burstlab {

// StepResult::nsPerPacketOf each value (NaN for a rate of 0): the seeds' ns/packet.
QList<double> nsPerPacket(const QList<double> &pps);

} // namespace burstlab
