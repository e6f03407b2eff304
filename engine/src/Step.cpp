#include "Step.h"

#include "RxSink.h"

#include <algorithm>
#include <rte_cycles.h>
#include <rte_launch.h>

namespace burstlab::engine {

namespace {

// Pacing catches up at most this much lag: enough to hold the rate when the
// lcore's CPU is shared and it misses a few time slices, short enough that a
// long stall never turns into a full-speed rush that overruns a receiver.
constexpr uint64_t kMaxLagMs = 5;

} // namespace

Step::Step(int64_t id, uint64_t serial, const StepParams &params, StepContext context,
           uint64_t commandTsc)
    : m_id(id), m_serial(serial), m_params(params), m_context(std::move(context)),
      m_packet(params, tag()), m_commandTsc(commandTsc),
      m_counters(std::make_unique<LcoreCounters[]>(params.queues)),
      m_usage(std::make_unique<ThreadUsage[]>(params.queues)) {}

Step::~Step() {
    requestStop();
    join();
}

std::string Step::launch() {
    const uint64_t hz = m_context.tscHz;
    const uint32_t q = m_params.queues;
    const bool limitByTime = m_params.hasDuration || !m_params.count;
    // Before the step's clock starts: a driver that has returned every mbuf
    // (net_null, or a NIC after tx_done_cleanup) lets the frame be written
    // into all of them now, and the send loop take them as they come.
    const bool framesWritten = TxWorker::writeFrames(m_context.pool, m_packet, m_serial);
    m_startTsc = rte_rdtsc();
    for (uint32_t i = 0; i < q; ++i) {
        TxJob job;
        job.port = m_context.port;
        job.queue = static_cast<uint16_t>(i);
        job.pool = m_context.pool;
        job.packet = &m_packet;
        job.generation = m_serial;
        job.framesWritten = framesWritten;
        job.burst = m_params.burst;
        // clone 0 and 1 alike send every mbuf once (kernel pktgen's clone_skb).
        job.sendsPerMbuf = std::max<uint64_t>(m_params.clone, 1);
        job.signature = m_context.signature;
        job.firstFlow = static_cast<uint32_t>(uint64_t{i} * m_params.flows / q);
        job.quota = lcoreQuota(m_params.count.value_or(0), q, i);
        job.startTsc = m_startTsc;
        job.warmupEndTsc = m_startTsc + m_params.warmupMs * hz / 1000;
        job.deadlineTsc = limitByTime ? m_startTsc + m_params.durationMs * hz / 1000 : UINT64_MAX;
        // Each lcore sends rate_pps / queues: hz * queues cycles per rate_pps packets.
        job.paceCycles = hz * q;
        job.pacePkts = m_params.ratePps;
        job.maxLagCycles = hz * kMaxLagMs / 1000;
        job.stop = &m_stop;
        job.counters = &m_counters[i];
        job.usage = &m_usage[i];
        if (i < m_context.perfFds.size()) {
            m_usage[i].perfFd = m_context.perfFds[i];
        }
        m_workers.push_back(std::make_unique<TxWorker>(job));
    }
    if (m_context.sink && m_context.workerLcores.size() > q) {
        m_sinkLcore = m_context.workerLcores[q];
        m_context.sink->setStopFlag(&m_sinkStop);
        if (rte_eal_remote_launch(RxSink::launch, m_context.sink, *m_sinkLcore) != 0) {
            m_sinkLcore.reset();
        } else {
            m_launched.push_back(*m_sinkLcore);
        }
    }
    for (uint32_t i = 0; i < q; ++i) {
        const unsigned lcore = m_context.workerLcores[i];
        if (int rc = rte_eal_remote_launch(TxWorker::launch, m_workers[i].get(), lcore); rc != 0) {
            requestStop();
            join();
            return "cannot launch TX lcore " + std::to_string(lcore) + " (" + std::to_string(rc) +
                   ")";
        }
        m_launched.push_back(lcore);
    }
    return {};
}

bool Step::workersDone() const {
    for (uint32_t i = 0; i < m_workers.size(); ++i) {
        if (!m_counters[i].done.load(std::memory_order_acquire)) {
            return false;
        }
    }
    return true;
}

void Step::join() {
    // TX lcores first: the sink keeps counting until they are done.
    for (unsigned lcore : m_launched) {
        if (!m_sinkLcore || lcore != *m_sinkLcore) {
            rte_eal_wait_lcore(lcore);
        }
    }
    if (m_sinkLcore) {
        m_sinkStop.store(true, std::memory_order_relaxed);
        rte_eal_wait_lcore(*m_sinkLcore);
        m_sinkLcore.reset();
    }
    m_launched.clear();
}

CounterSnapshot Step::totals() const {
    CounterSnapshot sum;
    for (uint32_t i = 0; i < m_params.queues; ++i) {
        sum += m_counters[i].snapshot();
    }
    return sum;
}

std::vector<LcoreResult> Step::perLcore() const {
    std::vector<LcoreResult> out;
    for (uint32_t i = 0; i < m_params.queues; ++i) {
        out.push_back({m_context.workerLcores[i], static_cast<uint16_t>(i),
                       m_counters[i].snapshot(), m_counters[i].window(), m_usage[i]});
    }
    return out;
}

uint64_t Step::endTsc() const {
    uint64_t end = m_startTsc;
    for (uint32_t i = 0; i < m_params.queues; ++i) {
        end = std::max(end, m_counters[i].endTsc.load(std::memory_order_relaxed));
    }
    return end;
}

uint64_t Step::firstTxTsc() const {
    uint64_t first = 0;
    for (uint32_t i = 0; i < m_params.queues; ++i) {
        const uint64_t t = m_counters[i].firstTxTsc.load(std::memory_order_relaxed);
        if (t != 0 && (first == 0 || t < first)) {
            first = t;
        }
    }
    return first;
}

} // namespace burstlab::engine
