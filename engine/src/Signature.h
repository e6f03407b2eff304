#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace burstlab::engine {

// The signature every packet the engine builds carries at the start of its
// UDP payload, so a sink counts only the engine's own packets and sees loss,
// order and latency (docs/protocol.md, "Payload signature"). 18 bytes: the
// whole payload of the smallest frame the engine sends (60 bytes).
//
//   offset  size  field
//        0     4  magic be9be955 (network order; pktgen's magic)
//        4     8  TSC when the packet was built, host order; 0 without timestamps
//       12     1  step tag: the low 8 bits of the engine's step serial
//       13     1  stream: the TX queue (one per TX lcore)
//       14     4  sequence number of the stream, network order, from 0
//
// A clone carries its original's signature: clone N sends each sequence
// number N times.
namespace signature {

constexpr uint32_t kMagic = 0xbe9be955;
constexpr size_t kTscOffset = 4;
constexpr size_t kTagOffset = 12; // step tag, stream, then the sequence number
constexpr size_t kSize = 18;
// Ethernet 14 + IPv4 20 + UDP 8: where the payload starts in a frame.
constexpr size_t kPayloadOffset = 42;
constexpr size_t kMinFrame = kPayloadOffset + kSize;
// Streams (TX queues) one byte can name.
constexpr int64_t kMaxStreams = 256;

// Step tag, stream and sequence number as one 8-byte little-endian word for
// a single store at kTagOffset. The top two bytes are 0: they land on the
// payload's padding, or past the end of a 60- or 61-byte frame.
inline uint64_t tagWord(uint8_t step, uint8_t stream, uint32_t seq) {
    return uint64_t{step} | uint64_t{stream} << 8 | uint64_t{__builtin_bswap32(seq)} << 16;
}

struct Fields {
    uint8_t step = 0;
    uint8_t stream = 0;
    uint32_t seq = 0;
    uint64_t tsc = 0;
};

// The signature of a received frame, or nullopt when the frame is not one
// the engine built (not IPv4/UDP without options, too short, no magic).
std::optional<Fields> read(const uint8_t *frame, size_t length);

} // namespace signature

} // namespace burstlab::engine
