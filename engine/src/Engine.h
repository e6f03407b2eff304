#pragma once

#include "HostDevices.h"
#include "MbufPool.h"
#include "Options.h"
#include "Port.h"
#include "ProtocolError.h"
#include "RxSink.h"
#include "Step.h"
#include "StepParams.h"
#include "StepProfiler.h"
#include "TscClock.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// The engine's devices and its one running step: TX port, optional sink
// port, mbuf pools, and the start/stop/finish of steps. Lives on the main
// lcore; EAL is initialised before it is created and cleaned up after it is
// destroyed, so members go in the order ports need: step, sink, ports, pools.
class Engine {
  public:
    // tsc: the one rate every TSC figure of the engine is timed with.
    Engine(const Options &options, std::string filePrefix, const TscRate &tsc);
    ~Engine();

    // Finds and starts the ports. Returns an error text or an empty string.
    std::string setUp();
    nlohmann::ordered_json hello() const;
    // Before the hello: what a killed engine left on the ports' kernel
    // interfaces put back. False, with the fatal error written, when it
    // cannot.
    bool restoreJournals(ProtocolOut &out) { return m_hosts.restoreJournals(out); }

    // Validates and launches a step; commandTsc is when the command arrived.
    std::optional<ProtocolError> start(int64_t id, const nlohmann::json &command,
                                       uint64_t commandTsc);
    bool running() const { return m_step != nullptr; }
    void requestStop();
    bool stepDone() const { return m_step && m_step->workersDone(); }
    bool sinkOnMainLcore() const { return m_step && m_step->sinkOnMainLcore(); }
    void pollSink();
    uint32_t statsMs() const { return m_step ? m_step->params().statsMs : 0; }
    uint64_t tscHz() const { return m_tsc.hz; }
    nlohmann::ordered_json stats() const;
    // Moves the running step's samples off the kernel's rings.
    void drainProfile();
    // Joins the step, frees what it held and returns its finished message.
    nlohmann::ordered_json finish();

  private:
    std::string reconfigureTx(uint32_t queues, uint32_t txDesc);
    std::string configurePort(Port &port, uint16_t rxQueues, uint16_t txQueues, uint16_t txDesc,
                              MbufPool &rxPool, uint16_t maxQueues);
    void computeLimits();
    // Whether packets carry the signature (a write into each packet's data):
    // only where something can read it back.
    bool signatureOn() const;
    nlohmann::ordered_json signatureJson() const;

    Options m_options;
    // The ports' kernel interfaces, put back as found when the engine ends.
    HostDevices m_hosts;
    std::optional<protocol::Json> m_stepHostSettings; // the running step's, asked and read
    std::string m_filePrefix;
    TscRate m_tsc;
    std::vector<unsigned> m_workerLcores;
    std::vector<unsigned> m_workerCpus; // the CPU of each worker lcore
    std::vector<pid_t> m_workerTids;    // the thread of each worker lcore
    protocol::Profiling m_profiling;
    std::unique_ptr<profile::StepProfiler> m_profiler; // the running step's
    std::unique_ptr<profile::Symbols> m_symbols;       // made at the start where it can profile
    StepLimits m_limits;
    StepParams m_defaults;
    unsigned m_poolSerial = 0;
    uint64_t m_stepSerial = 0;
    // The run key of steps whose start gives none: drawn once per session.
    uint64_t m_sessionKey = 0;
    // The sink port's drop counters when the running step began.
    RxDropCounters m_sinkDropsAtStart;
    MbufPool m_txPool;
    MbufPool m_rxPool;       // the sink's RX queue
    MbufPool m_txPortRxPool; // RX queues a TX port's driver insists on
    std::optional<Port> m_tx;
    std::optional<Port> m_sinkPort;
    std::unique_ptr<RxSink> m_sink;
    std::unique_ptr<Step> m_step;
};

} // namespace burstlab::engine
