#pragma once

namespace burstlab::engine {

// Whether this engine holds rights the person who started it does not have:
// setuid/setgid or file capabilities (the kernel's AT_SECURE), capabilities
// in effect for a non-root user, or root reached through pkexec or sudo. Such
// an engine must take its allow-list from the root-owned file only, since
// whoever runs it also chooses its command line.
bool runsElevated();

// Whether the capability (CAP_NET_ADMIN, ...) is in this process's
// effective set; false when the kernel does not say.
bool hasEffectiveCapability(int capability);

} // namespace burstlab::engine
