#include "KernelDevice.h"

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <memory>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

std::string sysfs(const std::string &device, const std::string &attribute) {
    std::ifstream in("/sys/class/net/" + device + "/" + attribute);
    std::string value;
    std::getline(in, value);
    return value;
}

int64_t sysfsNumber(const std::string &device, const std::string &attribute) {
    try {
        return std::stoll(sysfs(device, attribute), nullptr, 0);
    } catch (const std::exception &) {
        return 0;
    }
}

std::string driverOf(const std::string &device) {
    const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return "unknown";
    }
    ethtool_drvinfo info{};
    info.cmd = ETHTOOL_GDRVINFO;
    ifreq request{};
    std::strncpy(request.ifr_name, device.c_str(), IFNAMSIZ - 1);
    request.ifr_data = reinterpret_cast<char *>(&info);
    const bool ok = ioctl(fd, SIOCETHTOOL, &request) == 0;
    close(fd);
    return ok && info.driver[0] ? std::string(info.driver) : "unknown";
}

uint32_t txQueuesOf(const std::string &device) {
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(
        opendir(("/sys/class/net/" + device + "/queues").c_str()), closedir);
    if (!dir) {
        return 1;
    }
    uint32_t n = 0;
    while (const dirent *e = readdir(dir.get())) {
        n += std::strncmp(e->d_name, "tx-", 3) == 0 ? 1 : 0;
    }
    return n == 0 ? 1 : n;
}

} // namespace

std::optional<KernelDevice> KernelDevice::find(const std::string &name) {
    if (access(("/sys/class/net/" + name).c_str(), F_OK) != 0) {
        return std::nullopt;
    }
    KernelDevice d;
    d.name = name;
    d.driver = driverOf(name);
    d.mac = sysfs(name, "address");
    // Reading speed fails (EINVAL) for devices without one.
    d.speedMbps = std::max<int64_t>(sysfsNumber(name, "speed"), 0);
    d.up = (sysfsNumber(name, "flags") & IFF_UP) != 0;
    d.mtu = static_cast<uint32_t>(sysfsNumber(name, "mtu"));
    d.txQueues = txQueuesOf(name);
    return d;
}

} // namespace burstlab::engine
