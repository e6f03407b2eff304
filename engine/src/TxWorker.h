#pragma once

#include "LcoreCounters.h"
#include "PacketTemplate.h"
#include "Quota.h"
#include "ThreadUsage.h"

#include <atomic>
#include <cstdint>

struct rte_mbuf;
struct rte_mempool;
struct rte_mempool_cache;

namespace burstlab::engine {

constexpr uint32_t kMaxBurst = 512;

// What one TX lcore does in a step.
struct TxJob {
    uint16_t port = 0;
    uint16_t queue = 0; // also the signature's stream
    rte_mempool *pool = nullptr;
    const PacketTemplate *packet = nullptr;
    // Marks the mbufs that already hold this step's frame: unique per step.
    uint64_t generation = 0;
    uint32_t burst = 32;
    uint64_t clone = 0;
    uint32_t flows = 1;
    uint32_t firstFlow = 0;
    bool timestamp = false;
    uint64_t quota = kNoQuota; // packets for this lcore
    uint64_t startTsc = 0;
    uint64_t warmupEndTsc = 0; // the measured window starts after this
    uint64_t deadlineTsc = UINT64_MAX;
    double tscPerPkt = 0; // pacing, 0 = unlimited
    const std::atomic<bool> *stop = nullptr;
    LcoreCounters *counters = nullptr;
    ThreadUsage *usage = nullptr; // the thread's figures over the window
};

// The hot loop of one TX lcore. Per burst: get packets (fresh from the pool,
// or references to one prebuilt mbuf), one rte_eth_tx_burst(), and the
// counters stored once. Packets the driver did not take are offered again
// (a retry) while the step runs and freed when it ends, so a stop loses and
// leaks nothing. The lcore measures its own window (LcoreWindow) with the
// TSC reads it makes anyway, and what the kernel did to its thread over the
// window (ThreadUsage) with reads at the window's two edges only.
class TxWorker {
  public:
    explicit TxWorker(const TxJob &job) : m_job(job) {}

    // rte_eal_remote_launch entry point; arg is a TxWorker.
    static int launch(void *arg);
    int run();

  private:
    // Fills m_pkts[0..n) and returns how many it got (fewer on pool
    // exhaustion).
    [[gnu::always_inline]] uint32_t fill(uint32_t n, uint64_t tsc);
    [[gnu::always_inline]] uint32_t fillFresh(uint32_t n, uint64_t tsc);
    uint32_t fillClones(uint32_t n, uint64_t tsc);
    // Makes m the next packet of the stream: the frame is written whole only
    // the first time this step uses the buffer (prepare), then just stamped.
    void build(rte_mbuf *m, uint64_t tsc);
    // build() for m_pkts[0..n), with what to stamp decided at compile time.
    template <bool Timestamps, bool Flows> void buildFresh(uint32_t n, uint64_t tsc);
    [[gnu::noinline]] void prepare(rte_mbuf *m);
    void releaseAll(uint32_t offset, uint32_t pending);
    // Notes the thread's marks as the window opens; returns the TSC that
    // opens it, read after them so their cost stays out of the window.
    [[gnu::noinline, gnu::cold]] uint64_t openWindow();

    TxJob m_job;
    rte_mempool_cache *m_cache = nullptr; // this lcore's cache of the pool
    rte_mbuf *m_clone = nullptr;
    uint64_t m_cloneLeft = 0;
    uint32_t m_flow = 0;
    uint32_t m_seq = 0;
    uint64_t m_built = 0;
    rte_mbuf *m_pkts[kMaxBurst] = {};
};

} // namespace burstlab::engine
