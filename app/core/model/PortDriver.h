#pragma once
#include <QString>

namespace burstlab {

// DPDK virtual devices without a wire (net_null, net_ring, net_memif,
// net_pcap, net_tap): the link speed they report is nominal, no frame obeys
// it, so it is neither checked against nor printed as real. A fact about
// the port's driver, which a run's hello and the engine's hello both name.
bool driverHasNoWire(const QString &driver);

} // namespace burstlab
