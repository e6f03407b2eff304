#pragma once

namespace burstlab {

// Ethernet wire speed: each frame (size without FCS) costs 4 bytes FCS plus
// 20 bytes of preamble, SFD and inter-frame gap on the wire, and never less
// than the 64-byte minimum frame: 60 B -> 84 B. 10000 Mbit/s, 60 B: 14,880,952 pps.
struct LineRate {
    static int wireBytes(int frameBytesWithoutFcs);
    static double pps(double linkMbps, int frameBytesWithoutFcs);
    // A measured rate above wire speed is a measurement error (seed 003's
    // "too-high"); a small relative tolerance absorbs rounding.
    static bool above(double measuredPps, double linkMbps, int frameBytesWithoutFcs);
};

} // namespace burstlab
