#pragma once

namespace burstlab {
class ProbeRegistry;
// "load" (run nothing else) and "processes_absent" (desktop session, irqbalance).
void addProcessProbes(ProbeRegistry &registry);
} // namespace burstlab
