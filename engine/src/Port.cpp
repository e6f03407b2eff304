#include "Port.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <iterator>
#include <linux/filter.h>
#include <linux/if_packet.h>
#include <rte_ethdev.h>
#include <sys/socket.h>

namespace burstlab::engine {

namespace {

std::string errorText(const std::string &what, int rc) {
    return what + " failed: " + std::strerror(rc < 0 ? -rc : rc);
}

// This process's AF_PACKET sockets bound to interface ifIndex.
std::vector<int> packetSocketsOn(unsigned ifIndex) {
    std::vector<int> fds;
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) {
        return fds;
    }
    while (const dirent *entry = readdir(dir)) {
        char *end = nullptr;
        const long fd = std::strtol(entry->d_name, &end, 10);
        if (end == entry->d_name || *end != '\0' || fd == dirfd(dir)) {
            continue;
        }
        int domain = 0;
        socklen_t length = sizeof domain;
        if (getsockopt(int(fd), SOL_SOCKET, SO_DOMAIN, &domain, &length) != 0 ||
            domain != AF_PACKET) {
            continue;
        }
        sockaddr_ll address{};
        length = sizeof address;
        if (getsockname(int(fd), reinterpret_cast<sockaddr *>(&address), &length) == 0 &&
            address.sll_ifindex > 0 && unsigned(address.sll_ifindex) == ifIndex) {
            fds.push_back(int(fd));
        }
    }
    closedir(dir);
    return fds;
}

// PACKET_QDISC_BYPASS of a net_af_packet port's sockets; none for another
// driver, or when a socket does not say.
std::optional<bool> qdiscBypassOf(const PortInfo &info) {
    if (info.driver != "net_af_packet" || info.ifIndex == 0) {
        return std::nullopt;
    }
    std::optional<bool> bypass;
    for (int fd : packetSocketsOn(info.ifIndex)) {
        int value = 0;
        socklen_t length = sizeof value;
        if (getsockopt(fd, SOL_PACKET, PACKET_QDISC_BYPASS, &value, &length) != 0) {
            return std::nullopt;
        }
        bypass = bypass.value_or(true) && value != 0;
    }
    return bypass;
}

} // namespace

std::optional<Port> Port::find(const std::string &name, const std::string &role,
                               std::string &error) {
    uint16_t id = 0;
    if (rte_eth_dev_get_port_by_name(name.c_str(), &id) != 0) {
        error = "no DPDK port named '" + name + "' (did the driver fail to probe it?)";
        return std::nullopt;
    }
    rte_eth_dev_info dev{};
    if (int rc = rte_eth_dev_info_get(id, &dev); rc != 0) {
        error = errorText("rte_eth_dev_info_get(" + name + ")", rc);
        return std::nullopt;
    }
    PortInfo info;
    info.role = role;
    info.portId = id;
    info.name = name;
    info.driver = dev.driver_name ? dev.driver_name : "";
    info.maxTxQueues = dev.max_tx_queues;
    info.txDescMin = dev.tx_desc_lim.nb_min;
    info.txDescMax = dev.tx_desc_lim.nb_max;
    info.txDescAlign = dev.tx_desc_lim.nb_align ? dev.tx_desc_lim.nb_align : 1;
    info.numaNode = rte_eth_dev_socket_id(id);
    info.ifIndex = dev.if_index;
    rte_ether_addr mac{};
    rte_eth_macaddr_get(id, &mac);
    char text[RTE_ETHER_ADDR_FMT_SIZE];
    rte_ether_format_addr(text, sizeof text, &mac);
    info.mac = text;
    std::memcpy(info.macBytes, mac.addr_bytes, sizeof info.macBytes);
    uint16_t mtu = 0;
    if (rte_eth_dev_get_mtu(id, &mtu) == 0 && mtu > 0) {
        info.mtu = mtu;
    }
    info.qdiscBypass = qdiscBypassOf(info);
    Port port(std::move(info));
    port.refreshLink();
    return port;
}

Port::Port(Port &&other) noexcept
    : m_info(std::move(other.m_info)), m_txQueues(other.m_txQueues), m_txDesc(other.m_txDesc),
      m_configured(other.m_configured), m_started(other.m_started), m_owner(other.m_owner),
      m_packetSockets(std::move(other.m_packetSockets)),
      m_kernelRingDrops(other.m_kernelRingDrops) {
    other.m_owner = false;
}

Port::~Port() {
    if (!m_owner) {
        return;
    }
    stop();
    if (m_configured) {
        rte_eth_dev_close(m_info.portId);
    }
}

std::string Port::configure(uint16_t rxQueues, uint16_t txQueues, uint16_t txDesc,
                            rte_mempool *rxPool) {
    stop();
    const uint16_t id = m_info.portId;
    rte_eth_conf conf{};
    if (int rc = rte_eth_dev_configure(id, rxQueues, txQueues, &conf); rc != 0) {
        return errorText("rte_eth_dev_configure", rc);
    }
    m_configured = true;
    const int socket = m_info.numaNode < 0 ? SOCKET_ID_ANY : m_info.numaNode;
    uint16_t rxDesc = kRxDesc;
    uint16_t txd = txDesc;
    if (int rc = rte_eth_dev_adjust_nb_rx_tx_desc(id, &rxDesc, &txd); rc != 0) {
        return errorText("rte_eth_dev_adjust_nb_rx_tx_desc", rc);
    }
    for (uint16_t q = 0; q < rxQueues; ++q) {
        if (int rc = rte_eth_rx_queue_setup(id, q, rxDesc, socket, nullptr, rxPool); rc != 0) {
            return errorText("rte_eth_rx_queue_setup", rc);
        }
    }
    for (uint16_t q = 0; q < txQueues; ++q) {
        if (int rc = rte_eth_tx_queue_setup(id, q, txd, socket, nullptr); rc != 0) {
            return errorText("rte_eth_tx_queue_setup", rc);
        }
    }
    if (int rc = rte_eth_dev_start(id); rc != 0) {
        return errorText("rte_eth_dev_start", rc);
    }
    m_started = true;
    m_txQueues = txQueues;
    m_txDesc = txDesc;
    if (rxQueues > 0) {
        // A sink counts whatever reaches it, whatever the destination MAC.
        rte_eth_promiscuous_enable(id);
    }
    if (txQueues > 0) {
        m_info.txDoneCleanup = rte_eth_tx_done_cleanup(id, 0, 0) != -ENOTSUP;
    }
    refreshLink();
    return {};
}

void Port::stop() {
    if (m_started) {
        rte_eth_dev_stop(m_info.portId);
        m_started = false;
    }
}

void Port::txDoneCleanup(uint16_t txQueues) {
    if (!m_info.txDoneCleanup) {
        return;
    }
    for (uint16_t q = 0; q < txQueues; ++q) {
        rte_eth_tx_done_cleanup(m_info.portId, q, 0);
    }
}

void Port::watchPacketSockets() {
    if (m_info.driver != "net_af_packet" || m_info.ifIndex == 0) {
        return;
    }
    m_packetSockets = packetSocketsOn(m_info.ifIndex);
    // A filter rather than PACKET_IGNORE_OUTGOING, which a socket in a fanout
    // group (as the driver's are) does not obey: the group's hook takes the
    // frames, and each socket's filter runs on what it is given.
    sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, uint32_t(SKF_AD_OFF + SKF_AD_PKTTYPE)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PACKET_OUTGOING, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, 0),
        BPF_STMT(BPF_RET | BPF_K, UINT32_MAX),
    };
    const sock_fprog program{static_cast<unsigned short>(std::size(code)), code};
    for (int fd : m_packetSockets) {
        setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program);
    }
    rxDrops(); // from now on
    m_kernelRingDrops = 0;
}

RxDropCounters Port::rxDrops() {
    RxDropCounters c;
    rte_eth_stats stats{};
    if (rte_eth_stats_get(m_info.portId, &stats) == 0) {
        c.imissed = stats.imissed;
        c.ierrors = stats.ierrors;
        c.rxNombuf = stats.rx_nombuf;
    }
    if (!m_packetSockets.empty()) {
        for (int fd : m_packetSockets) {
            tpacket_stats kernel{};
            socklen_t length = sizeof kernel;
            if (getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, &kernel, &length) == 0) {
                m_kernelRingDrops += kernel.tp_drops;
            }
        }
        c.kernelRing = m_kernelRingDrops;
    }
    return c;
}

void Port::refreshLink() {
    rte_eth_link link{};
    if (rte_eth_link_get_nowait(m_info.portId, &link) == 0) {
        m_info.linkSpeedMbps = link.link_speed == RTE_ETH_SPEED_NUM_UNKNOWN ? 0 : link.link_speed;
        m_info.linkUp = link.link_status == RTE_ETH_LINK_UP;
    }
}

} // namespace burstlab::engine
