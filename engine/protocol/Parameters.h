#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>

// Every step parameter's limit and default, owned here once: the engines'
// StepLimits and StepParams, the hello's limits and defaults, the client's
// parameter table, the CLI's help and docs/cli.md all read this table
// (docs/protocol.md, "Step parameters").
namespace burstlab::protocol {

struct Range {
    int64_t lo = 0;
    int64_t hi = 0;
};

enum class ParameterKind { Integer, Boolean, Mac, Ipv4, Ipv6, PortRange, Choice, FlagSet };

struct Parameter {
    std::string_view name;
    ParameterKind kind = ParameterKind::Integer;
    // The widest range any port or engine allows (an engine may narrow it
    // in its hello: to dpdkLimit, its port's, its lcores'); a port range's
    // ends.
    Range limit = {};
    // An integer's or boolean's default (none: count, which has no default),
    // an address's or a choice's as text, a port range's ends.
    std::optional<int64_t> value = {};
    std::string_view text = {};
    Range ports = {};
    // The name the pktgen engine takes it by (pktgen's own where it has
    // one); empty: the pktgen engine does not take it.
    std::string_view pktgen = {};
    // A pktgen run's default where it differs (pktgen's own).
    std::optional<int64_t> pktgenValue = {};
    // A boolean pktgen takes as a flag its false value sets.
    std::string_view pktgenFlagWhenFalse = {};
    // Whether the DPDK engine takes it (false: a setting of the kernel's
    // skb, pktgen's only).
    bool dpdk = true;
    // A choice's words, its default among them; the flags a set may hold
    // (none by default), in the order they are written.
    std::span<const std::string_view> choices = {};
    // The DPDK engine's narrower limit where pktgen takes more; {0, 0}: limit.
    Range dpdkLimit = {};
    // A setting of the sending host's device rather than of the packets
    // (docs/kernel-pktgen.md, "Host settings"): the engine sets it before
    // the step's clock starts, reads it back and restores the device as it
    // found it. Its default, "unchanged" or -1, leaves the device alone.
    bool host = false;
};

// The range the DPDK engine takes.
constexpr Range dpdkLimitOf(const Parameter &p) {
    return p.dpdkLimit.hi != 0 ? p.dpdkLimit : p.limit;
}

// A host setting's integer default: the engine leaves the device's value.
inline constexpr int64_t kUnchanged = -1;

namespace detail {
constexpr Parameter integer(std::string_view name, Range limit, std::optional<int64_t> value,
                            std::string_view pktgen) {
    return {name, ParameterKind::Integer, limit, value, {}, {}, pktgen, std::nullopt};
}
constexpr Parameter address(std::string_view name, ParameterKind kind, std::string_view text,
                            std::string_view pktgen) {
    return {name, kind, {}, std::nullopt, text, {}, pktgen, std::nullopt};
}
constexpr Parameter pktgenOnly(std::string_view name, Range limit, int64_t value) {
    return {name, ParameterKind::Integer, limit, value, {}, {}, name, std::nullopt, {}, false};
}
// An IPv6 address pktgen takes under the same name; none by default.
constexpr Parameter pktgenIpv6(std::string_view name) {
    return {name, ParameterKind::Ipv6, {}, std::nullopt, "", {}, name, std::nullopt, {}, false};
}
constexpr Parameter pktgenChoice(std::string_view name, std::span<const std::string_view> choices) {
    return {name, ParameterKind::Choice, {}, std::nullopt, choices.front(), {},
            name, std::nullopt,          {}, false,        choices};
}
constexpr Parameter pktgenFlags(std::string_view name, std::string_view pktgen,
                                std::span<const std::string_view> flags) {
    return {name,   ParameterKind::FlagSet, {}, std::nullopt, {},   {},
            pktgen, std::nullopt,           {}, false,        flags};
}
// A host setting both engines take under its own name: the pktgen engine
// on its host devices, the DPDK engine on its ports that are kernel
// interfaces (af_packet, AF_XDP, tap), refused on any other port.
constexpr Parameter hostChoice(std::string_view name, std::span<const std::string_view> choices) {
    return {name, ParameterKind::Choice, {}, std::nullopt, choices.front(), {},
            name, std::nullopt,          {}, true,         choices,         {},
            true};
}
constexpr Parameter hostInteger(std::string_view name, int64_t hi) {
    return {name,
            ParameterKind::Integer,
            {kUnchanged, hi},
            kUnchanged,
            {},
            {},
            name,
            std::nullopt,
            {},
            true,
            {},
            {},
            true};
}
constexpr Parameter portRange(std::string_view name, Range ports) {
    return {name,        ParameterKind::PortRange, {0, 65535}, std::nullopt, {}, ports, name,
            std::nullopt};
}
} // namespace detail

// pktgen's xmit_mode: its default first.
inline constexpr std::array<std::string_view, 3> kXmitModes{"start_xmit", "netif_receive",
                                                            "queue_xmit"};

// pktgen's flags that no other parameter stands for, as pktgen reads them
// in every kernel since 4.x. Left out: NO_TIMESTAMP (timestamp), FLOW_SEQ
// (flows), SHARED (pktgen's default, which burst and clone_skb need),
// IPV6 (set by dst6), IPSEC (needs an xfrm state) and NODE (set by node;
// pktgen's help text still calls it NODE_ALLOC, an older kernel's name).
inline constexpr std::array<std::string_view, 13> kPktgenFlags{
    "UDPCSUM",    "QUEUE_MAP_CPU", "QUEUE_MAP_RND", "IPSRC_RND",  "IPDST_RND",
    "UDPSRC_RND", "UDPDST_RND",    "MACSRC_RND",    "MACDST_RND", "TXSIZE_RND",
    "VID_RND",    "SVID_RND",      "MPLS_RND"};

// A host setting's choice of on or off; unchanged, its default, first.
inline constexpr std::array<std::string_view, 3> kOnOff{"unchanged", "on", "off"};
// The root qdiscs a step may put on its device: the kernel's defaults
// (pfifo_fast, noqueue; mq's children) and the classless ones a netdev
// reader compares them with, none of which needs options.
inline constexpr std::array<std::string_view, 7> kRootQdiscs{
    "unchanged", "pfifo_fast", "pfifo", "fq", "fq_codel", "sfq", "noqueue"};

// In protocol order.
inline constexpr std::array kParameters{
    // pktgen takes any burst (samples/pktgen's netif_receive script sends
    // 1024); the DPDK engine's sends fill an array of 512 on each TX lcore.
    Parameter{.name = "burst",
              .limit = {1, 65536},
              .value = 32,
              .pktgen = "burst",
              .pktgenValue = 1,
              .dpdkLimit = {1, 512}},
    detail::integer("clone", {0, 4294967295LL}, 0, "clone_skb"),
    detail::integer("pkt_size", {60, 1514}, 60, "pkt_size"),
    detail::integer("duration_ms", {1, 86400000}, 1000, "duration_ms"),
    detail::integer("warmup_ms", {0, 86400000}, 0, {}),
    detail::integer("count", {1, 1000000000000000LL}, std::nullopt, "count"),
    detail::integer("queues", {1, 256}, 1, "queues"),
    detail::integer("tx_desc", {64, 4096}, 1024, {}),
    detail::integer("rate_pps", {0, 1000000000}, 0, "ratep"),
    detail::integer("flows", {1, 65536}, 1, "flows"),
    // pktgen stamps every packet unless flag NO_TIMESTAMP (sample03 sets it).
    Parameter{
        "timestamp", ParameterKind::Boolean, {0, 1}, 0, {}, {}, "timestamp", 1, "NO_TIMESTAMP"},
    detail::integer("stats_ms", {10, 10000}, 100, "stats_ms"),
    // Samples per on-CPU second of the sending threads' profile (the DPDK
    // engine's TX lcores, pktgen's kpktgend threads; 0: no profile). A
    // prime, so the samples do not lock onto a periodic event of the loop;
    // its cost, measured by bench/engine_vs_testpmd.py --parts profile
    // (docs/performance.md), chose the default. The engines narrow the
    // limit to the kernel's perf_event_max_sample_rate; pktgen never sees
    // it (its name here only says the pktgen engine takes it, as stats_ms).
    detail::integer("profile_hz", {0, 10000}, 199, "profile_hz"),
    detail::address("src_mac", ParameterKind::Mac, "02:00:00:00:00:01", "src_mac"),
    detail::address("dst_mac", ParameterKind::Mac, "02:00:00:00:00:02", "dst_mac"),
    // 198.18.0.0/15, the benchmarking range (RFC 2544).
    detail::address("src_ip", ParameterKind::Ipv4, "198.18.0.1", "src_min"),
    detail::address("dst_ip", ParameterKind::Ipv4, "198.18.0.2", "dst"),
    // Dynamic ports (RFC 6335) that no capture tool decodes as a protocol of
    // its own: a well-known port (DNS 53, BOOTP 67) makes a capture show the
    // engine's packets as that protocol, malformed.
    detail::portRange("udp_src", {50000, 53999}),
    detail::portRange("udp_dst", {54000, 54000}),
    detail::integer("vlan", {0, 4094}, 0, "vlan_id"),
    detail::integer("vlan_pcp", {0, 7}, 0, "vlan_p"),
    // The IPv4 header's TOS byte (DSCP << 2 | ECN); pktgen takes it in hex.
    detail::integer("tos", {0, 255}, 0, "tos"),
    // skb->priority (the qdisc's band, a VLAN egress map's PCP); pktgen
    // reads at most 9 digits.
    detail::pktgenOnly("skb_priority", {0, 999999999}, 0),
    // Page fragments of each skb's payload beyond its head; the engine
    // narrows the limit to the kernel's net.core.max_skb_frags.
    detail::pktgenOnly("frags", {0, 45}, 0),
    // Where pktgen hands its skbs: the driver's ndo_start_xmit (its
    // default), the receive path (netif_receive_skb) or the qdisc
    // (dev_queue_xmit), as samples/pktgen's pktgen_bench_xmit_mode_* scripts.
    detail::pktgenChoice("xmit_mode", kXmitModes),
    // Each written as `flag NAME`.
    detail::pktgenFlags("flags", "flag", kPktgenFlags),
    // IPv6 (samples/pktgen's -6): with dst6 every packet is IPv6 to it, from
    // src6 or, unset, the device's link-local address; traffic_class is the
    // IPv6 header's byte as tos is the IPv4 header's, in hex as pktgen reads it.
    detail::pktgenIpv6("dst6"),
    detail::pktgenIpv6("src6"),
    detail::pktgenOnly("traffic_class", {0, 255}, 0),
    // The NUMA node pktgen allocates its skbs on (node N and flag NODE);
    // -1, pktgen's own, is the sending CPU's. The engine narrows the limit
    // to the kernel's possible nodes.
    detail::pktgenOnly("node", {-1, 1023}, -1),
    // Host settings, named as ethtool and ip name them (ethtool -K gro,
    // -G tx, -A, -C rx-usecs; ip link txqueuelen; tc qdisc root; BQL's
    // sysfs limit_max). Applied in this order: txqueuelen before qdisc,
    // whose fifo takes its limit from it when it is created.
    detail::hostChoice("gro", kOnOff),
    detail::hostChoice("gso", kOnOff),
    detail::hostChoice("tso", kOnOff),
    detail::hostChoice("flow_control", kOnOff),
    // ethtool's fields are 32 bits; the device narrows them (its ring's
    // maximum, checked before the step).
    detail::hostInteger("tx_ring", 65536),
    detail::hostInteger("rx_usecs", 1000000),
    detail::hostInteger("tx_usecs", 1000000),
    detail::hostInteger("txqueuelen", 2147483647),
    // The kernel's DQL_MAX_LIMIT.
    detail::hostInteger("bql_limit_max", 1879048192),
    detail::hostChoice("qdisc", kRootQdiscs),
};

// The least frame pktgen builds as IPv6 without stretching it (and
// reporting the size asked for): Ethernet (14), IPv6 (40) and UDP (8)
// headers and pktgen's own 16-byte header.
inline constexpr uint32_t kIpv6MinFrame = 14 + 40 + 8 + 16;

// The parameter of that name; a name not in the table does not compile
// where it is used in a constant expression, and throws elsewhere.
constexpr const Parameter &parameter(std::string_view name) {
    for (const Parameter &p : kParameters) {
        if (p.name == name) {
            return p;
        }
    }
    throw std::invalid_argument("no such step parameter");
}

// The older single-port names, still accepted: src_port P is udp_src
// [P,65535] (flows count up from P, as they always did), dst_port P is
// udp_dst [P,P].
struct PortAlias {
    std::string_view name;
    std::string_view of;
    bool upward;
};
inline constexpr std::array kPortAliases{PortAlias{"src_port", "udp_src", true},
                                         PortAlias{"dst_port", "udp_dst", false}};

// Bytes of "xx:xx:xx:xx:xx:xx" and "a.b.c.d" (the table's texts are checked
// when they are compiled).
using Mac = std::array<uint8_t, 6>;
consteval Mac macOf(std::string_view text) {
    Mac m{};
    if (text.size() != 17) {
        throw "not a MAC address";
    }
    const auto hex = [](char c) -> uint8_t {
        if (c >= '0' && c <= '9') {
            return static_cast<uint8_t>(c - '0');
        }
        if (c >= 'a' && c <= 'f') {
            return static_cast<uint8_t>(c - 'a' + 10);
        }
        throw "not a hex digit";
    };
    for (std::size_t i = 0; i < 6; ++i) {
        m[i] = static_cast<uint8_t>(hex(text[3 * i]) << 4 | hex(text[3 * i + 1]));
    }
    return m;
}
consteval uint32_t ipv4Of(std::string_view text) {
    uint32_t ip = 0, part = 0;
    int dots = 0;
    for (char c : text) {
        if (c == '.') {
            ip = ip << 8 | part;
            part = 0;
            ++dots;
        } else if (c >= '0' && c <= '9' &&
                   (part = part * 10 + static_cast<uint32_t>(c - '0')) <= 255) {
        } else {
            throw "not a dotted IPv4 address";
        }
    }
    if (dots != 3) {
        throw "not a dotted IPv4 address";
    }
    return ip << 8 | part;
}

} // namespace burstlab::protocol
