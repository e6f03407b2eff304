#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// Reads netdev-style result tables, as posted (quoting "> " is stripped):
//   skb_burst=2  tx:6942821 pps ( 35.46 ns)     sweep lines: NAME=N [tx:]PPS pps
//   skb_burst=0  2421076 pps
//   * patch3:   5,608,781 pps --> 178.29ns per pkt   series lines: * LABEL: PPS pps
// Consecutive lines of one kind form a table; each table becomes one run
// (source "import:netdev", completed, one repetition per point, label from
// the caller). The kernel's "skb_burst" maps to our "burst" and
// "clone_skb" to "clone"; other names are kept. A table under those
// kernel names is pktgen's and stored as a pktgen run (engine kind pktgen). Text after the pps of a
// series line ("-- TXSZ=1024") is kept as the step's "note".
//
// Rows are checked: a rate or value that is not a whole number, a
// negative value, a zero rate and a number over 2^53 are errors naming the
// line. What is merely odd is stored with the run (SweepSpec::importWarnings,
// "line 23: ..."): a printed delta, ns/packet or summary that the printed
// rates do not give (seed 000 prints 2.10 where 1e9/2772413 - 1e9/2788705 =
// 2.11). Nothing the table does not say is made up: no duration, warm-up,
// order or seed (durationMs 0, sequential).
struct NetdevImport {
    static std::optional<QList<RunData>> parse(const QString &text, const QString &label,
                                               QString *error);
};

} // namespace burstlab
