#pragma once
#include "model/Run.h"
#include "stats/PointStats.h"
#include <QString>
#include <QStringList>

namespace burstlab {

// What a run was measured on and with, in words, for every text output
// (netdev posts, `show`), so they all say the same.
struct RunSetup {
    // "AMD EPYC 7B13 (2 CPUs, SMT off), Kernel 6.1.0-18-amd64, DPDK 22.11.4":
    // the host facts a figure's caption names, each where the run's
    // fingerprint has it; empty when it has none.
    static QString host(const Run &run);
    // "main lcore 0, TX lcore 1" (a pktgen run's "pktgen thread on CPU 1")
    // from the engine's hello; empty without one.
    static QString lcores(const Run &run);
    // The names a run's text gives its axes: a pktgen run's pktgen's own
    // (skb_burst, clone_skb), as pktgen's posts print them; else burstlab's.
    static QStringList axisNames(const Run &run);
    // "burst=1..4 x clone=0,64" ("skb_burst=1..4 ..." for a pktgen run).
    static QString sweep(const Run &run);
    // "1 queue, tx_desc 1024": the values of the parameters not swept.
    static QString queues(const Run &run);
    // "burst=32 clone=64 pkt_size=1514": the fixed step parameters that
    // differ from the engine's defaults, and burst and clone whenever not
    // swept (StepParameters::alwaysStated); for an import, what the source
    // gave.
    static QString fixed(const Run &run);
    // "3 reps x 200 ms (warm-up 40 ms), random order (seed 7)", or "3..10
    // reps until the 95% CI of ns/pkt is narrower than 1.00% x 200 ms ...";
    // for an import only what its source recorded.
    static QString measurement(const Run &run);
    // "TX core on CPU below 98.0% or steal above 1.0% of the window; run
    // again up to 3 attempts; left out of the statistics": when a repetition
    // is disturbed and what the run did about it (excluded: left out by the
    // output's own choice), or "not measured" when no repetition has thread
    // figures. Empty for an import.
    static QString disturbance(const Run &run, const QList<PointStats> &stats, bool excluded);
    // For "--reps auto": "95% CI of ns/pkt narrower than 1.00% at 11 of 13
    // points (0.21-0.97%, 3-8 repetitions); 2 points reached the maximum of
    // 10 repetitions without it". Empty for a run of fixed repetitions.
    static QString precision(const Run &run, const QList<PointStats> &stats);
    // "line rate 14880952 pps (10G, 60 B frames = 84 B on the wire)", one
    // per frame size; or "line rate not checked: net_null0 (net_null) has no
    // wire; give a link speed (--link-speed)". None where no point has a
    // pps (netperf's tables): a line rate is a ceiling for pps.
    static QStringList lineRate(const Run &run, const QList<PointStats> &stats);
    // Seed 000's setup notes: each passing checklist item's note, one line
    // naming the items not tuned, one naming what could not be probed and
    // why, and a compact fingerprint (CPU, kernel, DPDK, port driver, burstlab).
    static QStringList setupNotes(const Run &run);
};

} // namespace burstlab
