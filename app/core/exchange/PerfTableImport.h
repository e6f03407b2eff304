#pragma once
#include "model/RunData.h"
#include "model/StepProfile.h"
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// One perf table found in a text, as a profile (model/StepProfile).
struct PerfTable {
    QString label;           // the line above it that ends in ':' ("Before patch"), or empty
    QString header;          // "PerfTop: 5187 irqs/sec kernel:100.0% [100000 cycles], ..."
    qsizetype firstLine = 0; // of its first row, 0-based, in PerfTableImport::lines()
    qsizetype lastLine = 0;  // of its last row
    StepProfile profile;
};

// Reads the tables of perf's text outputs, as posted (quoting "> " is
// stripped; a quoted-printable mail is decoded before, ImportFormat):
//   16688.00 - 50.9% : consume_skb                  PerfTop (2009): samples, pcnt, function
//       50.90%  [kernel]          [k] consume_skb   perf top, perf report --stdio:
//     12.31%  swapper  [kernel.kallsyms]  [k] intel_idle   Overhead, [Command,]
//     40.00%  10.00%  swapper  [kernel.kallsyms]  [k] intel_idle   Shared Object, Symbol
// (with perf report's Children and Self, Self is the function's share).
// Consecutive rows of one layout, blank lines between them allowed, are one
// table. Above it, "PerfTop: ... [100000 cycles]" or "# Samples: 12K of
// event 'cycles'" give the event (and the latter the total of samples),
// and a line ending in ':' its label.
//
// Each function keeps its share as printed (ProfileFunction::percent). Its
// samples are the table's where it prints them (PerfTop), else derived
// from a stated total (share x total), else 0: a table without its total
// has shares only, and no intervals (PointProfile::intervals). Nothing the
// table does not state is made up: no pps, hence no ns/packet.
//
// Checked: a share that is no number or over 100%, a table whose shares add
// up to over 100% (beyond the rows' rounding), a row without its function,
// a column header with no rows under it (a truncated table); each an error
// naming its line and field. Rows count towards ImportLimits.
struct PerfTableImport {
    // The text's lines as the tables are read: a mail an archive flattened
    // into one line (its line ends turned into spaces, seed 001) is split
    // again before each quote marker ("> ").
    static QStringList lines(const QString &text);
    // Every table, in the text's order; none is no error.
    static std::optional<QList<PerfTable>> tables(const QString &text, QString *error);
    // Each table as a run of one step that holds its profile and no rate
    // (source "import:perf", completed); its label the table's, after the
    // caller's when there is one; the table's header its source note.
    static std::optional<QList<RunData>> parse(const QString &text, const QString &label,
                                               QString *error);
    // What a step of a run records of a table: its profile, header and first row.
    static QJsonObject recorded(const PerfTable &table, const QStringList &lines);
    // A pktgen or netdev import's text with perf tables after its result
    // table: where that is plain (one run of one point, one table after its
    // rows), the table becomes its steps' profile (recorded "profile");
    // otherwise the run says which table was left and why. A bad table is
    // only said too: the results stand without it.
    static void attach(QList<RunData> &runs, const QString &text);
};

} // namespace burstlab
