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
namespace NetperfText {

// The netperf figures of a point: its first counted repetition's.
std::optional<NetperfResult> of(const PointStats &stats);
// A figure's name as the tables print it: "trans/s", "S.dem local us/Tr".
QString figureName(const NetperfFigure &f);
// Its printed value, "-" where netperf did not measure it.
QString valueText(const NetperfFigure &f);
// A change's verdict, "not measured" where a side has no figure.
QString verdictText(const NetperfChange &change);
// Why every netperf verdict is "insufficient", said under the tables.
QString verdictRule();

QStringList run(const QList<PointStats> &stats, const QStringList &labels);
QStringList comparison(const Comparison &c, const QStringList &names, const QStringList &labels);

} // namespace NetperfText

} // namespace burstlab
