/* LD_PRELOAD shim for Pktgen-DPDK, built by bench/pktgen_dpdk.py: every link
 * reads as up, full duplex, 400 Gb/s. Pktgen paces its TX lcore to the link
 * speed, and net_null reports 10G, which would cap it at 14.88 Mpps of 64-byte
 * frames; at 400G its pacing never holds a burst back, so its code runs
 * unchanged as fast as it can, as the engine does. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <rte_ethdev.h>

/* DPDK 22.11 has no constant for 400G; link_speed is in Mb/s. */
enum { LINK_SPEED_MBPS = 400000 };

typedef int link_get_fn(uint16_t port_id, struct rte_eth_link *link);

static int fast_link(const char *name, uint16_t port_id, struct rte_eth_link *link) {
    link_get_fn *real = (link_get_fn *)dlsym(RTLD_NEXT, name);
    int ret = real(port_id, link);
    if (ret == 0) {
        link->link_speed = LINK_SPEED_MBPS;
        link->link_duplex = RTE_ETH_LINK_FULL_DUPLEX;
        link->link_status = RTE_ETH_LINK_UP;
    }
    return ret;
}

int rte_eth_link_get(uint16_t port_id, struct rte_eth_link *link) {
    return fast_link("rte_eth_link_get", port_id, link);
}

int rte_eth_link_get_nowait(uint16_t port_id, struct rte_eth_link *link) {
    return fast_link("rte_eth_link_get_nowait", port_id, link);
}
