#pragma once

#include <string>

namespace burstlab::engine {

// The error object of a refused command (docs/protocol.md, "ack").
struct ProtocolError {
    std::string code;
    std::string field;
    std::string message;
};

} // namespace burstlab::engine
