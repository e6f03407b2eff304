#pragma once
#include <QString>
#include <optional>

namespace burstlab {

// Ethernet wire speed: each frame (size without FCS) costs 4 bytes FCS plus
// 20 bytes of preamble, SFD and inter-frame gap on the wire, and never less
// than the 64-byte minimum frame: 60 B -> 84 B. 10000 Mbit/s, 60 B: 14,880,952 pps.
struct LineRate {
    // The link speeds parseSpeedMbps takes: 1 Mbit/s to 1.6 Tbit/s, the
    // fastest Ethernet.
    static constexpr double kMinSpeedMbps = 1;
    static constexpr double kMaxSpeedMbps = 1600000;
    // The smallest Ethernet frame without FCS: at any frame size a link
    // carries at most pps(link, kMinFrameWithoutFcs) frames a second.
    static constexpr int kMinFrameWithoutFcs = 60;

    static int wireBytes(int frameBytesWithoutFcs);
    static double pps(double linkMbps, int frameBytesWithoutFcs);
    // A measured rate above wire speed is a measurement error (seed 003's
    // "too-high"); a small relative tolerance absorbs rounding.
    static bool above(double measuredPps, double linkMbps, int frameBytesWithoutFcs);
    // Bit rates of a packet rate: L2 counts the frames as sent (no FCS, as
    // pktgen's Mb/sec and the engine's bps_l2), L1 what the wire carries
    // (wireBytes per frame, as the engine's bps_l1).
    static double l2Bps(double pps, int frameBytesWithoutFcs);
    static double l1Bps(double pps, int frameBytesWithoutFcs);

    // A link speed as users write it: "10G", "25000M", "100G", "2.5G",
    // "10Gbit/s", or a plain number of Mbit/s; 1 Mbit/s to 1600 Gbit/s. On
    // error *error says what was wrong and what is accepted.
    static std::optional<double> parseSpeedMbps(const QString &text, QString *error);
    // The short form parseSpeedMbps reads back: "10G", "2.5G", "100M".
    static QString speedText(double mbps);
};

} // namespace burstlab
