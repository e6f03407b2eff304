#pragma once

#include "Figures.h"
#include "Profile.h"
#include "ProtocolError.h"
#include "Thread.h"

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

// The engines' messages (docs/protocol.md), typed: both engines fill these
// structs and toJson() below is the one writer of each, so a field has one
// name and one place to go. The client reads them with
// app/core/engine/EngineMessageParser; tests/engine/tst_protocol_roundtrip
// writes every message of both engines and reads it back on every build.
namespace burstlab::protocol {

// Messages keep their keys in the order written, "type" first, for people
// reading a session log.
using Json = nlohmann::ordered_json;

// DPDK's transmit path only: the pktgen engine has none of these.
struct DpdkCounters {
    uint64_t txCalls = 0;
    uint64_t ringFull = 0;
    uint64_t retries = 0;
    uint64_t allocFail = 0;
    uint64_t busyCycles = 0;
    uint64_t mbufsBuilt = 0;
};

// What a step (or one lcore of it) counted.
struct Counters {
    uint64_t txPkts = 0;
    uint64_t txBytes = 0;
    std::optional<uint64_t> txErrors; // pktgen's errors
    std::optional<DpdkCounters> dpdk; // DPDK engine only
    std::optional<uint64_t> cpuNs;    // an lcore's on-CPU time (per lcore only)
    std::optional<std::array<uint64_t, kBurstBuckets>> burstHist; // the step's only
};

// A measured window (docs/protocol.md, "finished"): from the first packet
// after the warm-up to the last, times in ns from the step's start.
struct Window {
    uint64_t txPkts = 0;
    uint64_t txBytes = 0;
    std::optional<uint64_t> txCalls; // DPDK's tx_burst calls
    uint64_t startNs = 0;
    uint64_t endNs = 0;
    uint64_t ns = 0;
    double pps = 0;
};

// The step's window: its lcores' windows together (Windows.h).
struct StepWindow {
    uint64_t warmupMs = 0;
    unsigned lcores = 0; // lcores that measured a window
    Window window;
    uint64_t targetPps = 0;
    double nsPerPkt = 0;
    double bpsL2 = 0;
    double bpsL1 = 0;
};

// One sending thread's part of a step (`lcores[]`): a DPDK TX lcore, or a
// kpktgend thread and its pktgen entry.
struct LcoreEntry {
    unsigned lcore = 0;
    uint32_t queue = 0;
    std::optional<std::string> device; // pktgen's entry name
    Counters counters;
    std::optional<double> cyclesPerPkt; // DPDK engine only
    // pktgen engine only: pktgen's own Result rate, null when it printed none.
    std::optional<std::optional<double>> pktgenPps;
    Window window;
    std::optional<ThreadFigures> thread; // null: no window measured
};

// The step's whole-step rates, from its counters over its elapsed time.
struct StepRates {
    double pps = 0;
    double nsPerPkt = 0;
    double bpsL2 = 0;
    double bpsL1 = 0;
    static StepRates over(const Counters &c, uint64_t elapsedNs);
};

struct Finished {
    int64_t id = 0;
    std::string reason; // duration, count or stopped
    Counters counters;
    uint64_t elapsedNs = 0;
    StepRates rates;
    std::optional<double> cyclesPerPkt; // DPDK engine only
    std::optional<double> cpuNsPerPkt;  // DPDK engine only
    std::optional<uint32_t> mbufsInUse; // DPDK engine only
    std::optional<uint64_t> firstTxNs;  // null when nothing was sent
    StepWindow window;
    std::vector<std::optional<ThreadFigures>> threads; // per lcore, for "thread"
    std::optional<Json> sink;                          // the sink's figures (DPDK, --sink-vdev)
    std::vector<LcoreEntry> lcores;
    Json params;
    std::optional<std::string> startError; // pktgen refused the start
    std::optional<Profile> profile;        // profile_hz above 0 where the engine can profile
    // Per device, the host settings the step asked for: {"asked", "read"}.
    std::optional<Json> hostSettings;
};

struct Stats {
    int64_t id = 0;
    uint64_t tNs = 0;
    Counters counters;
    std::optional<uint64_t> rxPkts; // with a sink only
};

struct Port {
    std::string role; // "tx" or "sink"
    uint16_t portId = 0;
    std::string name;
    std::string driver;
    std::string mac;
    int64_t linkSpeedMbps = 0; // the kernel says -1 where it does not know
    bool linkUp = false;
    uint32_t mtu = 1500;
    uint32_t maxTxQueues = 1;
    // DPDK ports only.
    struct Ring {
        uint16_t txDescMin = 0;
        uint16_t txDescMax = 0;
        uint16_t txDescAlign = 1;
        int numaNode = -1;
        bool txDoneCleanup = false;
    };
    std::optional<Ring> ring;
    // net_af_packet only: its sockets send past the root qdisc
    // (PACKET_QDISC_BYPASS, the qdisc_bypass devarg).
    std::optional<bool> qdiscBypass;
};

struct Hello {
    std::string engineKind; // "dpdk" or "pktgen"
    std::string engineVersion;
    std::optional<std::string> dpdkVersion;   // DPDK engine
    std::optional<std::string> kernelVersion; // pktgen engine
    std::optional<std::string> pktgenVersion; // pktgen engine
    uint64_t tscHz = 0;
    struct Calibration {
        std::string source;
        uint64_t spanNs = 0;
        uint64_t dpdkHz = 0;
    } calibration;
    int mainLcore = -1;
    std::vector<unsigned> workerLcores;
    std::vector<unsigned> workerCpus;
    unsigned numaNodes = 1;
    std::optional<std::string> filePrefix; // DPDK engine
    std::vector<Port> ports;
    std::optional<Json> signature;      // DPDK engine
    std::optional<Profiling> profiling; // DPDK engine
    Json limits;
    Json defaults;
};

Json toJson(const Hello &m);
Json toJson(const Stats &m);
Json toJson(const Finished &m);
// The answer to a command; id is the command's, null when unreadable.
Json ack(const nlohmann::json &id, const std::optional<ProtocolError> &error);
Json fatalError(const std::string &code, const std::string &message);

} // namespace burstlab::protocol
