#pragma once
#include "compare/Comparison.h"
#include "stats/PointStats.h"

#include "stats/PointProfile.h"

#include <QStringList>
#include <functional>

namespace burstlab {

// The profiles in the netdev text (72 columns, in seed 001's spirit: the
// function, then its figures): for a run, each point's top functions with
// their share and the ns/packet they account for; for a comparison, where
// each delta went (ProfileDelta): the functions called changed and the rest,
// adding up to the printed delta. Empty where no point has a profile.
namespace ProfileText {

// Functions listed per point of a run.
constexpr int kTopFunctions = 5;

// Every cell of a comparison that has a profile, runs then points: what the
// outputs that list each profile (folded stacks, Markdown) go through.
void eachProfile(
    const Comparison &c,
    const std::function<void(qsizetype run, qsizetype point, const PointProfile &)> &f);

QStringList run(const QList<PointStats> &stats, const QStringList &labels);
// "no profiles: the engine cannot profile here: perf_event_open: ...", said
// once for a run whose engine said so in its hello; empty otherwise.
QString unavailable(const Run &run);
QStringList comparison(const Comparison &c, const QStringList &names, const QStringList &labels);
// Every point's folded stacks, one "frames samples" line each (Brendan
// Gregg's flamegraph.pl and its kind read them), under two frames of its
// own: the run ("#1 clone0") and the point ("burst=32"), so one file holds
// every run and point and a tool can zoom into one.
QString folded(const Comparison &c);

} // namespace ProfileText

} // namespace burstlab
