#pragma once

#include "StepParams.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace burstlab::engine {

// A valid Ethernet/IPv4/UDP frame built once per step, and the cheap
// per-packet variation: flow f adds f to the UDP source port and the
// destination IP, and an optional TSC timestamp goes into the payload. The
// IPv4 and UDP checksums are patched incrementally (RFC 1624) instead of
// being recomputed, so a varied packet costs a copy and a few adds.
class PacketTemplate {
  public:
    explicit PacketTemplate(const StepParams &params);

    uint16_t size() const { return m_size; }
    const uint8_t *bytes() const { return m_frame.data(); }
    bool varies() const { return m_flows > 1 || m_timestamp; }

    // Offsets in the frame (Ethernet 14 + IPv4 20 + UDP 8, then payload).
    static constexpr size_t kIpOffset = 14;
    static constexpr size_t kUdpOffset = 34;
    static constexpr size_t kPayloadOffset = 42;
    // Payload of a timestamped packet: magic (as pktgen's), then the TSC.
    static constexpr uint32_t kMagic = 0xbe9be955;
    static constexpr size_t kTscOffset = kPayloadOffset + 4;
    static constexpr size_t kChunk = 32;

    // Writes the frame for flow `flow` (0..flows-1) and timestamp `tsc`.
    // dst must have room for size() rounded up to kChunk bytes (an mbuf's
    // data room always has).
    void write(uint8_t *dst, uint32_t flow, uint64_t tsc) const {
        // Fixed-size chunks inline into vector moves; a memcpy() of a run-time
        // size is a library call that costs more than the copy at 64 bytes.
        for (size_t off = 0; off < m_copySize; off += kChunk) {
            __builtin_memcpy(dst + off, m_frame.data() + off, kChunk);
        }
        if (varies()) {
            patch(dst, flow, tsc);
        }
    }

  private:
    void patch(uint8_t *dst, uint32_t flow, uint64_t tsc) const;

    // Large enough for any frame an mbuf of the default size can hold.
    static constexpr size_t kMaxFrame = 2048;
    std::array<uint8_t, kMaxFrame> m_frame{};
    uint16_t m_size = 0;
    uint16_t m_copySize = 0; // m_size rounded up to kChunk
    uint32_t m_flows = 1;
    bool m_timestamp = false;
    uint32_t m_dstIp = 0;    // host order
    uint16_t m_srcPort = 0;  // host order
    uint32_t m_negOldIp = 0; // one's complement of the template's dst IP words
    uint32_t m_negOldPort = 0;
    uint16_t m_ipCsum = 0; // template checksums as stored
    uint16_t m_udpCsum = 0;
};

} // namespace burstlab::engine
