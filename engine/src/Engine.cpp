#include "Engine.h"

#include "HostJournal.h"
#include "Parameters.h"
#include "Signature.h"
#include "StepMessages.h"
#include "TakenParameters.h"
#include "VdevArgs.h"

#include <algorithm>
#include <random>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_version.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

using Json = nlohmann::ordered_json;

constexpr uint32_t kPoolCache = 256;
constexpr uint32_t kSinkMbufs = 8191;
// TX ring of a sink whose driver wants a TX queue beside its RX queue.
constexpr uint16_t kSinkTxDesc = 512;
constexpr unsigned kStaleDrainMs = 50;

protocol::Port portOf(const PortInfo &p) {
    return {
        p.role,
        p.portId,
        p.name,
        p.driver,
        p.mac,
        p.linkSpeedMbps,
        p.linkUp,
        p.mtu,
        p.maxTxQueues,
        protocol::Port::Ring{p.txDescMin, p.txDescMax, p.txDescAlign, p.numaNode, p.txDoneCleanup},
        p.qdiscBypass};
}

int socketOf(const PortInfo &p) {
    return p.numaNode < 0 ? SOCKET_ID_ANY : p.numaNode;
}

uint64_t randomKey() {
    std::random_device random;
    return uint64_t{random()} << 32 | random();
}

// Takes the start command's run_key out of the step's fields (it is not a
// step parameter): its value, or the session's key when it has none.
std::optional<ProtocolError> takeRunKey(nlohmann::json &command, uint64_t sessionKey,
                                        uint64_t &runKey) {
    runKey = sessionKey;
    const auto it = command.find("run_key");
    if (it == command.end()) {
        return std::nullopt;
    }
    if (!it->is_number_unsigned()) {
        return ProtocolError{"bad_type", "run_key",
                             "run_key must be an integer from 0 to 18446744073709551615"};
    }
    runKey = it->get<uint64_t>();
    command.erase(it);
    return std::nullopt;
}

// A port that is no kernel interface has no host settings: the hello's
// limits and defaults leave them out, as they leave out what the engine
// does not take.
Json withoutHostSettings(Json parameters) {
    for (const protocol::Parameter &p : protocol::kParameters) {
        if (p.host) {
            parameters.erase(std::string(p.name));
        }
    }
    return parameters;
}

// rte_eal_remote_launch entry point: the lcore's thread id into *arg.
int recordTid(void *arg) {
    *static_cast<pid_t *>(arg) = gettid();
    return 0;
}

} // namespace

Engine::Engine(const Options &options, std::string filePrefix, const TscRate &tsc)
    : m_options(options), m_hosts(options.hostDevices(), kHostJournalDir, "burstlab-engine"),
      m_filePrefix(std::move(filePrefix)), m_tsc(tsc), m_sessionKey(randomKey()) {
    unsigned lcore = 0;
    RTE_LCORE_FOREACH_WORKER(lcore) {
        m_workerLcores.push_back(lcore);
        // Lcore N runs on CPU N unless --lcores named a CPU twice.
        const rte_cpuset_t cpus = rte_lcore_cpuset(lcore);
        unsigned cpu = 0;
        while (cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &cpus)) {
            ++cpu;
        }
        m_workerCpus.push_back(cpu);
        pid_t &tid = m_workerTids.emplace_back(0);
        if (rte_eal_remote_launch(recordTid, &tid, lcore) == 0) {
            rte_eal_wait_lcore(lcore);
        }
    }
    m_profiling = profile::probe();
    if (m_profiling.available) {
        m_symbols = std::make_unique<profile::Symbols>();
    }
}

Engine::~Engine() = default;

std::string Engine::setUp() {
    std::string error;
    const std::string txName =
        m_options.pci.empty() ? vdevName(m_options.vdevs.front()) : m_options.pci;
    auto tx = Port::find(txName, "tx", error);
    if (!tx) {
        return error;
    }
    m_tx.emplace(std::move(*tx));
    if (!m_options.sinkVdev.empty()) {
        auto sink = Port::find(vdevName(m_options.sinkVdev), "sink", error);
        if (!sink) {
            return error;
        }
        m_sinkPort.emplace(std::move(*sink));
        if (error = m_rxPool.create("burstlab_sink", kSinkMbufs, kPoolCache,
                                    socketOf(m_sinkPort->info()));
            !error.empty()) {
            return error;
        }
        if (error = configurePort(*m_sinkPort, 1, 0, kSinkTxDesc, m_rxPool, 1); !error.empty()) {
            return "sink port " + m_sinkPort->info().name + ": " + error;
        }
        m_sink = std::make_unique<RxSink>(m_sinkPort->id(), m_tsc.hz);
    }
    computeLimits();
    m_defaults.txDesc = static_cast<uint32_t>(
        std::clamp<int64_t>(m_defaults.txDesc, m_limits.txDesc.lo, m_limits.txDesc.hi));
    m_defaults.txDesc -= m_defaults.txDesc % m_limits.txDescAlign;
    std::copy(std::begin(m_tx->info().macBytes), std::end(m_tx->info().macBytes),
              m_defaults.srcMac.begin());
    if (error = reconfigureTx(m_defaults.queues, m_defaults.txDesc); !error.empty()) {
        return "TX port " + txName + ": " + error;
    }
    // A TX port on the sink's interface would have packet sockets there too.
    if (m_sinkPort &&
        (m_tx->info().ifIndex == 0 || m_tx->info().ifIndex != m_sinkPort->info().ifIndex)) {
        m_sinkPort->watchPacketSockets();
    }
    return {};
}

void Engine::computeLimits() {
    const PortInfo &p = m_tx->info();
    m_limits.burst = protocol::dpdkLimitOf(protocol::parameter("burst"));
    // The payload signature names a packet's queue in one byte.
    m_limits.queues.hi =
        std::min<int64_t>({static_cast<int64_t>(m_workerLcores.size()),
                           std::max<uint16_t>(p.maxTxQueues, 1), signature::kMaxStreams});
    const uint16_t align = std::max<uint16_t>(p.txDescAlign, 1);
    m_limits.txDescAlign = align;
    int64_t lo = std::max<int64_t>(64, p.txDescMin);
    lo = (lo + align - 1) / align * align;
    const int64_t hi = p.txDescMax == 0 ? 4096 : std::min<int64_t>(4096, p.txDescMax);
    m_limits.txDesc = {lo, std::max(lo, hi - hi % align)};
    m_limits.pktSize.hi = std::min<int64_t>(p.mtu + 14, RTE_MBUF_DEFAULT_DATAROOM);
    profile::narrowRate(m_limits.profileHz, m_defaults.profileHz);
}

std::string Engine::reconfigureTx(uint32_t queues, uint32_t txDesc) {
    // The pool must hold every queue's ring, a burst in hand and one being
    // retried per lcore, and every lcore's mempool cache.
    const uint32_t lcores = static_cast<uint32_t>(m_workerLcores.size()) + 1;
    const uint32_t mbufs = queues * (txDesc + 2 * kMaxBurst) + lcores * (kPoolCache * 3 / 2) + 1024;
    m_tx->stop();
    std::string error = m_txPool.create("burstlab_tx" + std::to_string(m_poolSerial++), mbufs,
                                        kPoolCache, socketOf(m_tx->info()));
    if (error.empty()) {
        error =
            configurePort(*m_tx, 0, static_cast<uint16_t>(queues), static_cast<uint16_t>(txDesc),
                          m_txPortRxPool, static_cast<uint16_t>(m_limits.queues.hi));
    }
    return error;
}

std::string Engine::configurePort(Port &port, uint16_t rxQueues, uint16_t txQueues, uint16_t txDesc,
                                  MbufPool &rxPool, uint16_t maxQueues) {
    std::string error = port.configure(rxQueues, txQueues, txDesc, rxPool.get());
    if (error.empty() || rxQueues == txQueues) {
        return error;
    }
    // Some drivers (net_tap) want as many RX as TX queues: retry with both
    // equal. The extra RX queues get a pool of their own, so the TX pool's
    // in-use count still shows only what TX holds. It is made once, for the
    // most queues the port can get: a pool cannot be replaced while stopped
    // queues may still hold its mbufs.
    if (!rxPool.get()) {
        if (error = rxPool.create("burstlab_txrx", maxQueues * Port::kRxDesc + kSinkMbufs,
                                  kPoolCache, socketOf(port.info()));
            !error.empty()) {
            return error;
        }
    }
    const uint16_t n = std::max(rxQueues, txQueues);
    return port.configure(n, n, txDesc, rxPool.get());
}

bool Engine::signatureOn() const {
    // net_null discards what it is given, so without a sink port nothing
    // reads a packet; any other device may be captured or looped back, or
    // lead to a receiver on the wire.
    return m_sink || m_tx->info().driver != "net_null";
}

Json Engine::signatureJson() const {
    if (signatureOn()) {
        return {{"on", true}};
    }
    return {{"on", false},
            {"reason", "net_null discards every packet it is sent and no sink port reads them"}};
}

Json Engine::hello() const {
    protocol::Hello h;
    h.engineKind = "dpdk";
    h.engineVersion = BURSTLAB_ENGINE_VERSION;
    h.dpdkVersion = rte_version();
    h.tscHz = m_tsc.hz;
    h.calibration = {m_tsc.source, m_tsc.spanNs, m_tsc.dpdkHz};
    h.mainLcore = static_cast<int>(rte_get_main_lcore());
    h.workerLcores = m_workerLcores;
    h.workerCpus = m_workerCpus;
    h.numaNodes = rte_socket_count();
    h.filePrefix = m_filePrefix;
    h.ports.push_back(portOf(m_tx->info()));
    if (m_sinkPort) {
        h.ports.push_back(portOf(m_sinkPort->info()));
    }
    h.signature = signatureJson();
    h.profiling = m_profiling;
    h.limits = onlyTaken(EngineKind::Dpdk, StepParams::limitsJson(m_limits));
    h.defaults = onlyTaken(EngineKind::Dpdk, m_defaults.toJson());
    if (m_hosts.empty()) {
        h.limits = withoutHostSettings(h.limits);
        h.defaults = withoutHostSettings(h.defaults);
    }
    return protocol::toJson(h);
}

std::optional<ProtocolError> Engine::start(int64_t id, const nlohmann::json &command,
                                           uint64_t commandTsc) {
    if (m_step) {
        return ProtocolError{"busy", "", "a step is running; stop it or wait for its finished"};
    }
    nlohmann::json fields = command;
    uint64_t runKey = 0;
    if (auto error = takeRunKey(fields, m_sessionKey, runKey)) {
        return error;
    }
    if (auto error = refuseNotTaken(EngineKind::Dpdk, fields)) {
        return error;
    }
    StepParams params = m_defaults;
    if (auto error = params.apply(fields, m_limits)) {
        return error;
    }
    if (const auto asked = askedSettings(params); m_hosts.empty() && !asked.empty()) {
        const PortInfo &port = m_tx->info();
        return ProtocolError{"port_error", asked.front().first,
                             asked.front().first + " is a host setting of a kernel interface: " +
                                 port.name + " is a " + port.driver +
                                 " port, not one; the DPDK engine sets host settings on a " +
                                 kKernelInterfacePorts + " port"};
    }
    if (params.queues != m_tx->txQueues() || params.txDesc != m_tx->txDesc()) {
        if (std::string error = reconfigureTx(params.queues, params.txDesc); !error.empty()) {
            return ProtocolError{"port_error", "", error};
        }
    }
    // Before the step's clock starts; the step's first packet is timed from
    // here, as the pktgen engine times it, not from the tc and ethtool work.
    if (!m_hosts.empty()) {
        if (auto error = m_hosts.apply(params, &m_stepHostSettings)) {
            return error;
        }
        commandTsc = rte_rdtsc();
    }
    const uint64_t serial = ++m_stepSerial;
    params.signatureKey = signature::stepKey(runKey, serial);
    if (m_sink) {
        m_sink->drain(0, kStaleDrainMs);
        m_sink->begin({static_cast<uint8_t>(serial), params.signatureKey, params.queues,
                       std::max<uint64_t>(params.clone, 1), params.timestamp});
        m_sinkDropsAtStart = m_sinkPort->rxDrops();
    }
    StepContext context{
        m_tx->id(), m_txPool.get(), m_workerLcores, m_sink.get(), m_tsc.hz, signatureOn(), {}};
    m_profiler.reset();
    if (params.profileHz > 0 && m_profiling.available) {
        // A step whose events do not open (a descriptor limit) goes without
        // its profile; the finished message then has none.
        std::string ignored;
        const std::vector<pid_t> tids(m_workerTids.begin(), m_workerTids.begin() + params.queues);
        m_profiler = profile::StepProfiler::open(tids, params.profileHz, ignored);
        if (m_profiler) {
            context.perfFds = m_profiler->fds();
        }
    }
    m_step = std::make_unique<Step>(id, serial, params, std::move(context), commandTsc);
    if (std::string error = m_step->launch(); !error.empty()) {
        m_step.reset();
        m_profiler.reset();
        return ProtocolError{"internal", "", error};
    }
    return std::nullopt;
}

void Engine::requestStop() {
    if (m_step) {
        m_step->requestStop();
    }
}

void Engine::pollSink() {
    if (m_sink) {
        m_sink->poll();
    }
}

Json Engine::stats() const {
    std::optional<uint64_t> rx;
    if (m_sink) {
        rx = m_sink->ours();
    }
    return protocol::toJson(
        messages::stats(m_step->id(), protocol::tscToNs(rte_rdtsc() - m_step->startTsc(), m_tsc.hz),
                        m_step->totals(), rx));
}

void Engine::drainProfile() {
    if (m_profiler) {
        m_profiler->drain();
    }
}

Json Engine::finish() {
    m_step->join();
    m_tx->txDoneCleanup(m_tx->txQueues());
    messages::StepEnd end;
    const StepParams &p = m_step->params();
    if (m_step->stopRequested()) {
        end.reason = "stopped";
    } else if (p.count && m_step->totals().txPkts >= *p.count) {
        end.reason = "count";
    } else {
        end.reason = "duration";
    }
    if (m_sink) {
        m_sink->drain(protocol::kSinkQuietMs, protocol::kSinkMaxMs);
        end.sink = &m_sink->classifier();
        end.sinkDrops = m_sinkPort->rxDrops().since(m_sinkDropsAtStart);
    }
    end.tscHz = m_tsc.hz;
    end.mbufsInUse = m_txPool.inUse();
    end.hostSettings = std::move(m_stepHostSettings);
    m_stepHostSettings.reset();
    if (m_profiler) {
        end.profile = m_profiler->finish(*m_symbols);
        m_profiler.reset();
    }
    Json message = protocol::toJson(messages::finished(messages::StepRecord::of(*m_step), end));
    m_step.reset();
    return message;
}

} // namespace burstlab::engine
