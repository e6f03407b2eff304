#pragma once

#include "LcoreCounters.h"
#include "PacketTemplate.h"
#include "Quota.h"
#include "StepParams.h"
#include "ThreadUsage.h"

#include <atomic>
#include <cstdint>

struct rte_mbuf;
struct rte_mempool;
struct rte_mempool_cache;

namespace burstlab::engine {

// The largest burst the DPDK engine sends (pktgen takes more): the size of
// every TX worker's send array.
constexpr uint32_t kMaxBurst =
    static_cast<uint32_t>(protocol::dpdkLimitOf(protocol::parameter("burst")).hi);

// What one TX lcore does in a step. The frame, its flows and whether it
// carries timestamps are the packet template's.
struct TxJob {
    uint16_t port = 0;
    uint16_t queue = 0; // also the signature's stream
    rte_mempool *pool = nullptr;
    const PacketTemplate *packet = nullptr;
    // Marks the mbufs that already hold this step's frame: unique per step.
    uint64_t generation = 0;
    uint32_t burst = 1;        // the step's (StepParams)
    uint64_t sendsPerMbuf = 1; // the step's clone, 0 counting as 1
    // Whether packets carry the signature's stream and sequence number: only
    // where something can read them (Engine::signatureOn).
    bool signature = true;
    // Whether every mbuf of the pool holds this step's frame already
    // (TxWorker::writeFrames before launch), so none is checked per packet.
    bool framesWritten = false;
    uint32_t firstFlow = 0;
    uint64_t quota = kNoQuota; // packets for this lcore
    // TSC cycles, all from the engine's one calibrated rate (TscRate).
    uint64_t startTsc = 0;
    uint64_t warmupEndTsc = 0; // the measured window starts after this
    uint64_t deadlineTsc = UINT64_MAX;
    // Pacing: paceCycles TSC cycles per pacePkts packets; pacePkts 0 = unpaced.
    uint64_t paceCycles = 0;
    uint64_t pacePkts = 0;
    uint64_t maxLagCycles = 0; // the most lag pacing catches up
    const std::atomic<bool> *stop = nullptr;
    LcoreCounters *counters = nullptr;
    ThreadUsage *usage = nullptr; // the thread's figures over the window
};

// The send loop of one TX lcore, the way dpdk-testpmd's txonly sends: per
// burst, take packets (fresh mbufs from the pool, built once per step and
// then only stamped; with clone N each of them N times) and one
// rte_eth_tx_burst(); the counters are kept in locals and published at
// each clock read. Packets the driver did
// not take are offered again (a retry) while the step runs and freed when it
// ends, so a stop loses and leaks nothing. Pacing (Pacer) and the measured
// window (TxWindow) use the TSC reads the loop makes anyway.
class TxWorker {
  public:
    explicit TxWorker(const TxJob &job) : m_job(job) {}

    // rte_eal_remote_launch entry point; arg is a TxWorker.
    static int launch(void *arg);
    // Writes the frame of packet, marked generation, into every mbuf of pool
    // if none is in use (none can be read or sent meanwhile); returns
    // whether it did. A driver still holding mbufs of an earlier step
    // returns them later with that step's frame: those are written when
    // taken (prepare).
    static bool writeFrames(rte_mempool *pool, const PacketTemplate &packet, uint64_t generation);
    int run();

  private:
    // Runs until the deadline, the quota or a stop; returns the packets in
    // hand, m_pkts[offset, offset + pending), for release().
    struct InHand {
        uint32_t offset = 0;
        uint32_t pending = 0;
    };
    template <bool Paced> InHand sendLoop();

    // Fills m_pkts[0..n) and returns how many it got (fewer on pool
    // exhaustion).
    [[gnu::always_inline]] uint32_t fill(uint32_t n, uint64_t tsc);
    [[gnu::always_inline]] uint32_t fillFresh(uint32_t n, uint64_t tsc);
    [[gnu::always_inline]] uint32_t fillClones(uint32_t n, uint64_t tsc);
    // fillClones() where the mbuf in hand ends or more references are due.
    [[gnu::noinline]] uint32_t fillClonesAcross(uint32_t n, uint64_t tsc);
    // Makes mbufs[0..n) the stream's next packets: the frame is written whole
    // only the first time this step uses a buffer (prepare), then stamped.
    [[gnu::always_inline]] void build(rte_mbuf *const *mbufs, uint32_t n, uint64_t tsc);
    template <bool Check, bool Signature, bool Timestamps, bool Flows>
    void buildAs(rte_mbuf *const *mbufs, uint32_t n, uint64_t tsc);
    [[gnu::noinline]] void prepare(rte_mbuf *m);
    // The clone in hand: its sends and references (see startClone).
    void startClone(rte_mbuf *m);
    uint32_t handOutClone(rte_mbuf **out, uint32_t room);
    void release(InHand inHand);

    TxJob m_job;
    rte_mempool_cache *m_cache = nullptr; // this lcore's cache of the pool
    // The buildAs of the step's stamps, picked once.
    void (TxWorker::*m_build)(rte_mbuf *const *, uint32_t, uint64_t) = nullptr;
    rte_mbuf *m_clone = nullptr;
    uint64_t m_cloneLeft = 0; // sends of m_clone still to come
    uint64_t m_cloneRefs = 0; // references of m_clone not handed out yet
    bool m_cloneOwnRef = false;
    uint32_t m_flow = 0;
    uint32_t m_seq = 0;
    uint64_t m_built = 0;
    rte_mbuf *m_pkts[kMaxBurst] = {};
    // New mbufs of a clone burst: at most one per two packets.
    rte_mbuf *m_fresh[kMaxBurst / 2] = {};
};

} // namespace burstlab::engine
