#pragma once

namespace burstlab::engine {

// The process exit codes documented in docs/protocol.md.
enum class ExitCode : int {
    Clean = 0,
    Internal = 1,
    BadCommandLine = 2,
    EalInit = 3,
    PortSetup = 4,
    StdoutClosed = 5,
};

} // namespace burstlab::engine
