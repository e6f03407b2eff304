#pragma once

namespace burstlab::engine {

// The process exit codes documented in docs/protocol.md.
enum class ExitCode : int {
    Clean = 0,
    Internal = 1,
    BadCommandLine = 2,
    EalInit = 3,
    PortSetup = 4,
    // The pktgen engine's 3 and 4: the kernel has no pktgen, the device
    // cannot be used (missing, down, pktgen busy with another user's entries).
    PktgenMissing = 3,
    DeviceUnusable = 4,
    StdoutClosed = 5,
    // The engine lacks a privilege it needs (pktgen: CAP_NET_ADMIN and the
    // right to write its root-only control files); the message says how to
    // start it with them. Nothing was sent.
    NotPermitted = 6,
};

} // namespace burstlab::engine
