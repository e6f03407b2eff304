#pragma once

#include "Checksum.h"
#include "Signature.h"
#include "StepParams.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace burstlab::engine {

// A valid Ethernet/IPv4/UDP frame, 802.1Q-tagged when the step has a vlan,
// built once per step, with the payload
// signature and the step's key word (Signature.h), and the cheap per-packet variation: the
// signature's stream and sequence number, an optional TSC timestamp, and
// flow f's fields: the destination IP plus f, the UDP ports from their
// ranges (udp_src, udp_dst) and the IPv4 checksum that goes with them, all
// worked out once per step. The UDP checksum is 0 ("none", as dpdk-testpmd's
// txonly and kernel pktgen send it), so payload and ports need no checksum
// work.
class PacketTemplate {
  public:
    PacketTemplate(const StepParams &params, uint8_t stepTag);

    uint16_t size() const { return m_size; }
    const uint8_t *bytes() const { return m_frame.data(); }

    static constexpr size_t kChunk = 32;

    // Writes the whole frame. dst must have room for size() rounded up to
    // kChunk bytes (an mbuf's data room always has).
    void copyTo(uint8_t *dst) const {
        // Fixed-size chunks inline into vector moves; a memcpy() of a run-time
        // size is a library call that costs more than the copy at 64 bytes.
        for (size_t off = 0; off < m_copySize; off += kChunk) {
            __builtin_memcpy(dst + off, m_frame.data() + off, kChunk);
        }
    }

    // Writes what differs between packets into a buffer that holds this
    // step's frame (copyTo), whatever earlier packet it carried: the
    // signature's stream and sequence number, the timestamp `tsc` (when
    // timestamps are on) and the fields of flow `flow` (0..flows-1). Writes
    // up to 2 bytes past the end of a 60-byte frame (see signature::tagWord).
    void stamp(uint8_t *dst, uint8_t stream, uint32_t seq, uint32_t flow, uint64_t tsc) const {
        stampSeq(dst, tagBase(stream), seq);
        if (m_timestamp) {
            stampTsc(dst, tsc);
        }
        if (m_flows > 1) {
            stampFlow(dst, flow);
        }
    }

    // The pieces of stamp(), for a loop that decides once per burst which
    // of them it needs.
    bool timestamps() const { return m_timestamp; }
    uint32_t flows() const { return m_flows; }
    uint64_t tagBase(uint8_t stream) const { return signature::tagWord(m_stepTag, stream, 0); }
    void stampSeq(uint8_t *dst, uint64_t tagBase, uint32_t seq) const {
        const uint64_t tag = tagBase | signature::tagWord(0, 0, seq);
        std::memcpy(dst + m_payloadOffset + signature::kTagOffset, &tag, sizeof tag);
    }
    void stampTsc(uint8_t *dst, uint64_t tsc) const {
        std::memcpy(dst + m_payloadOffset + signature::kTscOffset, &tsc, sizeof tsc);
    }
    void stampFlow(uint8_t *dst, uint32_t flow) const {
        const FlowFields &f = m_flowFields[flow];
        std::memcpy(dst + m_ipOffset + 16, &f.dstIpBe, sizeof f.dstIpBe); // destination address
        std::memcpy(dst + m_ipOffset + 10, &f.ipCsum, sizeof f.ipCsum);   // header checksum
        std::memcpy(dst + m_ipOffset + 20, &f.portsBe, sizeof f.portsBe); // UDP source, destination
    }

  private:
    // Large enough for any frame an mbuf of the default size can hold.
    static constexpr size_t kMaxFrame = 2048;
    std::array<uint8_t, kMaxFrame> m_frame{};
    uint16_t m_size = 0;
    uint16_t m_copySize = 0; // m_size rounded up to kChunk
    uint8_t m_stepTag = 0;
    // Where IPv4 and the payload start: behind Ethernet (14 bytes) and the
    // VLAN tag if any.
    uint16_t m_ipOffset = 0;
    uint16_t m_payloadOffset = 0;
    uint32_t m_flows = 1;
    bool m_timestamp = false;
    // What differs between flows, in network order, as stamped.
    struct FlowFields {
        uint32_t dstIpBe = 0;
        uint32_t portsBe = 0; // UDP source port, then destination port
        uint16_t ipCsum = 0;
    };
    std::vector<FlowFields> m_flowFields; // one per flow, with flows > 1
};

} // namespace burstlab::engine
