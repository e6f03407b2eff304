#pragma once
#include "compare/Comparison.h"
#include "stats/NetperfFigures.h"
#include "stats/PointStats.h"
#include <QStringList>
#include <optional>

namespace burstlab {

// Imported netperf tables in the netdev text (72 columns): a run's figures
// as netperf printed them, with their units and "not measured" for its -1;
// a comparison's per figure, baseline and this run side by side with the
// change this - baseline and its verdict (stats/NetperfFigures), and where
// the tables' parameters (sizes, elapsed time) differ. Never in the pps
// tables: a transaction is not a packet. Empty where no point has them.
// A run's netperf figures against the baseline's at one point of a
// comparison, both tables whole and the change of each figure they share.
struct NetperfVs {
    qsizetype run = 0;
    qsizetype point = 0;
    NetperfResult baseline;
    NetperfResult current;
    QList<NetperfChange> changes;
};

namespace NetperfText {

// The netperf figures of a point: its first counted repetition's.
std::optional<NetperfResult> of(const PointStats &stats);
// A figure's name as the tables print it: "trans/s", "S.dem local us/Tr".
QString figureName(const NetperfFigure &f);
// Its printed value, "-" where netperf did not measure it.
QString valueText(const NetperfFigure &f);
// Its printed value, "not measured" where netperf did not measure it: a
// table cell under the figure's name.
QString measuredText(const NetperfFigure &f);
// A change's verdict, "not measured" where a side has no figure.
QString verdictText(const NetperfChange &change);
// Why every netperf verdict is "insufficient", said under the tables.
QString verdictRule();

// Every other run against the baseline, run by run and point by point,
// where both have netperf figures: what the comparison text prints.
QList<NetperfVs> against(const Comparison &c);
// Where the two tables' test or parameters differ: "response_bytes: 14336
// in #1, 28672 in #2", the runs named by baseName and name.
QStringList parameterDifferences(const NetperfVs &vs, const QString &baseName, const QString &name);

QStringList run(const QList<PointStats> &stats, const QStringList &labels);
QStringList comparison(const Comparison &c, const QStringList &names, const QStringList &labels);

} // namespace NetperfText

} // namespace burstlab
