#include "StepParams.h"
#include "Signature.h"

#include <arpa/inet.h>
#include <concepts>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace burstlab::engine {

namespace {

using nlohmann::json;

std::string typeName(const json &v) {
    if (v.is_number_float()) {
        // nlohmann reads 1.0, 1e2 and integers beyond 64 bits as floats
        return "a number in floating-point form (a fraction, an exponent, or beyond 64 bits)";
    }
    return v.type_name();
}

ProtocolError badType(const std::string &field, const std::string &want, const json &v) {
    return {"bad_type", field, field + " must be " + want + ", got " + typeName(v)};
}

template <typename T>
std::optional<ProtocolError> readInt(const std::string &field, const json &v, Range range, T &out) {
    const std::string want =
        "an integer in " + std::to_string(range.lo) + ".." + std::to_string(range.hi);
    if (!v.is_number_integer()) {
        return badType(field, "an integer", v);
    }
    // Compare in the JSON value's own signedness so huge values never wrap.
    const bool inRange =
        v.is_number_unsigned()
            ? v.get<uint64_t>() >= static_cast<uint64_t>(std::max<int64_t>(range.lo, 0)) &&
                  v.get<uint64_t>() <= static_cast<uint64_t>(range.hi)
            : v.get<int64_t>() >= range.lo && v.get<int64_t>() <= range.hi;
    if (!inRange) {
        return ProtocolError{"out_of_range", field,
                             field + " must be " + want + ", got " + echoed(v.dump())};
    }
    out = static_cast<T>(v.get<int64_t>());
    return std::nullopt;
}

// One reader per kind of value; range is the parameter's limit (integers).
template <std::integral T>
requires(!std::same_as<T, bool>) std::optional<ProtocolError> read(const std::string &field,
                                                                   const json &v,
                                                                   const Range *range, T &out) {
    return readInt(field, v, *range, out);
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *range,
                                  std::optional<uint64_t> &out) {
    uint64_t value = 0;
    auto err = readInt(field, v, *range, value);
    if (!err) {
        out = value;
    }
    return err;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  bool &out) {
    if (!v.is_boolean()) {
        return badType(field, "true or false", v);
    }
    out = v.get<bool>();
    return std::nullopt;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  Mac &out) {
    if (!v.is_string()) {
        return badType(field, "a string xx:xx:xx:xx:xx:xx", v);
    }
    const std::string s = v.get<std::string>();
    unsigned b[6];
    char tail = 0;
    if (s.size() != 17 || std::sscanf(s.c_str(), "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2],
                                      &b[3], &b[4], &b[5], &tail) != 6) {
        return ProtocolError{"out_of_range", field,
                             field + " must be a MAC address xx:xx:xx:xx:xx:xx, got " +
                                 echoed(v.dump())};
    }
    for (int i = 0; i < 6; ++i) {
        out[i] = static_cast<uint8_t>(b[i]);
    }
    return std::nullopt;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  Ipv4 &out) {
    if (!v.is_string()) {
        return badType(field, "a string a.b.c.d", v);
    }
    const std::string s = v.get<std::string>();
    unsigned b[4];
    char tail = 0;
    if (std::sscanf(s.c_str(), "%3u.%3u.%3u.%3u%c", &b[0], &b[1], &b[2], &b[3], &tail) != 4 ||
        b[0] > 255 || b[1] > 255 || b[2] > 255 || b[3] > 255) {
        return ProtocolError{"out_of_range", field,
                             field + " must be a dotted IPv4 address, got " + echoed(v.dump())};
    }
    out.host = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
    return std::nullopt;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  Ipv6 &out) {
    if (!v.is_string()) {
        return badType(field, "a string: an IPv6 address, or empty for none", v);
    }
    Ipv6 ip;
    const std::string s = v.get<std::string>();
    if (!s.empty() && inet_pton(AF_INET6, s.c_str(), ip.bytes.data()) != 1) {
        return ProtocolError{"out_of_range", field,
                             field + " must be an IPv6 address (or empty for none), got " +
                                 echoed(v.dump())};
    }
    ip.set = !s.empty();
    out = ip;
    return std::nullopt;
}

// A choice's or a flag set's words, as a refusal lists them.
std::string wordsOf(const protocol::Parameter &p) {
    std::string words;
    for (std::string_view word : p.choices) {
        words += (words.empty() ? "" : ", ") + std::string(word);
    }
    return words;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  Choice &out) {
    const protocol::Parameter &p = protocol::parameter(field);
    const std::string words = wordsOf(p);
    if (!v.is_string()) {
        return badType(field, "one of " + words, v);
    }
    for (std::string_view choice : p.choices) {
        if (v.get<std::string>() == choice) {
            out = Choice{choice};
            return std::nullopt;
        }
    }
    return ProtocolError{"out_of_range", field,
                         field + " must be one of " + words + ", got " + echoed(v.dump())};
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *,
                                  FlagSet &out) {
    const protocol::Parameter &p = protocol::parameter(field);
    if (!v.is_array()) {
        return badType(field, "an array of flag names", v);
    }
    FlagSet set;
    for (const json &item : v) {
        uint32_t bit = 0;
        while (bit < p.choices.size() &&
               !(item.is_string() && item.get<std::string>() == p.choices[bit])) {
            ++bit;
        }
        if (bit == p.choices.size() || (set.bits >> bit & 1)) {
            return ProtocolError{"out_of_range", field,
                                 field + " must hold each of " + wordsOf(p) +
                                     " at most once, got " + echoed(v.dump())};
        }
        set.bits |= 1u << bit;
    }
    out = set;
    return std::nullopt;
}

std::optional<ProtocolError> read(const std::string &field, const json &v, const Range *range,
                                  PortRange &out) {
    const auto bad = [&] {
        return ProtocolError{
            "out_of_range", field,
            field + " must be a port range [lo,hi] with " + std::to_string(range->lo) +
                " <= lo <= hi <= " + std::to_string(range->hi) + ", got " + echoed(v.dump())};
    };
    if (!v.is_array() || v.size() != 2) {
        return badType(field, "an array [lo,hi]", v);
    }
    PortRange r;
    for (auto [item, end] : {std::pair{&v[0], &r.lo}, std::pair{&v[1], &r.hi}}) {
        if (!item->is_number_integer()) {
            return badType(field, "an array [lo,hi] of integers", v);
        }
        if (readInt(field, *item, *range, *end)) {
            return bad();
        }
    }
    if (r.lo > r.hi) {
        return bad();
    }
    out = r;
    return std::nullopt;
}

// A value as the protocol writes it; an empty optional is left out.
template <typename T> nlohmann::ordered_json write(const T &v) {
    return v;
}
nlohmann::ordered_json write(const Mac &v) {
    return formatMac(v);
}
nlohmann::ordered_json write(const Ipv4 &v) {
    return formatIp(v.host);
}
nlohmann::ordered_json write(const Ipv6 &v) {
    return formatIpv6(v);
}
nlohmann::ordered_json write(const Choice &v) {
    return std::string(v.word);
}
nlohmann::ordered_json write(const FlagSet &v) {
    nlohmann::ordered_json words = nlohmann::ordered_json::array();
    for (std::string_view word : flagsOf(v)) {
        words.push_back(std::string(word));
    }
    return words;
}
nlohmann::ordered_json write(const PortRange &v) {
    return {v.lo, v.hi};
}

using Limit = Range StepLimits::*;

// Every step parameter once, in protocol order: its name, its value and the
// limit that bounds it (none for booleans and addresses).
template <typename P, typename F> void forEachParameter(P &p, F &&f) {
    f("burst", p.burst, &StepLimits::burst);
    f("clone", p.clone, &StepLimits::clone);
    f("pkt_size", p.pktSize, &StepLimits::pktSize);
    f("duration_ms", p.durationMs, &StepLimits::durationMs);
    f("warmup_ms", p.warmupMs, &StepLimits::warmupMs);
    f("count", p.count, &StepLimits::count);
    f("queues", p.queues, &StepLimits::queues);
    f("tx_desc", p.txDesc, &StepLimits::txDesc);
    f("rate_pps", p.ratePps, &StepLimits::ratePps);
    f("flows", p.flows, &StepLimits::flows);
    f("timestamp", p.timestamp, Limit{});
    f("stats_ms", p.statsMs, &StepLimits::statsMs);
    f("profile_hz", p.profileHz, &StepLimits::profileHz);
    f("src_mac", p.srcMac, Limit{});
    f("dst_mac", p.dstMac, Limit{});
    f("src_ip", p.srcIp, Limit{});
    f("dst_ip", p.dstIp, Limit{});
    f("udp_src", p.udpSrc, &StepLimits::port);
    f("udp_dst", p.udpDst, &StepLimits::port);
    f("vlan", p.vlan, &StepLimits::vlan);
    f("vlan_pcp", p.vlanPcp, &StepLimits::vlanPcp);
    f("tos", p.tos, &StepLimits::tos);
    f("skb_priority", p.skbPriority, &StepLimits::skbPriority);
    f("frags", p.frags, &StepLimits::frags);
    f("xmit_mode", p.xmitMode, Limit{});
    f("flags", p.flags, Limit{});
    f("dst6", p.dst6, Limit{});
    f("src6", p.src6, Limit{});
    f("traffic_class", p.trafficClass, &StepLimits::trafficClass);
    f("node", p.node, &StepLimits::node);
    f("gro", p.gro, Limit{});
    f("gso", p.gso, Limit{});
    f("tso", p.tso, Limit{});
    f("flow_control", p.flowControl, Limit{});
    f("tx_ring", p.txRing, &StepLimits::txRing);
    f("rx_usecs", p.rxUsecs, &StepLimits::rxUsecs);
    f("tx_usecs", p.txUsecs, &StepLimits::txUsecs);
    f("txqueuelen", p.txqueuelen, &StepLimits::txqueuelen);
    f("bql_limit_max", p.bqlLimitMax, &StepLimits::bqlLimitMax);
    f("qdisc", p.qdisc, Limit{});
}

// The older single-port names (protocol/Parameters.h) and the range each sets.
struct PortAlias {
    protocol::PortAlias alias;
    PortRange StepParams::*range;
};
constexpr PortAlias kPortAliases[] = {{protocol::kPortAliases[0], &StepParams::udpSrc},
                                      {protocol::kPortAliases[1], &StepParams::udpDst}};
static_assert(protocol::kPortAliases[0].of == "udp_src" &&
              protocol::kPortAliases[1].of == "udp_dst");

// pktgen builds an IPv6 packet only to dst6, counts its flows over IPv4
// destinations only, and stretches a frame too short for its headers
// without saying so in its result: each said here, naming the setting.
std::optional<ProtocolError> ipv6Check(const StepParams &p) {
    const auto refuse = [](const char *field, const std::string &why) {
        return ProtocolError{"out_of_range", field, why};
    };
    if (!p.dst6.set) {
        if (p.src6.set) {
            return refuse("src6", "src6 needs dst6 (pktgen sends IPv6 only to dst6)");
        }
        if (p.trafficClass != 0) {
            return refuse("traffic_class", "traffic_class is the IPv6 header's: it needs dst6 "
                                           "(an IPv4 packet's is tos)");
        }
        return std::nullopt;
    }
    if (p.tos != 0) {
        return refuse("tos", "tos is the IPv4 header's: with dst6 set traffic_class instead");
    }
    if (p.flows > 1) {
        return refuse("flows", "flows must be 1 with dst6 (pktgen's flows vary IPv4 "
                               "destinations only), got " +
                                   std::to_string(p.flows));
    }
    const uint32_t least = protocol::kIpv6MinFrame + (p.vlan != 0 ? kVlanTagSize : 0);
    if (p.pktSize < least) {
        return refuse("pkt_size", "pkt_size must be at least " + std::to_string(least) +
                                      " with dst6 (Ethernet, IPv6 and UDP headers and pktgen's "
                                      "16-byte header" +
                                      (p.vlan != 0 ? ", and the VLAN tag" : "") + "), got " +
                                      std::to_string(p.pktSize));
    }
    return std::nullopt;
}

// Checks that involve more than one parameter, or the port's alignment.
std::optional<ProtocolError> crossCheck(const StepParams &p, const StepLimits &lim,
                                        const json &cmd) {
    if (cmd.contains("tx_desc") && p.txDesc % lim.txDescAlign != 0) {
        return ProtocolError{"out_of_range", "tx_desc",
                             "tx_desc must be a multiple of " + std::to_string(lim.txDescAlign) +
                                 ", got " + echoed(cmd["tx_desc"].dump())};
    }
    // pktgen answers both with ENOTSUPP, which names neither.
    if (p.xmitMode == "queue_xmit" && p.burst > 1) {
        return ProtocolError{"out_of_range", "burst",
                             "burst must be 1 with xmit_mode queue_xmit (pktgen queues one skb "
                             "per dev_queue_xmit), got " +
                                 std::to_string(p.burst)};
    }
    if (p.xmitMode == "netif_receive" && p.clone > 0) {
        return ProtocolError{"out_of_range", "clone",
                             "clone must be 0 with xmit_mode netif_receive (the stack consumes "
                             "each skb), got " +
                                 std::to_string(p.clone)};
    }
    if (auto error = ipv6Check(p)) {
        return error;
    }
    if (p.vlanPcp != 0 && p.vlan == 0) {
        return ProtocolError{"out_of_range", "vlan_pcp",
                             "vlan_pcp " + std::to_string(p.vlanPcp) +
                                 " needs a tag: set vlan to 1..4094"};
    }
    if (p.vlan != 0 && p.pktSize < signature::kMinFrame + kVlanTagSize) {
        return ProtocolError{"out_of_range", "pkt_size",
                             "pkt_size must be at least " +
                                 std::to_string(signature::kMinFrame + kVlanTagSize) +
                                 " with a VLAN tag (the tag is part of the frame), got " +
                                 std::to_string(p.pktSize)};
    }
    return std::nullopt;
}

} // namespace

std::optional<ProtocolError> StepParams::apply(const json &cmd, const StepLimits &lim) {
    for (const auto &item : cmd.items()) {
        // Named, not bound: a lambda below takes them (clang refuses a
        // structured binding there).
        const std::string &key = item.key();
        const json &v = item.value();
        if (key == "cmd" || key == "id") {
            continue;
        }
        std::optional<ProtocolError> err;
        bool known = false;
        for (const auto &[alias, range] : kPortAliases) {
            uint16_t port = 0;
            if (key == alias.name && !(err = readInt(key, v, lim.port, port))) {
                this->*range = {port, alias.upward ? uint16_t{65535} : port};
            }
            known = known || key == alias.name;
        }
        forEachParameter(*this, [&](const char *name, auto &value, Limit limit) {
            if (known || key != name) {
                return;
            }
            known = true;
            err = read(key, v, limit ? &(lim.*limit) : nullptr, value);
        });
        if (!known) {
            return ProtocolError{"unknown_field", echoed(key),
                                 "unknown step parameter '" + echoed(key) + "'"};
        }
        if (err) {
            return err;
        }
        hasDuration = hasDuration || key == "duration_ms";
    }
    return crossCheck(*this, lim, cmd);
}

nlohmann::ordered_json StepParams::toJson() const {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    forEachParameter(*this, [&](const char *name, const auto &value, Limit) {
        if constexpr (requires { value.has_value(); }) {
            if (value) {
                j[name] = write(*value);
            }
        } else {
            j[name] = write(value);
        }
    });
    return j;
}

nlohmann::ordered_json StepParams::limitsJson(const StepLimits &limits) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    const StepParams none;
    forEachParameter(none, [&](const char *name, const auto &, Limit limit) {
        if (limit) {
            j[name] = {(limits.*limit).lo, (limits.*limit).hi};
        }
    });
    for (const protocol::PortAlias &alias : protocol::kPortAliases) {
        j[std::string(alias.name)] = {limits.port.lo, limits.port.hi};
    }
    return j;
}

std::vector<std::string_view> flagsOf(const FlagSet &set) {
    std::vector<std::string_view> words;
    const auto &table = protocol::parameter("flags").choices;
    for (std::size_t bit = 0; bit < table.size(); ++bit) {
        if (set.bits >> bit & 1) {
            words.push_back(table[bit]);
        }
    }
    return words;
}

std::string formatIpv6(const Ipv6 &ip) {
    char buf[INET6_ADDRSTRLEN] = {};
    return ip.set && inet_ntop(AF_INET6, ip.bytes.data(), buf, sizeof buf) ? buf : "";
}

std::string formatMac(const Mac &m) {
    char buf[18];
    std::snprintf(buf, sizeof buf, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4],
                  m[5]);
    return buf;
}

std::string formatIp(uint32_t ip) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255,
                  ip & 255);
    return buf;
}

} // namespace burstlab::engine
