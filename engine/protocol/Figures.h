#pragma once

#include <cstddef>
#include <cstdint>

// The arithmetic every engine's messages share (docs/protocol.md): written
// once here, so that the DPDK engine and the pktgen engine cannot report
// the same packets with two formulas.
namespace burstlab::protocol {

// The hello's "protocol": 2 since finished carries the measured window; the
// client refuses any other.
inline constexpr int kVersion = 2;

// Preamble 7 + SFD 1 + inter-frame gap 12 + FCS 4 bytes per frame on the wire.
inline constexpr uint64_t kL1OverheadBytes = 24;

// tx_burst calls by packets accepted: 0, 1, 2-3, 4-7, ... 256-511, 512.
inline constexpr std::size_t kBurstBuckets = 11;

inline std::size_t burstBucket(uint32_t sent) {
    if (sent == 0) {
        return 0;
    }
    const std::size_t b = 32 - static_cast<std::size_t>(__builtin_clz(sent));
    return b < kBurstBuckets ? b : kBurstBuckets - 1;
}

// count per second over ns nanoseconds; 0 over no time.
double perSecond(uint64_t count, uint64_t ns);
// total / pkts; 0 for no packet.
double perPacket(uint64_t total, uint64_t pkts);
// The time one packet takes at pps; 0 at no rate.
double nsPerPacket(double pps);
// Bits per second of frames of frameBytes at pps: as sent (L2, no FCS) and
// on the wire (L1).
double bitsL2(double pps, uint64_t frameBytes);
double bitsL1(double pps, uint64_t frameBytes);
// TSC cycles at hz in nanoseconds, without overflow for any step length.
uint64_t tscToNs(uint64_t cycles, uint64_t hz);

} // namespace burstlab::protocol
