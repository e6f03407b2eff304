#include "RxSink.h"

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

namespace burstlab::engine {

uint32_t RxSink::poll() {
    constexpr uint16_t kBurst = 64;
    rte_mbuf *pkts[kBurst];
    const uint16_t n = rte_eth_rx_burst(m_port, 0, pkts, kBurst);
    if (n == 0) {
        return 0;
    }
    // One clock read per burst: latency is measured to the poll that found
    // the packet.
    const uint64_t now = rte_rdtsc();
    for (uint16_t i = 0; i < n; ++i) {
        // Only the first segment is read: the signature lies in the first 60 bytes.
        m_classifier.classify(rte_pktmbuf_mtod(pkts[i], const uint8_t *), pkts[i]->data_len, now);
    }
    rte_pktmbuf_free_bulk(pkts, n);
    m_ours.store(m_classifier.counts().ours, std::memory_order_relaxed);
    return n;
}

void RxSink::drain(unsigned quietMs, unsigned maxMs) {
    const uint64_t hz = m_tscHz;
    const uint64_t start = rte_rdtsc();
    uint64_t lastRx = start;
    // The quiet time is judged only after a poll that found nothing: a lcore
    // that was not scheduled for longer still counts what waited in the ring.
    for (;;) {
        const uint32_t got = poll();
        const uint64_t now = rte_rdtsc();
        if (got != 0) {
            lastRx = now;
        } else if (now - lastRx >= hz * quietMs / 1000) {
            return;
        }
        if (now - start >= hz * maxMs / 1000) {
            return;
        }
    }
}

void RxSink::begin(const SinkClassifier::Setup &setup) {
    m_classifier.begin(setup);
    m_ours.store(0, std::memory_order_relaxed);
}

int RxSink::launch(void *arg) {
    auto *self = static_cast<RxSink *>(arg);
    while (!self->m_stop->load(std::memory_order_relaxed)) {
        self->poll();
    }
    return 0;
}

} // namespace burstlab::engine
