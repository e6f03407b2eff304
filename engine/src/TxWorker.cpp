#include "TxWorker.h"

#include <algorithm>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_pause.h>
#include <time.h>

namespace burstlab::engine {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;
constexpr double kMaxLagMs = 5.0;

// Single-writer counter update: a plain load and store, no locked instruction.
inline void bump(std::atomic<uint64_t> &counter, uint64_t &local, uint64_t by = 1) {
    local += by;
    counter.store(local, kRelaxed);
}

// CPU time of this thread: on a shared machine the kernel may time-slice a
// TX lcore, and packets per CPU second still show what the code costs.
uint64_t threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ULL + static_cast<uint64_t>(t.tv_nsec);
}

inline void setLength(rte_mbuf *m, uint16_t size) {
    m->data_len = size;
    m->pkt_len = size;
}

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
    // Without pacing or timestamps the clock is read about every 32 packets
    // rather than every burst: at burst 1 a TSC read (~27 cycles) would be a
    // large part of the cost being measured.
    const uint32_t checkEvery = (pacing || j.timestamp) ? 1 : std::max(1u, 32 / j.burst);
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

    for (;;) {
        if (j.stop->load(kRelaxed)) {
            break;
        }
        if (--untilCheck == 0) {
            untilCheck = checkEvery;
            now = rte_rdtsc();
            if (now >= j.deadlineTsc) {
                break;
            }
            c.busyCycles.store(now - j.startTsc - idle, kRelaxed);
        }
        if (pending == 0) {
            if (j.quota != 0 && txPkts >= j.quota) {
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
                nextSend =
                    std::max(nextSend, static_cast<double>(now) - maxLag) + j.tscPerPkt * j.burst;
            }
            uint32_t n = j.burst;
            if (j.quota != 0) {
                n = static_cast<uint32_t>(std::min<uint64_t>(n, j.quota - txPkts));
            }
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

    releaseAll(offset, pending);
    now = rte_rdtsc();
    c.busyCycles.store(now - j.startTsc - idle, kRelaxed);
    c.mbufsBuilt.store(m_built, kRelaxed);
    c.endTsc.store(now, kRelaxed);
    c.cpuNs.store(threadCpuNs() - cpuStart, kRelaxed);
    c.done.store(true, std::memory_order_release);
    return 0;
}

uint32_t TxWorker::fill(uint32_t n, uint64_t tsc) {
    const uint32_t got = m_job.clone == 0 ? fillFresh(n, tsc) : fillClones(n, tsc);
    m_job.counters->mbufsBuilt.store(m_built, kRelaxed);
    return got;
}

uint32_t TxWorker::fillFresh(uint32_t n, uint64_t tsc) {
    // Raw objects: the pool guarantees refcnt 1, one segment and no next
    // pointer, and only this engine's TX path uses the pool, so the handful
    // of fields set here is all a full rte_pktmbuf_reset() would change. It
    // keeps the mbuf's second cache line out of the build.
    if (rte_mempool_get_bulk(m_job.pool, reinterpret_cast<void **>(m_pkts), n) != 0) {
        return 0;
    }
    const PacketTemplate &t = *m_job.packet;
    for (uint32_t i = 0; i < n; ++i) {
        rte_mbuf *m = m_pkts[i];
        m->data_off = RTE_PKTMBUF_HEADROOM;
        m->ol_flags = 0;
        t.write(static_cast<uint8_t *>(m->buf_addr) + RTE_PKTMBUF_HEADROOM, m_flow, tsc);
        setLength(m, t.size());
        if (++m_flow == m_job.flows) {
            m_flow = 0;
        }
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
            m_clone = rte_pktmbuf_alloc(m_job.pool);
            if (m_clone == nullptr) {
                break;
            }
            m_job.packet->write(rte_pktmbuf_mtod(m_clone, uint8_t *), m_flow, tsc);
            setLength(m_clone, m_job.packet->size());
            if (++m_flow == m_job.flows) {
                m_flow = 0;
            }
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
