#include "PacketTemplate.h"

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_udp.h>

namespace burstlab::engine {

PacketTemplate::PacketTemplate(const StepParams &p, uint8_t stepTag)
    : m_size(static_cast<uint16_t>(p.pktSize)),
      m_copySize(static_cast<uint16_t>((p.pktSize + kChunk - 1) / kChunk * kChunk)),
      m_stepTag(stepTag), m_flows(p.flows), m_timestamp(p.timestamp), m_dstIp(p.dstIp),
      m_srcPort(p.srcPort) {
    static_assert(signature::kMinFrame == 60, "the smallest frame holds the signature");
    auto *eth = reinterpret_cast<rte_ether_hdr *>(m_frame.data());
    std::memcpy(eth->dst_addr.addr_bytes, p.dstMac.data(), 6);
    std::memcpy(eth->src_addr.addr_bytes, p.srcMac.data(), 6);
    eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);

    auto *ip = reinterpret_cast<rte_ipv4_hdr *>(m_frame.data() + kIpOffset);
    ip->version_ihl = RTE_IPV4_VHL_DEF;
    ip->total_length = rte_cpu_to_be_16(static_cast<uint16_t>(m_size - kIpOffset));
    ip->time_to_live = 64;
    ip->next_proto_id = IPPROTO_UDP;
    ip->src_addr = rte_cpu_to_be_32(p.srcIp);
    ip->dst_addr = rte_cpu_to_be_32(p.dstIp);

    auto *udp = reinterpret_cast<rte_udp_hdr *>(m_frame.data() + kUdpOffset);
    udp->src_port = rte_cpu_to_be_16(p.srcPort);
    udp->dst_port = rte_cpu_to_be_16(p.dstPort);
    udp->dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(m_size - kUdpOffset));
    udp->dgram_cksum = 0;

    const uint32_t magic = rte_cpu_to_be_32(signature::kMagic);
    std::memcpy(m_frame.data() + kPayloadOffset, &magic, sizeof magic);
    const uint64_t tag = signature::tagWord(stepTag, 0, 0);
    std::memcpy(m_frame.data() + kPayloadOffset + signature::kTagOffset, &tag, sizeof tag);

    ip->hdr_checksum = rte_ipv4_cksum(ip);
    m_ipCsum = ip->hdr_checksum;
    m_negOldIp = checksum::negWords(ip->dst_addr);
}

} // namespace burstlab::engine
