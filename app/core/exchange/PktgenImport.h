#pragma once
#include "model/RunData.h"
#include <QString>
#include <optional>

namespace burstlab {

// Reads kernel pktgen's /proc/net/pktgen/<dev> output: each device's
// "Params:" block (count, pkt_size, clone_skb, burst, ...) and its result
//   Result: OK: 12345678(c12000000+d345678) usec, 10000000 (60byte,0frags)
//     5614370pps 2695Mb/sec (2695097600bps) errors: 0
// into a completed run (source "import:pktgen") with one step per result.
// Every parameter whose value differs between the results becomes an axis
// (burst, clone, pkt_size and count first, under burstlab's names; burst
// when nothing varies); the others are the run's fixed parameters as the
// source gives them.
//
// Everything is checked: a "Result:" that is not OK, a number that is not
// a whole number, is negative, over 2^53 or a zero count, time or rate, and
// a rate that disagrees with its own packet count and time by more than
// 0.5% are errors naming the line. c + d that is not the total, bps that are
// not pps x bytes x 8 and pktgen's own error count are warnings stored with
// the run. Nothing the output does not record is made up: no duration,
// order or seed.
struct PktgenImport {
    static std::optional<RunData> parse(const QString &text, const QString &label, QString *error);
};

} // namespace burstlab
