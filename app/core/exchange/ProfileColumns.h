#pragma once
#include "compare/Comparison.h"
#include "stats/PointStats.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace burstlab {

// The profiles in the tables of TableExport, with the figures the netdev
// text prints (PointProfile, ProfileDelta; ProfileText):
//  - JSON: a point's "profile" (every function with its share, interval and
//    ns/packet) and, beside the baseline in a comparison,
//    "profile_vs_baseline" (every function's ns/packet at both points, the
//    ns saved and its printed value, the test's p and Holm's, changed);
//  - CSV: profile_* and profile_delta_* columns of ';'-separated lists in
//    the order of those arrays (the top functions; the changed functions
//    and the rest, whose printed ns add up to the printed delta);
//  - Markdown: two tables under the points' table, one row per function.
// Null (JSON), empty (CSV) or left out (Markdown) where a point has none.
namespace ProfileColumns {

QJsonValue point(const PointStats &s);
QJsonValue vsBaseline(const PointStats &baseline, const PointStats &s);

QStringList csvNames();
// The values of csvNames() from a row's "profile" and "profile_vs_baseline".
QStringList csvFields(const QJsonObject &row);

// The Markdown tables' lines, empty where no point has a profile; names[r]
// and labels[p] as the comparison's runs and points are named.
QStringList markdown(const Comparison &c);

} // namespace ProfileColumns

} // namespace burstlab
