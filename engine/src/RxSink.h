#pragma once

#include "SinkClassifier.h"

#include <atomic>
#include <cstdint>

namespace burstlab::engine {

// Classifies (SinkClassifier) and frees what arrives on the sink port's RX
// queue 0. Polled either by a spare lcore (launch()) or by the main lcore
// between protocol polls.
class RxSink {
  public:
    // tscHz: the engine's TSC rate, for the drain's quiet time.
    RxSink(uint16_t port, uint64_t tscHz) : m_port(port), m_tscHz(tscHz) {}

    // One rx_burst; returns the packets received.
    uint32_t poll();
    // Polls until a poll finds nothing and nothing arrived for quietMs (0:
    // until the ring is empty), or maxMs passed.
    void drain(unsigned quietMs, unsigned maxMs);
    // Counts for a new step from now on; call while no lcore polls.
    void begin(const SinkClassifier::Setup &setup);
    // This step's packets so far (rx_pkts), readable while another lcore polls.
    uint64_t ours() const { return m_ours.load(std::memory_order_relaxed); }
    // Everything counted, once no lcore polls any more.
    const SinkClassifier &classifier() const { return m_classifier; }

    // Lcore entry point: polls until stop is set.
    static int launch(void *arg);
    void setStopFlag(const std::atomic<bool> *stop) { m_stop = stop; }

  private:
    uint16_t m_port;
    uint64_t m_tscHz;
    SinkClassifier m_classifier;
    std::atomic<uint64_t> m_ours{0};
    const std::atomic<bool> *m_stop = nullptr;
};

} // namespace burstlab::engine
