#pragma once

#include <cstdint>
#include <string>

struct rte_mempool;

namespace burstlab::engine {

// An mbuf pool with the default buffer size (the same as dpdk-testpmd's, so
// comparisons copy the same memory); freed on destruction.
class MbufPool {
  public:
    MbufPool() = default;
    MbufPool(const MbufPool &) = delete;
    MbufPool &operator=(const MbufPool &) = delete;
    ~MbufPool();

    // Returns an error text or an empty string.
    std::string create(const std::string &name, uint32_t mbufs, uint32_t cacheSize, int socket);
    void reset();

    rte_mempool *get() const { return m_pool; }
    uint32_t size() const { return m_size; }
    // Objects taken from the pool and not yet returned (0 = nothing leaked).
    uint32_t inUse() const;

  private:
    rte_mempool *m_pool = nullptr;
    uint32_t m_size = 0;
};

} // namespace burstlab::engine
