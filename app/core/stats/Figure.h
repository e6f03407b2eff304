#pragma once
#include <QList>
#include <QtGlobal>
#include <optional>

namespace burstlab {

// The figures every output prints, defined here once. A point's pps is the
// median of its valid repetitions' rates (StepResult::effectivePps of its
// completed steps), rounded to whole packets per second because that is how
// every output prints it; its ns/packet is 1e9 over that pps; a delta is
// ns(reference) - ns(this) from those same two figures. So a reader can redo
// every delta from the pps printed beside it, as in the seeds:
//   (1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns
namespace Figure {

// The median of the repetitions' pps, rounded; nullopt without repetitions.
std::optional<qint64> pps(const QList<double> &repetitionPps);
// 1e9 / pps; nullopt for a rate of 0 (a point that sent nothing has no
// ns/packet, never an infinite one).
std::optional<double> ns(qint64 pps);
// ns(reference) - ns(this): > 0 means fewer ns per packet (better). nullopt
// when either rate is 0.
std::optional<double> deltaNs(qint64 referencePps, qint64 thisPps);
// The precision ns and deltas are printed at (2 decimals): a delta that
// rounds to 0.00 has no sign.
double printed(double ns);

} // namespace Figure

} // namespace burstlab
