#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

// The sink's figures of a step (docs/protocol.md, "The sink's figures"), as
// both engines report them: the DPDK engine's sink port, which classifies
// every frame, and the pktgen engine's receiving host devices, whose
// counters count every frame and classify none. One writer, so rx_lost has
// one formula.
namespace burstlab::protocol {

// A sink keeps counting after TX stopped until nothing arrived for
// kSinkQuietMs, at most kSinkMaxMs, so received == sent can be checked.
inline constexpr unsigned kSinkQuietMs = 20;
inline constexpr unsigned kSinkMaxMs = 500;

// Frames a receiving port dropped before the sink read them, by counter:
// cumulative, or over a step.
struct RxDropCounters {
    uint64_t imissed = 0;  // the device's receive ring was full
    uint64_t ierrors = 0;  // erroneous frames
    uint64_t rxNombuf = 0; // no buffer to receive into
    // af_packet: the kernel's packet ring was full (PACKET_STATISTICS
    // tp_drops); none for other devices.
    std::optional<uint64_t> kernelRing;

    uint64_t total() const { return imissed + ierrors + rxNombuf + kernelRing.value_or(0); }
    // What was counted since `start`, an earlier reading of the same port.
    RxDropCounters since(const RxDropCounters &start) const;
};

// What a classifying sink tells apart besides its own packets.
struct SinkClasses {
    uint64_t foreign = 0;
    uint64_t late = 0;
    uint64_t duplicates = 0;
    uint64_t reordered = 0;
};

// The step's sink fields without latency_ns: rxPkts received, drops over the
// step, txPkts sent; classes null where the sink does not classify.
nlohmann::ordered_json sinkJson(uint64_t rxPkts, const std::optional<SinkClasses> &classes,
                                const RxDropCounters &drops, uint64_t txPkts);

} // namespace burstlab::protocol
