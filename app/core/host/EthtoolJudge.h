#pragma once
#include "host/Ethtool.h"
#include "host/ProbeOutcome.h"

namespace burstlab {

// Turns ethtool replies into checklist outcomes; apart from the ioctl so that every
// verdict can be tested without a NIC that supports the query.
class EthtoolJudge {
  public:
    static ProbeOutcome pause(const Ethtool::Pause &p);
    static ProbeOutcome ring(const Ethtool::Ring &r, unsigned minTx);
    static ProbeOutcome coalesce(const Ethtool::Coalesce &c);
    // Recorded, not judged: pktgen's and the engines' packets are single
    // linear frames below the MTU, which none of them acts on.
    static ProbeOutcome offloads(const Ethtool::Offloads &o);
};

} // namespace burstlab
