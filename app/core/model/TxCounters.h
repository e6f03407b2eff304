#pragma once
#include "model/FieldNeed.h"
#include <QtGlobal>
#include <optional>

namespace burstlab {

// The counters a TX lcore keeps and a step sums (docs/protocol.md, "stats"
// and "finished"), listed once under their protocol names: the stats
// samples (and the store's sample columns), the finished message and its
// per-lcore entries all use this list. An lcore's entry in older engines
// lacks some of them, so the caller says how much to insist.
struct TxCounters {
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    // DPDK's transmit path only (FieldNeed::DpdkOnly): empty from an engine
    // that does not measure them.
    std::optional<qint64> txCalls;
    std::optional<qint64> ringFull;
    std::optional<qint64> retries;
    std::optional<qint64> allocFail;
    std::optional<qint64> busyCycles;
    std::optional<qint64> mbufsBuilt;

    template <typename S, typename F> static void fields(S &s, F &&f, FieldNeed need) {
        // As much insisted on as the rest, from an engine that measures them.
        const FieldNeed dpdk = need == FieldNeed::Required ? FieldNeed::DpdkOnly : need;
        f("tx_pkts", s.txPkts, need);
        f("tx_bytes", s.txBytes, need);
        f("tx_calls", s.txCalls, dpdk);
        f("ring_full", s.ringFull, dpdk);
        f("retries", s.retries, dpdk);
        f("alloc_fail", s.allocFail, dpdk);
        f("busy_cycles", s.busyCycles, dpdk);
        f("mbufs_built", s.mbufsBuilt, dpdk);
    }
    bool operator==(const TxCounters &other) const = default;
};

} // namespace burstlab
