#pragma once
#include "compare/Comparison.h"

#include <QJsonObject>
#include <QStringList>

namespace burstlab {

// Imported netperf tables in the CSV and Markdown tables of TableExport,
// with the figures and changes the JSON rows' "netperf" and
// "netperf_vs_baseline" hold (stats/NetperfFigures; NetperfText prints the
// same in show and compare):
//  - CSV: netperf_* and netperf_delta_* columns of ';'-separated lists in
//    the order of those arrays, figures as netperf printed them, empty
//    where netperf did not measure one (its -1);
//  - Markdown: two tables under the points' table, one row per figure, "-"
//    where not measured and "not measured" as that figure's verdict.
// Only where a point of the comparison has netperf figures: other exports
// keep their columns.
namespace NetperfColumns {

bool any(const Comparison &c);

QStringList csvNames();
// The values of csvNames() from a row's "netperf" and "netperf_vs_baseline".
QStringList csvFields(const QJsonObject &row);

QStringList markdown(const Comparison &c);

} // namespace NetperfColumns

} // namespace burstlab
