#include "PacketTemplate.h"

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_udp.h>

namespace burstlab::engine {

PacketTemplate::PacketTemplate(const StepParams &p, uint8_t stepTag)
    : m_size(static_cast<uint16_t>(p.pktSize)),
      m_copySize(static_cast<uint16_t>((p.pktSize + kChunk - 1) / kChunk * kChunk)),
      m_stepTag(stepTag), m_flows(p.flows), m_timestamp(p.timestamp) {
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
    ip->src_addr = rte_cpu_to_be_32(p.srcIp.host);
    ip->dst_addr = rte_cpu_to_be_32(p.dstIp.host);

    auto *udp = reinterpret_cast<rte_udp_hdr *>(m_frame.data() + kUdpOffset);
    udp->src_port = rte_cpu_to_be_16(p.udpSrc.lo);
    udp->dst_port = rte_cpu_to_be_16(p.udpDst.lo);
    udp->dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(m_size - kUdpOffset));
    udp->dgram_cksum = 0;

    const uint32_t magic = rte_cpu_to_be_32(signature::kMagic);
    std::memcpy(m_frame.data() + kPayloadOffset, &magic, sizeof magic);
    const uint64_t tag = signature::tagWord(stepTag, 0, 0);
    std::memcpy(m_frame.data() + kPayloadOffset + signature::kTagOffset, &tag, sizeof tag);

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
