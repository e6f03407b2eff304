#pragma once

namespace burstlab {
class ProbeRegistry;
// ethtool_pause, ethtool_ring, ethtool_coalesce, ethtool_offloads, driver_builtin: kernel netdev
// settings.
void addNetdevProbes(ProbeRegistry &registry);
} // namespace burstlab
