#pragma once
#include "model/RunData.h"
#include <QString>
#include <optional>

namespace burstlab {

// Reads kernel pktgen's /proc/net/pktgen/<dev> output: the "Params:" block
// (pkt_size, clone_skb, burst, ...) and the result
//   Result: OK: 12345678(c12000000+d345678) usec, 10000000 (60byte,0frags)
//     5614370pps 2695Mb/sec (2695097600bps) errors: 0
// into a completed run (source "import:pktgen") with one step whose point is
// the burst value (1 when pktgen printed none). Several device outputs in
// one text give one step each, in order. A "Result:" that is not OK is an
// error naming the line.
struct PktgenImport {
    static std::optional<RunData> parse(const QString &text, const QString &label, QString *error);
};

} // namespace burstlab
