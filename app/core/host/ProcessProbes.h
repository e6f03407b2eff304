#pragma once

namespace burstlab {
class ProbeRegistry;
// "load" (run nothing else), "processes_absent" (irqbalance) and
// "display_server" (desktop session: by program name, by listening X11 or
// Wayland socket, and the display the probing program itself uses).
void addProcessProbes(ProbeRegistry &registry);
} // namespace burstlab
