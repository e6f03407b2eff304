#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace burstlab::engine {

// A kernel network device as the hello describes it, read from sysfs and
// the driver's ethtool information.
struct KernelDevice {
    std::string name;
    std::string driver;
    std::string mac;
    int64_t speedMbps = 0; // 0 when the driver has no speed (dummy, veth)
    bool up = false;       // administratively up (IFF_UP)
    uint32_t mtu = 0;
    uint32_t txQueues = 1;

    // The device, or none when it does not exist.
    static std::optional<KernelDevice> find(const std::string &name);
};

} // namespace burstlab::engine
