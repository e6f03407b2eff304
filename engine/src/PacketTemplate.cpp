#include "PacketTemplate.h"

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_udp.h>

namespace burstlab::engine {

PacketTemplate::PacketTemplate(const StepParams &p, uint8_t stepTag)
    : m_size(static_cast<uint16_t>(p.pktSize)),
      m_copySize(static_cast<uint16_t>((p.pktSize + kChunk - 1) / kChunk * kChunk)),
      m_stepTag(stepTag),
      m_ipOffset(static_cast<uint16_t>(RTE_ETHER_HDR_LEN + (p.vlan ? kVlanTagSize : 0))),
      m_payloadOffset(
          static_cast<uint16_t>(m_ipOffset + sizeof(rte_ipv4_hdr) + sizeof(rte_udp_hdr))),
      m_flows(p.flows), m_timestamp(p.timestamp) {
    static_assert(signature::kMinFrame == 60, "the smallest frame holds the signature");
    static_assert(RTE_ETHER_HDR_LEN + sizeof(rte_ipv4_hdr) + sizeof(rte_udp_hdr) ==
                  signature::kPayloadOffset);
    auto *eth = reinterpret_cast<rte_ether_hdr *>(m_frame.data());
    std::memcpy(eth->dst_addr.addr_bytes, p.dstMac.data(), 6);
    std::memcpy(eth->src_addr.addr_bytes, p.srcMac.data(), 6);
    eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
    if (p.vlan) {
        // The tag sits between the addresses and the IPv4 ethertype; the IPv4
        // and UDP headers (and so their checksums) are the untagged frame's.
        eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
        auto *tag = reinterpret_cast<rte_vlan_hdr *>(m_frame.data() + RTE_ETHER_HDR_LEN);
        tag->vlan_tci = rte_cpu_to_be_16(static_cast<uint16_t>(p.vlanPcp << 13 | p.vlan));
        tag->eth_proto = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
    }

    auto *ip = reinterpret_cast<rte_ipv4_hdr *>(m_frame.data() + m_ipOffset);
    ip->version_ihl = RTE_IPV4_VHL_DEF;
    ip->type_of_service = p.tos;
    ip->total_length = rte_cpu_to_be_16(static_cast<uint16_t>(m_size - m_ipOffset));
    ip->packet_id = rte_cpu_to_be_16(signature::ipIdOf(p.signatureKey));
    ip->time_to_live = 64;
    ip->next_proto_id = IPPROTO_UDP;
    ip->src_addr = rte_cpu_to_be_32(p.srcIp.host);
    ip->dst_addr = rte_cpu_to_be_32(p.dstIp.host);

    const size_t udpOffset = m_ipOffset + sizeof(rte_ipv4_hdr);
    auto *udp = reinterpret_cast<rte_udp_hdr *>(m_frame.data() + udpOffset);
    udp->src_port = rte_cpu_to_be_16(p.udpSrc.lo);
    udp->dst_port = rte_cpu_to_be_16(p.udpDst.lo);
    udp->dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(m_size - udpOffset));
    udp->dgram_cksum = 0;

    const uint32_t magic = rte_cpu_to_be_32(signature::kMagic);
    std::memcpy(m_frame.data() + m_payloadOffset, &magic, sizeof magic);
    // Timestamps overwrite the key word in every packet; without them it stays.
    std::memcpy(m_frame.data() + m_payloadOffset + signature::kTscOffset, &p.signatureKey,
                sizeof p.signatureKey);
    const uint64_t tag = signature::tagWord(stepTag, 0, 0);
    std::memcpy(m_frame.data() + m_payloadOffset + signature::kTagOffset, &tag, sizeof tag);

    ip->hdr_checksum = rte_ipv4_cksum(ip);
    if (m_flows > 1) {
        // Flow f patches the template's checksum for its address (RFC 1624);
        // the ports are outside the IPv4 header.
        const uint32_t negOldIp = checksum::negWords(ip->dst_addr);
        const uint32_t srcPorts = p.udpSrc.hi - p.udpSrc.lo + 1u;
        const uint32_t dstPorts = p.udpDst.hi - p.udpDst.lo + 1u;
        m_flowFields.resize(m_flows);
        for (uint32_t f = 0; f < m_flows; ++f) {
            FlowFields &out = m_flowFields[f];
            out.dstIpBe = rte_cpu_to_be_32(p.dstIp.host + f);
            out.ipCsum =
                checksum::adjust(ip->hdr_checksum, checksum::words(out.dstIpBe) + negOldIp);
            const uint16_t ports[2] = {
                rte_cpu_to_be_16(static_cast<uint16_t>(p.udpSrc.lo + f % srcPorts)),
                rte_cpu_to_be_16(static_cast<uint16_t>(p.udpDst.lo + f % dstPorts))};
            std::memcpy(&out.portsBe, ports, sizeof ports);
        }
    }
}

} // namespace burstlab::engine
