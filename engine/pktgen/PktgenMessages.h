#pragma once

#include "KernelDevice.h"
#include "Messages.h"
#include "PktgenText.h"
#include "SinkDevices.h"
#include "StepParams.h"

#include <optional>
#include <string>
#include <vector>

// The pktgen engine's messages, filled from what pktgen's files said
// (protocol/Messages.h writes them): pure functions of recorded text, so
// they are tested without a kernel (tests/engine/tst_protocol_roundtrip).
namespace burstlab::engine::pktgen {

struct HelloFacts {
    std::vector<KernelDevice> devices; // one tx port each, in order
    std::vector<KernelDevice> sinks;   // one sink port each (SinkDevices)
    std::string kernelVersion;
    std::string pgctrlText;
    std::vector<unsigned> threadCpus;
    protocol::Json limits;   // the engine's, as StepParams::limitsJson gives them
    protocol::Json defaults; // the engine's StepParams::toJson()
    protocol::Profiling profiling;
};
protocol::Hello hello(const HelloFacts &facts);

// One entry of a step as it ended: its file's text and its kpktgend
// thread's counts before the start and after pktgen was done.
struct EntryRecord {
    unsigned cpu = 0;
    uint32_t queue = 0;
    std::string name; // IFNAME@burstlabQ
    std::string text; // its /proc/net/pktgen file
    std::optional<protocol::ThreadCounts> before;
    std::optional<protocol::ThreadCounts> after;
};

struct StepRecord {
    int64_t id = 0;
    StepParams params;
    uint64_t commandNs = 0; // CLOCK_MONOTONIC when the start command came
    std::string reason;     // stopped, duration or count
    std::optional<std::string> startError;
    std::vector<EntryRecord> entries;
    std::optional<protocol::Profile> profile; // the kpktgend threads' over the step
    // Per device, the host settings the step asked for and read back.
    std::optional<protocol::Json> hostSettings;
    // What the receiving host devices counted over the step, when there are
    // any: from before pktgen's start until they settled after its end.
    std::optional<RxCounts> sink;
};

// pktgen counts what it sent and nothing of DPDK's transmit path (tx_burst
// calls, ring, retries, mbufs, busy cycles): the client stores those as not
// measured (docs/protocol.md, "The pktgen engine").
// rxPkts: what the receiving host devices counted so far, when there are any.
protocol::Stats stats(int64_t id, uint64_t tNs, const StepParams &params,
                      const std::vector<std::string> &entryTexts, std::optional<uint64_t> rxPkts);
protocol::Finished finished(const StepRecord &step);
// What the entries sent: the sum of their pkts-sofar, the step's tx_pkts.
uint64_t sentBy(const std::vector<EntryRecord> &entries);

} // namespace burstlab::engine::pktgen
