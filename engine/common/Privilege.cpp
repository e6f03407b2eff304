#include "Privilege.h"

#include <cstdlib>
#include <linux/capability.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

bool anyEffectiveCapability() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
    if (syscall(SYS_capget, &header, data) != 0) {
        return true; // cannot tell: assume the worst
    }
    for (const auto &d : data) {
        if (d.effective != 0) {
            return true;
        }
    }
    return false;
}

} // namespace

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
