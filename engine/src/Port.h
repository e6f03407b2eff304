#pragma once

#include "Sink.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct rte_mempool;

namespace burstlab::engine {

// What the hello reports about a port.
struct PortInfo {
    std::string role; // "tx" or "sink"
    uint16_t portId = 0;
    std::string name;
    std::string driver;
    std::string mac;
    uint32_t linkSpeedMbps = 0;
    bool linkUp = false;
    uint16_t mtu = 1500;
    uint16_t maxTxQueues = 1;
    uint16_t txDescMin = 0;
    uint16_t txDescMax = 0;
    uint16_t txDescAlign = 1;
    int numaNode = -1;
    bool txDoneCleanup = false;
    uint8_t macBytes[6] = {};
    unsigned ifIndex = 0; // the kernel interface behind the port, 0 if none
    // net_af_packet: whether its sockets send past the qdisc, read back
    // from them (the qdisc_bypass devarg, fixed when EAL created the port).
    std::optional<bool> qdiscBypass;
};

// Frames a receiving port dropped before the sink read them, by counter
// (docs/protocol.md, "The sink's figures"): imissed, ierrors and rx_nombuf
// are rte_eth_stats'.
using protocol::RxDropCounters;

// One ethdev port: configure, start, stop and close, and the limits the
// step parameters are validated against. Closed on destruction.
class Port {
  public:
    // Looks a probed device up by name ("net_null0" or a PCI address).
    static std::optional<Port> find(const std::string &name, const std::string &role,
                                    std::string &error);
    Port(Port &&other) noexcept;
    Port &operator=(Port &&) = delete;
    Port(const Port &) = delete;
    ~Port();

    // Descriptors of each RX queue (a sink's, or one a driver insists on).
    static constexpr uint16_t kRxDesc = 1024;

    // (Re)configures with the given queues and starts the port. An RX queue
    // needs rxPool. Returns an error text or an empty string.
    std::string configure(uint16_t rxQueues, uint16_t txQueues, uint16_t txDesc,
                          rte_mempool *rxPool);
    void stop();
    // Frees mbufs the driver still holds for completed sends, where the
    // driver supports it.
    void txDoneCleanup(uint16_t txQueues);
    // For a started net_af_packet port: finds the driver's packet sockets on
    // the port's interface, so rxDrops() reads the kernel ring's drops, and
    // gives them a filter that drops what the interface sends (the kernel's
    // own frames out of it are not received). Only for a port that is the only one on
    // its interface: another port's sockets there cannot be told apart.
    void watchPacketSockets();
    // The port's drop counters so far.
    RxDropCounters rxDrops();

    uint16_t id() const { return m_info.portId; }
    const PortInfo &info() const { return m_info; }
    uint16_t txQueues() const { return m_txQueues; }
    uint16_t txDesc() const { return m_txDesc; }

  private:
    explicit Port(PortInfo info) : m_info(std::move(info)) {}
    void refreshLink();

    PortInfo m_info;
    uint16_t m_txQueues = 0;
    uint16_t m_txDesc = 0;
    bool m_configured = false;
    bool m_started = false;
    bool m_owner = true;
    std::vector<int> m_packetSockets; // the af_packet driver's, when watched
    uint64_t m_kernelRingDrops = 0;   // summed: reading them resets the kernel's
};

} // namespace burstlab::engine
