#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// Reads netperf's classic (omni's "classic" output) result tables, as
// posted (quoting "> " stripped; a quoted-printable mail is decoded before,
// ImportFormat):
//   MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 ... : first burst 0
//   Local /Remote
//   Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem
//   Send   Recv   Size    Size   Time    Rate     local  remote local   remote
//   bytes  bytes  bytes   bytes  secs.   per sec  % S    % U    us/Tr   us/Tr
//
//   16384  87380  128     14336  10.00   8118.31  1.57   -1.00  46.410  -1.000
//   16384  87380
// and TCP_STREAM's (Recv/Send socket, message size, elapsed, throughput in
// the unit its -f gave, then the same CPU and us/KB columns with -c/-C).
// UDP_RR prints TCP_RR's layout and is read the same; a table is found by
// its units line, the banner above it names the test. UDP_STREAM's two-row
// table is not read, and its banner says so.
//
// Each table is a run of one step (source "import:netperf", completed) whose
// recorded "netperf" object holds its figures (stats/NetperfFigures: the
// rate, CPU % and service demand as printed, -1 as not measured) and its
// parameters; no pps: a transaction is not a packet. Settings the text
// states between the previous table and this one (`ethtool -K DEV gro off`,
// also gso and tso, under ethtool's long names too) are the run's fixed
// settings (gro=off); one it does not state is unstated, not assumed, and
// not carried over from an earlier table: a poster who turns GRO off again
// before the next pair put it back without saying so (seed 004).
//
// Checked: a row whose count of numbers is not its header's, a number that
// is none, a size that is no positive integer, a CPU % over 100 or
// negative other than -1, a negative service demand other than -1, a
// banner with no table this import reads under it; each an error naming
// its line and field. Rows count towards ImportLimits.
struct NetperfImport {
    // The runs, labelled "TCP_RR 128,14336" (request,response sizes; a
    // STREAM test's message size) and the stated settings ("gro=off"),
    // after the caller's label when there is one.
    static std::optional<QList<RunData>> parse(const QString &text, const QString &label,
                                               QString *error);
    // How many tables the text holds (none also for a text with a bad one):
    // what a netdev import of netperf output points to.
    static qsizetype count(const QString &text);
};

} // namespace burstlab
