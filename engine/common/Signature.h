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
//        4     8  TSC when the packet was built, host order; without
//                 timestamps the step's key word (below)
//       12     1  step tag: the low 8 bits of the engine's step serial
//       13     1  stream: the TX queue (one per TX lcore)
//       14     4  sequence number of the stream, network order, from 0
//
// A clone carries its original's signature: clone N sends each sequence
// number N times.
//
// The step's key word (stepKey) ties a frame to one step of one run: a
// random run key mixed with the step's serial. Its low 16 bits are the IPv4
// identification of every packet, and without timestamps the whole word
// fills the TSC field, so frames of other runs, forged or replayed frames
// are not taken for the step's own. Both are in the frame built once per
// step: the key costs nothing per packet.
namespace signature {

constexpr uint32_t kMagic = 0xbe9be955;
constexpr size_t kTscOffset = 4;
constexpr size_t kTagOffset = 12; // step tag, stream, then the sequence number
constexpr size_t kSize = 18;
// The IPv4 identification field in an untagged frame.
constexpr size_t kIpIdOffset = 18;
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

// The key word of step `serial` of the run with key `runKey`
// (splitmix64's finaliser: every bit of both inputs moves about half the
// output's bits, so neighbouring steps and runs share no pattern).
constexpr uint64_t stepKey(uint64_t runKey, uint64_t serial) {
    uint64_t z = runKey + serial * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The IPv4 identification a step's packets carry (host order).
constexpr uint16_t ipIdOf(uint64_t key) {
    return static_cast<uint16_t>(key);
}

struct Fields {
    uint8_t step = 0;
    uint8_t stream = 0;
    uint32_t seq = 0;
    uint64_t tsc = 0;
    uint16_t ipId = 0; // the IPv4 identification (host order)
};

// The signature of a received frame, or nullopt when the frame is not one
// the engine built (not IPv4/UDP without options, too short, no magic).
std::optional<Fields> read(const uint8_t *frame, size_t length);

} // namespace signature

} // namespace burstlab::engine
