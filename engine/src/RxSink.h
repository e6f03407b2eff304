#pragma once

#include <atomic>
#include <cstdint>

namespace burstlab::engine {

// Counts and frees what arrives on the sink port's RX queue 0. Polled either
// by a spare lcore (launch()) or by the main lcore between protocol polls.
class RxSink {
  public:
    explicit RxSink(uint16_t port) : m_port(port) {}

    // One rx_burst; returns the packets received.
    uint32_t poll();
    // Polls until nothing arrived for quietMs or maxMs passed.
    void drain(unsigned quietMs, unsigned maxMs);
    void resetCount() { m_rx.store(0, std::memory_order_relaxed); }
    uint64_t count() const { return m_rx.load(std::memory_order_relaxed); }

    // Lcore entry point: polls until stop is set.
    static int launch(void *arg);
    void setStopFlag(const std::atomic<bool> *stop) { m_stop = stop; }

  private:
    uint16_t m_port;
    std::atomic<uint64_t> m_rx{0};
    const std::atomic<bool> *m_stop = nullptr;
};

} // namespace burstlab::engine
