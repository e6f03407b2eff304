#pragma once

#include "ProtocolError.h"

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace burstlab::engine {

struct Range {
    int64_t lo = 0;
    int64_t hi = 0;
};

// Inclusive ranges after the ports' own limits are applied (the hello's
// "limits").
struct StepLimits {
    Range burst{1, 512};
    Range clone{0, 4294967295LL};
    Range pktSize{60, 1514};
    Range queues{1, 1};
    Range txDesc{64, 4096};
    uint16_t txDescAlign = 1;
    Range ratePps{0, 1000000000};
    Range flows{1, 65536};
    Range durationMs{1, 86400000};
    Range warmupMs{0, 86400000};
    Range count{1, 1000000000000000LL};
    Range statsMs{10, 10000};
    Range port{0, 65535};
    Range vlan{0, 4094};
    Range vlanPcp{0, 7};
};

using Mac = std::array<uint8_t, 6>;

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

// One step's parameters (docs/protocol.md, "Step parameters"). StepParams.cpp
// lists each once (name, member, limit): the command's reader, the echo in
// finished, the hello's defaults and limits all walk that list.
struct StepParams {
    uint32_t burst = 32;
    uint64_t clone = 0;
    uint32_t pktSize = 60;
    uint64_t durationMs = 1000;
    bool hasDuration = false;
    // Sent but left out of the measured window (docs/protocol.md, "finished").
    uint64_t warmupMs = 0;
    std::optional<uint64_t> count; // none: no packet count
    uint32_t queues = 1;
    uint32_t txDesc = 1024;
    uint64_t ratePps = 0;
    uint32_t flows = 1;
    bool timestamp = false;
    uint32_t statsMs = 100;
    Mac srcMac{0x02, 0, 0, 0, 0, 0x01};
    Mac dstMac{0x02, 0, 0, 0, 0, 0x02};
    Ipv4 srcIp{0xc6120001}; // 198.18.0.1, the benchmarking range
    Ipv4 dstIp{0xc6120002}; // 198.18.0.2
    // Dynamic ports (RFC 6335) that no capture tool decodes as a protocol of
    // its own: a well-known port (DNS 53, BOOTP 67) makes a capture show the
    // engine's packets as that protocol, malformed.
    PortRange udpSrc{50000, 53999};
    PortRange udpDst{54000, 54000};
    // 802.1Q: the VLAN id of every packet (0: untagged) and the tag's
    // priority. The 4-byte tag is part of pktSize, the frame as sent.
    uint16_t vlan = 0;
    uint8_t vlanPcp = 0;
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

std::string formatMac(const Mac &mac);
std::string formatIp(uint32_t ip);

} // namespace burstlab::engine
