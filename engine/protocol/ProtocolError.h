#pragma once

#include <string>
#include <string_view>

namespace burstlab::protocol {

// The error object of a refused command (docs/protocol.md, "ack").
struct ProtocolError {
    std::string code;
    std::string field;
    std::string message;
};

// User text (a key, a cmd, a value) as echoed in an error: at most 64 bytes
// and an ellipsis, so a huge refused key cannot make an ack longer than a
// client's line limit. The cut stays on a UTF-8 character boundary because
// the JSON writer refuses broken UTF-8.
inline std::string echoed(std::string_view text) {
    constexpr std::size_t kMax = 64;
    if (text.size() <= kMax) {
        return std::string(text);
    }
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    return std::string(text.substr(0, cut)) + "...";
}

} // namespace burstlab::protocol

// The engines name it as their own.
namespace burstlab::engine {
using protocol::echoed;
using protocol::ProtocolError;
} // namespace burstlab::engine
