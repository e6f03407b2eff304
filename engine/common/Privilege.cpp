#include "Privilege.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <linux/capability.h>
#include <optional>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

// The effective set, or nullopt when the kernel does not say.
std::optional<std::array<uint32_t, _LINUX_CAPABILITY_U32S_3>> effectiveCapabilities() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
    if (syscall(SYS_capget, &header, data) != 0) {
        return std::nullopt;
    }
    std::array<uint32_t, _LINUX_CAPABILITY_U32S_3> effective{};
    for (size_t i = 0; i < effective.size(); ++i) {
        effective[i] = data[i].effective;
    }
    return effective;
}

bool anyEffectiveCapability() {
    const auto effective = effectiveCapabilities();
    return !effective || // cannot tell: assume the worst
           std::any_of(effective->begin(), effective->end(), [](uint32_t c) { return c != 0; });
}

} // namespace

bool hasEffectiveCapability(int capability) {
    const auto effective = effectiveCapabilities();
    return effective && ((*effective)[CAP_TO_INDEX(capability)] & CAP_TO_MASK(capability)) != 0;
}

bool runsElevated() {
    if (getauxval(AT_SECURE) != 0 || getuid() != geteuid() || getgid() != getegid()) {
        return true;
    }
    if (geteuid() != 0) {
        return anyEffectiveCapability();
    }
    // Root with root's real ids: elevated only if a launcher made it root.
    // Both launchers set these after clearing the caller's environment, so a
    // caller cannot hide them.
    return std::getenv("PKEXEC_UID") != nullptr || std::getenv("SUDO_UID") != nullptr;
}

} // namespace burstlab::engine
