#pragma once

#include "LcoreCounters.h"
#include "PacketTemplate.h"
#include "StepParams.h"
#include "TxWorker.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

class RxSink;

// Where a step runs: the port and pool to use and the lcores to run on.
struct StepContext {
    uint16_t port = 0;
    rte_mempool *pool = nullptr;
    std::vector<unsigned> workerLcores;
    RxSink *sink = nullptr;
    uint64_t tscHz = 0;    // the engine's one TSC rate
    bool signature = true; // TxJob::signature
    // Each TX lcore's sampling event, in lcore order; empty: no profile.
    std::vector<int> perfFds;
};

struct LcoreResult {
    unsigned lcore = 0;
    uint16_t queue = 0;
    CounterSnapshot counters;
    LcoreWindow window;
    ThreadUsage usage;
};

// One running step: launches a TX worker per queue (and the sink on a spare
// lcore if there is one), sums their counters, stops and joins them.
class Step {
  public:
    // serial counts the engine's steps from 1: it tags their packets and
    // buffers (docs/protocol.md, "Payload signature").
    Step(int64_t id, uint64_t serial, const StepParams &params, StepContext context,
         uint64_t commandTsc);
    ~Step();
    Step(const Step &) = delete;
    Step &operator=(const Step &) = delete;

    // Returns an error text or an empty string.
    std::string launch();
    void requestStop() { m_stop.store(true, std::memory_order_relaxed); }
    bool stopRequested() const { return m_stop.load(std::memory_order_relaxed); }
    bool workersDone() const;
    // Waits for the TX lcores and the sink lcore to return.
    void join();

    int64_t id() const { return m_id; }
    uint8_t tag() const { return static_cast<uint8_t>(m_serial); }
    const StepParams &params() const { return m_params; }
    // The main lcore polls the sink itself when no spare lcore runs it.
    bool sinkOnMainLcore() const { return m_context.sink && !m_sinkLcore; }
    uint64_t startTsc() const { return m_startTsc; }
    uint64_t commandTsc() const { return m_commandTsc; }

    CounterSnapshot totals() const;
    std::vector<LcoreResult> perLcore() const;
    // Latest end and earliest first packet over the TX lcores.
    uint64_t endTsc() const;
    uint64_t firstTxTsc() const;

  private:
    int64_t m_id;
    uint64_t m_serial;
    StepParams m_params;
    StepContext m_context;
    PacketTemplate m_packet;
    uint64_t m_commandTsc;
    uint64_t m_startTsc = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_sinkStop{false};
    std::unique_ptr<LcoreCounters[]> m_counters;
    // Written by each TX lcore before it is done, read after the join.
    std::unique_ptr<ThreadUsage[]> m_usage;
    std::vector<std::unique_ptr<TxWorker>> m_workers;
    std::optional<unsigned> m_sinkLcore;
    std::vector<unsigned> m_launched;
};

} // namespace burstlab::engine
