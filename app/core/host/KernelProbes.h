#pragma once

namespace burstlab {
class ProbeRegistry;
// tuned_profile, netfilter_modules, hugepages, irq_affinity.
void addKernelProbes(ProbeRegistry &registry);
} // namespace burstlab
