// burstlab-tx-floors [--burst N] [--ms N] [--lcore N] [--pkt-size N]: the
// floors under the engine's two ways of sending, measured in thread CPU time
// on this machine.
//
//   fresh       N raw mbufs taken from this lcore's cache of a pool shaped
//               as the engine's, handed to net_null's tx_burst (which frees
//               them back into the cache); their lengths are set once
//               beforehand and nothing is written per packet: what a fresh
//               packet costs at the least
//   lock        one locked decrement of a 16-bit word per packet, in a tight
//               loop: what freeing a clone costs at the least (the mbuf's
//               reference count is such a word)
//   driver      net_null's tx_burst of N references to one mbuf, the count
//               raised by N once per burst: the driver's free of each copy,
//               with nothing of the engine around it
//
// Prints one JSON line {"fresh_ns":..,"lock_ns":..,"driver_ns":..,"burst":..}
// on stdout
// for bench/engine_vs_testpmd.py. Runs DPDK on one lcore with --no-huge.
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

uint64_t threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ULL + static_cast<uint64_t>(t.tv_nsec);
}

// ns of CPU time per call of op(), over about ms milliseconds.
template <typename Op> double perOp(unsigned ms, uint64_t opsPerCall, Op op) {
    const uint64_t budget = uint64_t{ms} * 1000000;
    const uint64_t start = threadCpuNs();
    uint64_t calls = 0;
    uint64_t now = start;
    while (now - start < budget) {
        for (int i = 0; i < 1024; ++i) {
            op();
        }
        calls += 1024;
        now = threadCpuNs();
    }
    return static_cast<double>(now - start) / static_cast<double>(calls * opsPerCall);
}

int fail(const char *what) {
    std::fprintf(stderr, "burstlab-tx-floors: %s: %s\n", what, rte_strerror(rte_errno));
    return 1;
}

// The engine's TX pool for one queue of 512 descriptors at burst 512 and its
// lcore cache (engine/src/Engine.cpp): the same cache size, so the fresh
// floor recycles mbufs as the engine does.
constexpr unsigned kPoolCache = 256;
constexpr unsigned kPoolMbufs = 512 + 2 * 512 + kPoolCache * 3 / 2 + 1024;

void setLength(rte_mempool *, void *size, void *obj, unsigned) {
    auto *m = static_cast<rte_mbuf *>(obj);
    m->data_len = *static_cast<uint16_t *>(size);
    m->pkt_len = m->data_len;
}

} // namespace

int main(int argc, char **argv) {
    unsigned burst = 32;
    unsigned ms = 2000;
    std::string lcore = "1";
    unsigned pktSize = 64;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--burst")) {
            burst = static_cast<unsigned>(std::atoi(argv[i + 1]));
        } else if (!std::strcmp(argv[i], "--ms")) {
            ms = static_cast<unsigned>(std::atoi(argv[i + 1]));
        } else if (!std::strcmp(argv[i], "--lcore")) {
            lcore = argv[i + 1];
        } else if (!std::strcmp(argv[i], "--pkt-size")) {
            pktSize = static_cast<unsigned>(std::atoi(argv[i + 1]));
        }
    }
    if (burst < 1 || burst > 512) {
        std::fprintf(stderr, "burstlab-tx-floors: --burst must be in 1..512\n");
        return 2;
    }
    if (pktSize < 60 || pktSize > RTE_MBUF_DEFAULT_DATAROOM) {
        std::fprintf(stderr, "burstlab-tx-floors: --pkt-size must be in 60..%u\n",
                     RTE_MBUF_DEFAULT_DATAROOM);
        return 2;
    }
    const std::string prefix = "burstlab-floor-" + std::to_string(getpid());
    std::vector<std::string> args = {
        "burstlab-tx-floors", "-l",     lcore,       "--no-huge",     "-m",   "256",
        "--no-pci",           "--vdev", "net_null0", "--file-prefix", prefix, "--no-telemetry",
        "--log-level",        "error"};
    std::vector<char *> argvEal;
    for (std::string &a : args) {
        argvEal.push_back(a.data());
    }
    if (rte_eal_init(static_cast<int>(argvEal.size()), argvEal.data()) < 0) {
        return fail("rte_eal_init");
    }
    rte_mempool *pool =
        rte_pktmbuf_pool_create("floor", 1023, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
    uint16_t port = 0;
    rte_eth_conf conf{};
    if (!pool || rte_eth_dev_get_port_by_name("net_null0", &port) != 0 ||
        rte_eth_dev_configure(port, 0, 1, &conf) != 0 ||
        rte_eth_tx_queue_setup(port, 0, 512, SOCKET_ID_ANY, nullptr) != 0 ||
        rte_eth_dev_start(port) != 0) {
        return fail("setting up net_null0");
    }
    rte_mempool *fresh = rte_pktmbuf_pool_create("fresh", kPoolMbufs, kPoolCache, 0,
                                                 RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
    if (!fresh) {
        return fail("rte_pktmbuf_pool_create");
    }
    auto length = static_cast<uint16_t>(pktSize);
    rte_mempool_obj_iter(fresh, setLength, &length);
    rte_mempool_cache *cache = rte_mempool_default_cache(fresh, rte_lcore_id());
    std::vector<rte_mbuf *> pkts(burst);
    const double freshNs = perOp(ms, burst, [&] {
        if (rte_mempool_generic_get(fresh, reinterpret_cast<void **>(pkts.data()), burst, cache) ==
            0) {
            rte_eth_tx_burst(port, 0, pkts.data(), static_cast<uint16_t>(burst));
        }
    });

    rte_mbuf *m = rte_pktmbuf_alloc(pool);
    if (!m) {
        return fail("rte_pktmbuf_alloc");
    }

    // The word is the mbuf's own reference count, on its own cache line as in a clone.
    volatile uint16_t *word = &m->refcnt;
    const double lockNs = perOp(
        ms, 1, [word] { __atomic_sub_fetch(const_cast<uint16_t *>(word), 1, __ATOMIC_ACQ_REL); });
    rte_mbuf_refcnt_set(m, 1);

    std::fill(pkts.begin(), pkts.end(), m);
    const double driverNs = perOp(ms, burst, [&] {
        rte_mbuf_refcnt_update(m, static_cast<int16_t>(burst));
        for (unsigned i = 0; i < burst; ++i) {
            pkts[i] = m;
        }
        rte_eth_tx_burst(port, 0, pkts.data(), static_cast<uint16_t>(burst));
    });

    std::printf("{\"fresh_ns\":%.4f,\"lock_ns\":%.4f,\"driver_ns\":%.4f,\"burst\":%u}\n", freshNs,
                lockNs, driverNs, burst);
    std::fflush(stdout);
    rte_pktmbuf_free(m);
    rte_eth_dev_stop(port);
    rte_eth_dev_close(port);
    rte_eal_cleanup();
    return 0;
}
