#pragma once

#include <cstdint>

namespace burstlab::engine::checksum {

// One's complement arithmetic for incremental checksum updates (RFC 1624).
// A sum of the 16-bit words of a value as it lies in memory does not depend
// on byte order, so native loads and stores stay correct.
inline uint32_t words(uint32_t v) {
    return (v & 0xffff) + (v >> 16);
}
inline uint32_t negWords(uint32_t v) {
    return static_cast<uint16_t>(~v) + static_cast<uint16_t>(~(v >> 16));
}
inline uint16_t fold(uint32_t s) {
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    return static_cast<uint16_t>(s);
}
// RFC 1624 eqn. 3: HC' = ~(~HC + ~m + m'), delta = ~m + m'.
inline uint16_t adjust(uint16_t csum, uint32_t delta) {
    return static_cast<uint16_t>(~fold(static_cast<uint16_t>(~csum) + delta));
}

} // namespace burstlab::engine::checksum
