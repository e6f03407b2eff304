#include "TxWorker.h"

#include "Pacer.h"
#include "TxWindow.h"

#include <algorithm>
#include <array>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_pause.h>

namespace burstlab::engine {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// References a clone gets at once: what an int16_t update can add, with room
// in the 16-bit count for the copies the driver still holds.
constexpr uint64_t kRefsAtOnce = 16384;

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

// Calls f.operator()<b...>() with the run-time flags b as template
// arguments: one loop per combination, no test of them per packet.
template <bool... Known, typename F> inline void withFlags(F &&f) {
    f.template operator()<Known...>();
}
template <bool... Known, typename F, typename... Bools>
inline void withFlags(F &&f, bool next, Bools... rest) {
    next ? withFlags<Known..., true>(f, rest...) : withFlags<Known..., false>(f, rest...);
}

// Raw objects: the pool guarantees refcnt 1, one segment and no next
// pointer, so these fields are all a full rte_pktmbuf_reset() would change
// for us; it would also touch the mbuf's second cache line.
void writeFrame(rte_mbuf *m, const PacketTemplate &t, uint64_t generation) {
    m->data_off = RTE_PKTMBUF_HEADROOM;
    m->ol_flags = 0;
    m->data_len = t.size();
    m->pkt_len = t.size();
    t.copyTo(rte_pktmbuf_mtod(m, uint8_t *));
    std::memcpy(&m->hash, &generation, sizeof generation);
}

} // namespace

int TxWorker::launch(void *arg) {
    return static_cast<TxWorker *>(arg)->run();
}

int TxWorker::run() {
    const uint64_t cpuStart = threadCpuNs();
    m_cache = rte_mempool_default_cache(m_job.pool, rte_lcore_id());
    m_flow = m_job.firstFlow % m_job.packet->flows();
    // The step's choices picked once: each burst then makes one predicted
    // call instead of testing them, or none where a packet needs nothing
    // checked or stamped (frames written before the step, net_null alone).
    withFlags(
        [this]<bool... Flags>() {
            if constexpr ((Flags || ...)) {
                m_build = &TxWorker::buildAs<Flags...>;
            }
        },
        !m_job.framesWritten, m_job.signature, m_job.packet->timestamps(),
        m_job.packet->flows() > 1);
    const InHand inHand = m_job.pacePkts != 0 ? sendLoop<true>() : sendLoop<false>();
    release(inHand);
    LcoreCounters &c = *m_job.counters;
    c.mbufsBuilt.store(m_built, kRelaxed);
    c.endTsc.store(rte_rdtsc(), kRelaxed);
    c.cpuNs.store(threadCpuNs() - cpuStart, kRelaxed);
    c.done.store(true, std::memory_order_release);
    return 0;
}

template <bool Paced> TxWorker::InHand TxWorker::sendLoop() {
    const TxJob &j = m_job;
    LcoreCounters &c = *j.counters;
    const uint16_t size = j.packet->size();
    // In locals: the counters' stores could alias the job, which would make
    // the compiler reload it every burst.
    const uint16_t port = j.port;
    const uint16_t queue = j.queue;
    const std::atomic<bool> &stop = *j.stop;
    // Without pacing or timestamps the clock is read about every 64 packets
    // (under a microsecond at full speed) rather than every burst: at small
    // bursts a TSC read (~27 cycles) would be a large part of the cost being
    // measured. The window's marks stay exact: packets and time are noted
    // at the same clock read.
    const uint32_t checkEvery = (Paced || j.packet->timestamps()) ? 1 : std::max(1u, 64 / j.burst);
    Pacer pacer(j.paceCycles, j.pacePkts, j.burst, j.maxLagCycles);
    TxWindow window(*j.usage, Paced);

    uint64_t txPkts = 0, calls = 0, ringFull = 0, retries = 0, allocFail = 0;
    std::array<uint64_t, kBurstBuckets> hist{};
    uint64_t now = rte_rdtsc();
    uint64_t idle = 0; // pacing waits
    // The counters the main lcore samples are written at each clock read and
    // at the end, not per burst: a sample lags by at most checkEvery bursts
    // (under a microsecond), and a burst of one is spared a dozen stores.
    // Plain stores of the lcore's own figures, no locked instruction.
    const auto publish = [&](uint64_t at) {
        c.txPkts.store(txPkts, kRelaxed);
        c.txBytes.store(txPkts * size, kRelaxed);
        c.txCalls.store(calls, kRelaxed);
        c.ringFull.store(ringFull, kRelaxed);
        c.retries.store(retries, kRelaxed);
        c.allocFail.store(allocFail, kRelaxed);
        c.mbufsBuilt.store(m_built, kRelaxed);
        c.busyCycles.store(at - j.startTsc - idle, kRelaxed);
        for (size_t b = 0; b < kBurstBuckets; ++b) {
            c.burstHist[b].store(hist[b], kRelaxed);
        }
    };
    uint32_t untilCheck = 1;
    InHand hand;
    // One compare per clock read covers both the warm-up's end and the
    // deadline: the next of the two still ahead.
    uint64_t nextEvent = std::min(j.warmupEndTsc, j.deadlineTsc);

    for (;;) {
        if (stop.load(kRelaxed)) {
            break;
        }
        if (--untilCheck == 0) {
            untilCheck = checkEvery;
            now = rte_rdtsc();
            if (now >= nextEvent) [[unlikely]] {
                if (now >= j.deadlineTsc) {
                    break;
                }
                now = window.warmupOver({now, txPkts, calls});
                nextEvent = j.deadlineTsc;
            }
            publish(now);
        }
        if (hand.pending == 0) {
            if (txPkts >= j.quota) {
                break;
            }
            const auto n = static_cast<uint32_t>(std::min<uint64_t>(j.burst, j.quota - txPkts));
            if constexpr (Paced) {
                const uint64_t due = j.startTsc + pacer.due();
                if (now < due) {
                    const uint64_t until = std::min(due, j.deadlineTsc);
                    const uint64_t waitStart = now;
                    while (now < until && !stop.load(kRelaxed)) {
                        rte_pause();
                        now = rte_rdtsc();
                    }
                    idle += now - waitStart;
                    continue;
                }
                now = window.pacedBurst({now, txPkts, calls});
                pacer.sent(now - j.startTsc, n);
            }
            hand = {0, fill(n, now)};
            if (hand.pending < n) {
                ++allocFail;
                if (hand.pending == 0) {
                    continue;
                }
            }
        } else {
            ++retries;
        }
        const uint16_t sent = rte_eth_tx_burst(port, queue, m_pkts + hand.offset,
                                               static_cast<uint16_t>(hand.pending));
        ++calls;
        if (sent != 0) [[likely]] {
            if (txPkts == 0) [[unlikely]] {
                c.firstTxTsc.store(rte_rdtsc(), kRelaxed);
            }
            txPkts += sent;
        }
        ++hist[burstBucket(sent)];
        if (sent < hand.pending) {
            ++ringFull;
        }
        hand.offset += sent;
        hand.pending -= sent;
    }

    // Right after the last tx_burst: the end of an unpaced window.
    const uint64_t loopEnd = rte_rdtsc();
    publish(loopEnd);
    window.close({loopEnd, txPkts, calls}, c);
    return hand;
}

inline uint32_t TxWorker::fill(uint32_t n, uint64_t tsc) {
    return m_job.sendsPerMbuf == 1 ? fillFresh(n, tsc) : fillClones(n, tsc);
}

void TxWorker::prepare(rte_mbuf *m) {
    writeFrame(m, *m_job.packet, m_job.generation);
}

bool TxWorker::writeFrames(rte_mempool *pool, const PacketTemplate &packet, uint64_t generation) {
    if (rte_mempool_in_use_count(pool) != 0) {
        return false;
    }
    struct Frame {
        const PacketTemplate &packet;
        uint64_t generation;
    } frame{packet, generation};
    rte_mempool_obj_iter(
        pool,
        [](rte_mempool *, void *arg, void *obj, unsigned) {
            const auto &f = *static_cast<const Frame *>(arg);
            writeFrame(static_cast<rte_mbuf *>(obj), f.packet, f.generation);
        },
        &frame);
    return true;
}

template <bool Check, bool Signature, bool Timestamps, bool Flows>
void TxWorker::buildAs(rte_mbuf *const *mbufs, uint32_t n, uint64_t tsc) {
    // Everything the loop needs in locals: stores into packet data could
    // alias members, which would make the compiler reload them per packet.
    const PacketTemplate &t = *m_job.packet;
    const uint64_t generation = m_job.generation;
    const uint64_t tagBase = t.tagBase(static_cast<uint8_t>(m_job.queue));
    const uint32_t flows = t.flows();
    uint32_t seq = m_seq;
    uint32_t flow = m_flow;
    for (uint32_t i = 0; i < n; ++i) {
        rte_mbuf *m = mbufs[i];
        if (Check && generationOf(m) != generation) [[unlikely]] {
            prepare(m);
        }
        uint8_t *data = rte_pktmbuf_mtod(m, uint8_t *);
        if constexpr (Signature) {
            t.stampSeq(data, tagBase, seq++);
        }
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

inline void TxWorker::build(rte_mbuf *const *mbufs, uint32_t n, uint64_t tsc) {
    if (m_build) {
        (this->*m_build)(mbufs, n, tsc);
    }
    m_built += n;
}

inline uint32_t TxWorker::fillFresh(uint32_t n, uint64_t tsc) {
    if (rte_mempool_generic_get(m_job.pool, reinterpret_cast<void **>(m_pkts), n, m_cache) != 0) {
        return 0;
    }
    build(m_pkts, n, tsc);
    return n;
}

inline uint32_t TxWorker::fillClones(uint32_t n, uint64_t tsc) {
    // Most bursts of a long clone: copies of the mbuf in hand, which keeps
    // references for more (so it is not done after them).
    if (n < m_cloneRefs) [[likely]] {
        std::fill_n(m_pkts, n, m_clone);
        m_cloneRefs -= n;
        m_cloneLeft -= n;
        return n;
    }
    return fillClonesAcross(n, tsc);
}

uint32_t TxWorker::fillClonesAcross(uint32_t n, uint64_t tsc) {
    uint32_t filled = handOutClone(m_pkts, n);
    if (filled == n) {
        return n;
    }
    // The rest from new mbufs, built as fresh packets are, each sent
    // sendsPerMbuf times (the last one's sends may reach into later bursts).
    const uint64_t per = m_job.sendsPerMbuf;
    const auto fresh = static_cast<uint32_t>((n - filled + per - 1) / per);
    if (rte_mempool_generic_get(m_job.pool, reinterpret_cast<void **>(m_fresh), fresh, m_cache) !=
        0) {
        return filled;
    }
    build(m_fresh, fresh, tsc);
    for (uint32_t i = 0; i < fresh; ++i) {
        startClone(m_fresh[i]);
        filled += handOutClone(m_pkts + filled, n - filled);
    }
    return filled;
}

void TxWorker::startClone(rte_mbuf *m) {
    // Nobody else holds m yet: its reference count is set with a plain
    // store, one reference per send the driver's free will drop. A clone
    // longer than the 16-bit count allows gets them in parts and keeps a
    // reference of its own meanwhile, so m stays ours between the parts.
    const uint64_t sends = m_job.sendsPerMbuf;
    m_clone = m;
    m_cloneLeft = sends;
    m_cloneRefs = std::min(sends, kRefsAtOnce);
    m_cloneOwnRef = sends > kRefsAtOnce;
    rte_mbuf_refcnt_set(m, static_cast<uint16_t>(m_cloneRefs + m_cloneOwnRef));
}

uint32_t TxWorker::handOutClone(rte_mbuf **out, uint32_t room) {
    uint32_t given = 0;
    while (given < room && m_cloneLeft != 0) {
        if (m_cloneRefs == 0) {
            m_cloneRefs = std::min(m_cloneLeft, kRefsAtOnce);
            rte_mbuf_refcnt_update(m_clone, static_cast<int16_t>(m_cloneRefs));
        }
        const auto k = static_cast<uint32_t>(std::min<uint64_t>(room - given, m_cloneRefs));
        std::fill_n(out + given, k, m_clone);
        given += k;
        m_cloneRefs -= k;
        m_cloneLeft -= k;
    }
    if (m_clone && m_cloneLeft == 0) {
        if (m_cloneOwnRef) {
            rte_pktmbuf_free(m_clone);
        }
        m_clone = nullptr;
    }
    return given;
}

void TxWorker::release(InHand hand) {
    if (hand.pending != 0) {
        rte_pktmbuf_free_bulk(m_pkts + hand.offset, hand.pending);
    }
    if (m_clone) {
        // The references not handed out, the own one included: all but one
        // dropped at once, the last by a free that returns m to the pool
        // once the driver has released its copies.
        const uint64_t ours = m_cloneRefs + m_cloneOwnRef;
        if (ours > 1) {
            rte_mbuf_refcnt_update(m_clone, static_cast<int16_t>(-static_cast<int64_t>(ours - 1)));
        }
        rte_pktmbuf_free(m_clone);
        m_clone = nullptr;
        m_cloneLeft = 0;
    }
}

} // namespace burstlab::engine
