#pragma once
#include "model/Run.h"
#include "stats/PointStats.h"
#include <QString>
#include <QStringList>

namespace burstlab {

// What a run was measured on and with, in words, for every text output
// (netdev posts, `show`), so they all say the same.
struct RunSetup {
    // "main lcore 0, TX lcore 1" from the engine's hello; empty without one.
    static QString lcores(const Run &run);
    // "1 queue, tx_desc 1024": the values of the parameters not swept.
    static QString queues(const Run &run);
    // "pkt_size=1514 clone=64": the fixed step parameters that differ from
    // the engine's defaults; for an import, what the source gave.
    static QString fixed(const Run &run);
    // "3 reps x 200 ms (warm-up 40 ms), random order (seed 7)"; for an
    // import only what its source recorded.
    static QString measurement(const Run &run);
    // "line rate 14880952 pps (10G, 60 B frames = 84 B on the wire)", one
    // per frame size; or "line rate not checked: net_null0 (net_null) has no
    // wire; give a link speed (--link-speed)".
    static QStringList lineRate(const Run &run, const QList<PointStats> &stats);
    // Seed 000's setup notes: each passing checklist item's note, one line
    // naming the items not tuned, one naming what could not be probed and
    // why, and a compact fingerprint (CPU, kernel, DPDK, port driver, burstlab).
    static QStringList setupNotes(const Run &run);
};

} // namespace burstlab
