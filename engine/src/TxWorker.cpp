#include "TxWorker.h"

#include <algorithm>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_pause.h>

namespace burstlab::engine {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;
constexpr double kMaxLagMs = 5.0;

// Single-writer counter update: a plain load and store, no locked instruction.
inline void bump(std::atomic<uint64_t> &counter, uint64_t &local, uint64_t by = 1) {
    local += by;
    counter.store(local, kRelaxed);
}

// The TX pool is the engine's own and only its TX path uses it, so the
// mbuf's 8-byte hash field (never read on transmit) can say which step's
// frame the buffer holds. The pool zeroes it when it is created; steps
// count from 1.
static_assert(sizeof(rte_mbuf::hash) == sizeof(uint64_t));
inline uint64_t generationOf(const rte_mbuf *m) {
    uint64_t g;
    std::memcpy(&g, &m->hash, sizeof g);
    return g;
}

// Where a TX lcore's window stands: it opens at the first burst after the
// warm-up and closes with the last packet sent.
struct WindowMarks {
    uint64_t tsc = 0;
    uint64_t pkts = 0;
    uint64_t calls = 0;
};

} // namespace

int TxWorker::launch(void *arg) {
    return static_cast<TxWorker *>(arg)->run();
}

int TxWorker::run() {
    const uint64_t cpuStart = threadCpuNs();
    const TxJob &j = m_job;
    LcoreCounters &c = *j.counters;
    const uint16_t size = j.packet->size();
    const bool pacing = j.tscPerPkt > 0;
    // Without pacing or timestamps the clock is read about every 64 packets
    // (under a microsecond at full speed) rather than every burst: at small
    // bursts a TSC read (~27 cycles) would be a large part of the cost being
    // measured. The window's marks stay exact: packets and time are noted
    // at the same clock read.
    const uint32_t checkEvery = (pacing || j.timestamp) ? 1 : std::max(1u, 64 / j.burst);
    m_cache = rte_mempool_default_cache(j.pool, rte_lcore_id());
    // Pacing catches up at most kMaxLagMs of lag: enough to hold the rate
    // when the lcore's CPU is shared and it misses a few time slices, short
    // enough that a long stall never turns into a full-speed rush that
    // overruns a receiver.
    const double maxLag = static_cast<double>(rte_get_tsc_hz()) * kMaxLagMs / 1000.0;
    m_flow = j.firstFlow % j.flows;

    uint64_t txPkts = 0, calls = 0, ringFull = 0, retries = 0, allocFail = 0;
    uint64_t now = rte_rdtsc();
    uint64_t idle = 0;
    double nextSend = static_cast<double>(now);
    uint32_t untilCheck = 1;
    uint32_t offset = 0;
    uint32_t pending = 0;
    // One compare per clock read covers both the warm-up's end and the
    // deadline: the next of the two still ahead.
    uint64_t nextEvent = std::min(j.warmupEndTsc, j.deadlineTsc);
    bool inWindow = false;
    // A paced window opens at its first burst (not at the clock read before
    // the pacing wait) and closes where the last burst is sent, leaving that
    // burst out: n bursts then span n pacing intervals.
    bool openAtFill = false;
    WindowMarks start;
    WindowMarks lastFill;

    for (;;) {
        if (j.stop->load(kRelaxed)) {
            break;
        }
        if (--untilCheck == 0) {
            untilCheck = checkEvery;
            now = rte_rdtsc();
            if (now >= nextEvent) {
                if (now >= j.deadlineTsc) {
                    break;
                }
                inWindow = true;
                openAtFill = pacing;
                if (!pacing) {
                    now = openWindow();
                }
                start = {now, txPkts, calls};
                nextEvent = j.deadlineTsc;
            }
            c.busyCycles.store(now - j.startTsc - idle, kRelaxed);
        }
        if (pending == 0) {
            if (txPkts >= j.quota) {
                break;
            }
            if (pacing) {
                if (static_cast<double>(now) < nextSend) {
                    const uint64_t until = std::min(static_cast<uint64_t>(nextSend), j.deadlineTsc);
                    const uint64_t waitStart = now;
                    while (now < until && !j.stop->load(kRelaxed)) {
                        rte_pause();
                        now = rte_rdtsc();
                    }
                    idle += now - waitStart;
                    continue;
                }
                if (openAtFill) {
                    now = openWindow();
                }
                nextSend =
                    std::max(nextSend, static_cast<double>(now) - maxLag) + j.tscPerPkt * j.burst;
                lastFill = {now, txPkts, calls};
                if (openAtFill) {
                    start = lastFill;
                    openAtFill = false;
                }
            }
            const auto n = static_cast<uint32_t>(std::min<uint64_t>(j.burst, j.quota - txPkts));
            pending = fill(n, now);
            offset = 0;
            if (pending < n) {
                bump(c.allocFail, allocFail);
                if (pending == 0) {
                    continue;
                }
            }
        } else {
            bump(c.retries, retries);
        }
        const uint16_t sent =
            rte_eth_tx_burst(j.port, j.queue, m_pkts + offset, static_cast<uint16_t>(pending));
        bump(c.txCalls, calls);
        if (sent != 0) {
            if (txPkts == 0) {
                c.firstTxTsc.store(rte_rdtsc(), kRelaxed);
            }
            bump(c.txPkts, txPkts, sent);
            c.txBytes.store(txPkts * size, kRelaxed);
        }
        auto &bucket = c.burstHist[burstBucket(sent)];
        bucket.store(bucket.load(kRelaxed) + 1, kRelaxed);
        if (sent < pending) {
            bump(c.ringFull, ringFull);
        }
        offset += sent;
        pending -= sent;
    }

    // Right after the last tx_burst: the end of an unpaced window.
    const uint64_t loopEnd = rte_rdtsc();
    const WindowMarks end = pacing ? lastFill : WindowMarks{loopEnd, txPkts, calls};
    if (j.usage->measured) {
        j.usage->endTsc = loopEnd;
        j.usage->end = ThreadMarks::close(j.usage->start.cpu);
    }
    if (inWindow && !openAtFill && end.pkts > start.pkts) {
        c.windowStartTsc.store(start.tsc, kRelaxed);
        c.windowEndTsc.store(end.tsc, kRelaxed);
        c.windowPkts.store(end.pkts - start.pkts, kRelaxed);
        c.windowCalls.store(end.calls - start.calls, kRelaxed);
    }
    releaseAll(offset, pending);
    now = rte_rdtsc();
    c.busyCycles.store(now - j.startTsc - idle, kRelaxed);
    c.mbufsBuilt.store(m_built, kRelaxed);
    c.endTsc.store(now, kRelaxed);
    c.cpuNs.store(threadCpuNs() - cpuStart, kRelaxed);
    c.done.store(true, std::memory_order_release);
    return 0;
}

uint64_t TxWorker::openWindow() {
    ThreadUsage &u = *m_job.usage;
    u.start = ThreadMarks::open();
    u.measured = true;
    u.startTsc = rte_rdtsc();
    return u.startTsc;
}

inline uint32_t TxWorker::fill(uint32_t n, uint64_t tsc) {
    const uint32_t got = m_job.clone == 0 ? fillFresh(n, tsc) : fillClones(n, tsc);
    m_job.counters->mbufsBuilt.store(m_built, kRelaxed);
    return got;
}

void TxWorker::prepare(rte_mbuf *m) {
    // Raw objects: the pool guarantees refcnt 1, one segment and no next
    // pointer, so these fields are all a full rte_pktmbuf_reset() would
    // change for us; it would also touch the mbuf's second cache line.
    const PacketTemplate &t = *m_job.packet;
    m->data_off = RTE_PKTMBUF_HEADROOM;
    m->ol_flags = 0;
    m->data_len = t.size();
    m->pkt_len = t.size();
    t.copyTo(rte_pktmbuf_mtod(m, uint8_t *));
    std::memcpy(&m->hash, &m_job.generation, sizeof m_job.generation);
}

void TxWorker::build(rte_mbuf *m, uint64_t tsc) {
    if (generationOf(m) != m_job.generation) {
        prepare(m);
    }
    m_job.packet->stamp(rte_pktmbuf_mtod(m, uint8_t *), static_cast<uint8_t>(m_job.queue), m_seq++,
                        m_flow, tsc);
    if (++m_flow == m_job.flows) {
        m_flow = 0;
    }
}

template <bool Timestamps, bool Flows> void TxWorker::buildFresh(uint32_t n, uint64_t tsc) {
    // Everything the loop needs in locals: stores into packet data could
    // alias members, which would make the compiler reload them per packet.
    const PacketTemplate &t = *m_job.packet;
    const uint64_t generation = m_job.generation;
    const uint64_t tagBase = t.tagBase(static_cast<uint8_t>(m_job.queue));
    const uint32_t flows = m_job.flows;
    uint32_t seq = m_seq;
    uint32_t flow = m_flow;
    for (uint32_t i = 0; i < n; ++i) {
        rte_mbuf *m = m_pkts[i];
        if (generationOf(m) != generation) [[unlikely]] {
            prepare(m);
        }
        uint8_t *data = rte_pktmbuf_mtod(m, uint8_t *);
        t.stampSeq(data, tagBase, seq++);
        if constexpr (Timestamps) {
            t.stampTsc(data, tsc);
        }
        if constexpr (Flows) {
            t.stampFlow(data, flow);
            if (++flow == flows) {
                flow = 0;
            }
        }
    }
    m_seq = seq;
    m_flow = flow;
}

inline uint32_t TxWorker::fillFresh(uint32_t n, uint64_t tsc) {
    if (rte_mempool_generic_get(m_job.pool, reinterpret_cast<void **>(m_pkts), n, m_cache) != 0) {
        return 0;
    }
    const PacketTemplate &t = *m_job.packet;
    if (t.flows() > 1) {
        t.timestamps() ? buildFresh<true, true>(n, tsc) : buildFresh<false, true>(n, tsc);
    } else {
        t.timestamps() ? buildFresh<true, false>(n, tsc) : buildFresh<false, false>(n, tsc);
    }
    m_built += n;
    return n;
}

uint32_t TxWorker::fillClones(uint32_t n, uint64_t tsc) {
    uint32_t filled = 0;
    while (filled < n) {
        if (m_cloneLeft == 0) {
            // Drop our own reference: the mbuf goes back to the pool once the
            // driver has released the copies it still holds.
            rte_pktmbuf_free(m_clone);
            m_clone = nullptr;
            if (rte_mempool_get(m_job.pool, reinterpret_cast<void **>(&m_clone)) != 0) {
                m_clone = nullptr;
                break;
            }
            build(m_clone, tsc);
            ++m_built;
            m_cloneLeft = m_job.clone;
        }
        const auto k = static_cast<uint32_t>(std::min<uint64_t>(n - filled, m_cloneLeft));
        rte_mbuf_refcnt_update(m_clone, static_cast<int16_t>(k));
        std::fill_n(m_pkts + filled, k, m_clone);
        filled += k;
        m_cloneLeft -= k;
    }
    return filled;
}

void TxWorker::releaseAll(uint32_t offset, uint32_t pending) {
    if (pending != 0) {
        rte_pktmbuf_free_bulk(m_pkts + offset, pending);
    }
    rte_pktmbuf_free(m_clone);
    m_clone = nullptr;
    m_cloneLeft = 0;
}

} // namespace burstlab::engine
