#include "MbufPool.h"

#include <rte_errno.h>
#include <rte_mbuf.h>

namespace burstlab::engine {

MbufPool::~MbufPool() {
    reset();
}

std::string MbufPool::create(const std::string &name, uint32_t mbufs, uint32_t cacheSize,
                             int socket) {
    reset();
    m_pool = rte_pktmbuf_pool_create(name.c_str(), mbufs, cacheSize, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
                                     socket);
    if (!m_pool) {
        return "rte_pktmbuf_pool_create(" + std::to_string(mbufs) +
               " mbufs) failed: " + rte_strerror(rte_errno);
    }
    m_size = mbufs;
    return {};
}

void MbufPool::reset() {
    if (m_pool) {
        rte_mempool_free(m_pool);
        m_pool = nullptr;
        m_size = 0;
    }
}

uint32_t MbufPool::inUse() const {
    return m_pool ? rte_mempool_in_use_count(m_pool) : 0;
}

} // namespace burstlab::engine
