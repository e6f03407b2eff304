#pragma once

#include "Parameters.h"
#include "ProtocolError.h"

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace burstlab::engine {

using protocol::Range;

// The table's limit of a parameter (protocol/Parameters.h).
consteval Range limitOf(std::string_view name) {
    return protocol::parameter(name).limit;
}

// Inclusive ranges after the ports' own limits are applied (the hello's
// "limits").
struct StepLimits {
    Range burst = limitOf("burst");
    Range clone = limitOf("clone");
    Range pktSize = limitOf("pkt_size");
    Range queues{1, 1}; // the engine's own lcores or threads, at most limitOf("queues")
    Range txDesc = limitOf("tx_desc");
    uint16_t txDescAlign = 1;
    Range ratePps = limitOf("rate_pps");
    Range flows = limitOf("flows");
    Range durationMs = limitOf("duration_ms");
    Range warmupMs = limitOf("warmup_ms");
    Range count = limitOf("count");
    Range statsMs = limitOf("stats_ms");
    Range profileHz = limitOf("profile_hz");
    Range port = limitOf("udp_src");
    Range vlan = limitOf("vlan");
    Range vlanPcp = limitOf("vlan_pcp");
    Range tos = limitOf("tos");
    Range skbPriority = limitOf("skb_priority");
    Range frags = limitOf("frags");
    Range trafficClass = limitOf("traffic_class");
    Range node = limitOf("node");
    Range txRing = limitOf("tx_ring");
    Range rxUsecs = limitOf("rx_usecs");
    Range txUsecs = limitOf("tx_usecs");
    Range txqueuelen = limitOf("txqueuelen");
    Range bqlLimitMax = limitOf("bql_limit_max");
};

using Mac = protocol::Mac;

// Bytes an 802.1Q tag adds to a frame.
constexpr uint32_t kVlanTagSize = 4;

// Inclusive UDP port range: flow f uses lo + f % (hi - lo + 1).
struct PortRange {
    uint16_t lo = 0;
    uint16_t hi = 0;
};

// An IPv4 address in host order (a type of its own, so the parameter list
// can tell it from a number).
struct Ipv4 {
    uint32_t host = 0;
};

// An IPv6 address, or none (the table's empty default: IPv4 packets).
struct Ipv6 {
    std::array<uint8_t, 16> bytes{};
    bool set = false;
};

// One of a choice parameter's words (the table's own text, so a step holds
// no string of its own).
struct Choice {
    std::string_view word;
    bool operator==(std::string_view other) const { return word == other; }
};

// A set of a flag parameter's words, bit i the table's word i.
struct FlagSet {
    uint32_t bits = 0;
};
static_assert(protocol::kPktgenFlags.size() <= 32);

// The table's default of a parameter, as its member's type.
template <typename T> consteval T defaultOf(std::string_view name) {
    const protocol::Parameter &p = protocol::parameter(name);
    if constexpr (std::is_same_v<T, Mac>) {
        return protocol::macOf(p.text);
    } else if constexpr (std::is_same_v<T, Ipv4>) {
        return Ipv4{protocol::ipv4Of(p.text)};
    } else if constexpr (std::is_same_v<T, Ipv6>) {
        return p.text.empty() ? Ipv6{} : throw "an IPv6 parameter's default is none";
    } else if constexpr (std::is_same_v<T, Choice>) {
        return Choice{p.text};
    } else if constexpr (std::is_same_v<T, FlagSet>) {
        return FlagSet{};
    } else if constexpr (std::is_same_v<T, PortRange>) {
        return {static_cast<uint16_t>(p.ports.lo), static_cast<uint16_t>(p.ports.hi)};
    } else {
        return static_cast<T>(*p.value);
    }
}

// One step's parameters (docs/protocol.md, "Step parameters"). StepParams.cpp
// lists each once (name, member, limit): the command's reader, the echo in
// finished, the hello's defaults and limits all walk that list.
struct StepParams {
    uint32_t burst = defaultOf<uint32_t>("burst");
    uint64_t clone = defaultOf<uint64_t>("clone");
    uint32_t pktSize = defaultOf<uint32_t>("pkt_size");
    uint64_t durationMs = defaultOf<uint64_t>("duration_ms");
    bool hasDuration = false;
    // Sent but left out of the measured window (docs/protocol.md, "finished").
    uint64_t warmupMs = defaultOf<uint64_t>("warmup_ms");
    std::optional<uint64_t> count; // none: no packet count
    uint32_t queues = defaultOf<uint32_t>("queues");
    uint32_t txDesc = defaultOf<uint32_t>("tx_desc");
    uint64_t ratePps = defaultOf<uint64_t>("rate_pps");
    uint32_t flows = defaultOf<uint32_t>("flows");
    bool timestamp = defaultOf<bool>("timestamp");
    uint32_t statsMs = defaultOf<uint32_t>("stats_ms");
    uint32_t profileHz = defaultOf<uint32_t>("profile_hz");
    Mac srcMac = defaultOf<Mac>("src_mac");
    Mac dstMac = defaultOf<Mac>("dst_mac");
    Ipv4 srcIp = defaultOf<Ipv4>("src_ip");
    Ipv4 dstIp = defaultOf<Ipv4>("dst_ip");
    PortRange udpSrc = defaultOf<PortRange>("udp_src");
    PortRange udpDst = defaultOf<PortRange>("udp_dst");
    // 802.1Q: the VLAN id of every packet (0: untagged) and the tag's
    // priority. The 4-byte tag is part of pktSize, the frame as sent.
    uint16_t vlan = defaultOf<uint16_t>("vlan");
    uint8_t vlanPcp = defaultOf<uint8_t>("vlan_pcp");
    uint8_t tos = defaultOf<uint8_t>("tos"); // the IPv4 header's TOS byte
    // pktgen's only (the DPDK engine refuses them): the skb's priority, its
    // payload's page fragments, where pktgen hands it, and pktgen's flags.
    uint32_t skbPriority = defaultOf<uint32_t>("skb_priority");
    uint32_t frags = defaultOf<uint32_t>("frags");
    Choice xmitMode = defaultOf<Choice>("xmit_mode");
    FlagSet flags = defaultOf<FlagSet>("flags");
    // IPv6 packets to dst6 when it is set; the IPv6 header's traffic class.
    Ipv6 dst6 = defaultOf<Ipv6>("dst6");
    Ipv6 src6 = defaultOf<Ipv6>("src6");
    uint8_t trafficClass = defaultOf<uint8_t>("traffic_class");
    // The NUMA node of pktgen's skbs; -1: the sending CPU's.
    int32_t node = defaultOf<int32_t>("node");
    // Host settings of the sending device (HostSettings.h): "unchanged" and
    // protocol::kUnchanged leave it as it is.
    Choice gro = defaultOf<Choice>("gro");
    Choice gso = defaultOf<Choice>("gso");
    Choice tso = defaultOf<Choice>("tso");
    Choice flowControl = defaultOf<Choice>("flow_control");
    int64_t txRing = defaultOf<int64_t>("tx_ring");
    int64_t rxUsecs = defaultOf<int64_t>("rx_usecs");
    int64_t txUsecs = defaultOf<int64_t>("tx_usecs");
    int64_t txqueuelen = defaultOf<int64_t>("txqueuelen");
    int64_t bqlLimitMax = defaultOf<int64_t>("bql_limit_max");
    Choice qdisc = defaultOf<Choice>("qdisc");
    // Not a step parameter: the step's signature key word (Signature.h),
    // which the engine sets for each step from the run key.
    uint64_t signatureKey = 0;

    // Applies a start command's fields over these values; unknown keys and
    // wrong types are refused. "cmd" and "id" belong to the command.
    std::optional<ProtocolError> apply(const nlohmann::json &command, const StepLimits &limits);
    nlohmann::ordered_json toJson() const;
    // The hello's "limits": every parameter's range.
    static nlohmann::ordered_json limitsJson(const StepLimits &limits);
};

// The set's words, in the table's order.
std::vector<std::string_view> flagsOf(const FlagSet &set);
std::string formatMac(const Mac &mac);
std::string formatIp(uint32_t ip);
// RFC 5952's form, as pktgen prints it (%pI6c); empty for none.
std::string formatIpv6(const Ipv6 &ip);

} // namespace burstlab::engine
