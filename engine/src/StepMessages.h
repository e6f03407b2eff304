#pragma once

#include "LcoreCounters.h"
#include "Messages.h"
#include "Port.h"
#include "SinkClassifier.h"
#include "Step.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace burstlab::engine {

// The DPDK engine's step messages, filled from its counters and clock
// (protocol/Messages.h writes them).
namespace messages {

using Json = protocol::Json;

// A step as it ended, in plain figures: what the finished message is made
// from, without DPDK running (tests/engine/tst_protocol_roundtrip).
struct StepRecord {
    int64_t id = 0;
    StepParams params;
    CounterSnapshot totals;
    std::vector<LcoreResult> lcores;
    uint64_t commandTsc = 0;
    uint64_t startTsc = 0;
    uint64_t endTsc = 0;
    uint64_t firstTxTsc = 0; // 0: nothing sent
    static StepRecord of(const Step &step);
};

struct StepEnd {
    std::string reason;
    uint64_t tscHz = 0;
    uint32_t mbufsInUse = 0;
    const SinkClassifier *sink = nullptr; // what the sink counted, when there is one
    RxDropCounters sinkDrops;             // what its port dropped during the step
    std::optional<protocol::Profile> profile;
    std::optional<Json> hostSettings; // {device: {setting: {asked, read}}}, when asked
};

// tNs: since the step's start.
protocol::Stats stats(int64_t id, uint64_t tNs, const CounterSnapshot &totals,
                      std::optional<uint64_t> rxPkts);
protocol::Finished finished(const StepRecord &step, const StepEnd &end);

} // namespace messages

} // namespace burstlab::engine
