#pragma once

namespace burstlab {
class ProbeRegistry;
// clocksource, smt, cpufreq_governor, turbo, cstates, isolated_cpus.
void addCpuProbes(ProbeRegistry &registry);
} // namespace burstlab
