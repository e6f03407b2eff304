#pragma once
#include <QtGlobal>

namespace burstlab {

// Whether an engine message must carry a field. What a version-2 engine has
// always sent is required (a figure read with a silent default is how a wrong
// number gets stored); fields added since are optional, so an engine of the
// same protocol version without them still serves a sweep.
enum class FieldNeed { Required, Optional };

// The counters a TX lcore keeps and a step sums (docs/protocol.md, "stats"
// and "finished"), listed once under their protocol names: the stats
// samples (and the store's sample columns), the finished message and its
// per-lcore entries all use this list. An lcore's entry in older engines
// lacks some of them, so the caller says how much to insist.
struct TxCounters {
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    qint64 txCalls = 0;
    qint64 ringFull = 0;
    qint64 retries = 0;
    qint64 allocFail = 0;
    qint64 busyCycles = 0;
    qint64 mbufsBuilt = 0;

    template <typename S, typename F> static void fields(S &s, F &&f, FieldNeed need) {
        f("tx_pkts", s.txPkts, need);
        f("tx_bytes", s.txBytes, need);
        f("tx_calls", s.txCalls, need);
        f("ring_full", s.ringFull, need);
        f("retries", s.retries, need);
        f("alloc_fail", s.allocFail, need);
        f("busy_cycles", s.busyCycles, need);
        f("mbufs_built", s.mbufsBuilt, need);
    }
    bool operator==(const TxCounters &other) const = default;
};

} // namespace burstlab
