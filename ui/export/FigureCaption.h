#pragma once
#include "model/Run.h"

#include <QList>
#include <QString>

namespace burstlab {

// The caption under an exported figure, so it describes itself where it is
// posted: what was measured on what (device and driver, frame size,
// repetitions and step length, the fixed settings), what the marks mean, and
// which burstlab measured it when. Runs are named by label, never by the
// local store's id, which means nothing to a reader.
namespace FigureCaption {
enum class Marks { Pps, Delta, PpsAndDelta, LiveRate };

// runs: the runs drawn, the baseline first; deltaReference: what the deltas
// are taken against ("the previous point", "baseline"); intervals: whether the
// whiskers and intervals are drawn (View ▸ Intervals).
QString of(const QList<Run> &runs, Marks marks, const QString &deltaReference = {},
           bool intervals = true);
} // namespace FigureCaption

} // namespace burstlab
