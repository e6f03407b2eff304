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
// "clone_skb" to "clone"; other names are kept. Text after the pps of a
// series line ("-- TXSZ=1024") is kept as the step's "note".
struct NetdevImport {
    static std::optional<QList<RunData>> parse(const QString &text, const QString &label,
                                               QString *error);
};

} // namespace burstlab
