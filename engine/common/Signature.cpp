#include "Signature.h"

#include <cstring>

namespace burstlab::engine::signature {

namespace {

uint16_t be16(const uint8_t *p) {
    return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

uint32_t be32(const uint8_t *p) {
    return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

} // namespace

std::optional<Fields> read(const uint8_t *frame, size_t length) {
    constexpr size_t kEtherType = 12;
    constexpr size_t kVersionIhl = 14;
    constexpr size_t kProtocol = 23;
    constexpr size_t kUdpLength = 38;
    // Behind an 802.1Q tag (the step's vlan) everything is 4 bytes later.
    const size_t tag = length >= kEtherType + 2 && be16(frame + kEtherType) == 0x8100 ? 4 : 0;
    if (length < kMinFrame + tag || be16(frame + kEtherType + tag) != 0x0800 ||
        frame[kVersionIhl + tag] != 0x45 || frame[kProtocol + tag] != 17 ||
        be16(frame + kUdpLength + tag) < 8 + kSize) {
        return std::nullopt;
    }
    const uint8_t *payload = frame + kPayloadOffset + tag;
    if (be32(payload) != kMagic) {
        return std::nullopt;
    }
    Fields f;
    std::memcpy(&f.tsc, payload + kTscOffset, sizeof f.tsc);
    f.step = payload[kTagOffset];
    f.stream = payload[kTagOffset + 1];
    f.seq = be32(payload + kTagOffset + 2);
    f.ipId = be16(frame + kIpIdOffset + tag);
    return f;
}

} // namespace burstlab::engine::signature
