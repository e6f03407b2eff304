#pragma once
#include "model/Run.h"

#include <QList>
#include <QString>

namespace burstlab {

// The caption under an exported figure, so it describes itself where it is
// posted: what was measured on what (device and driver, frame size,
// repetitions and step length, the fixed settings; CPU, kernel and DPDK from
// the runs' stored fingerprints), the key to the marks, and which burstlab
// measured it when. Runs are named by label, never by the
// local store's id, which means nothing to a reader.
namespace FigureCaption {
enum class Marks { Pps, Delta, PpsAndDelta, LiveRate, Netperf };

// The key to the marks in one line, under the charts on screen and in every
// caption: "dot: median of repetitions · whisker: lowest–highest repetition ·
// △ n/m: n of m repetitions disturbed". intervals: whether the
// whiskers and bands are drawn (View ▸ Intervals); disturbed: whether any
// point carries a disturbed mark. It names only what is drawn.
QString key(Marks marks, bool intervals = true, bool disturbed = false);
// runs: the runs drawn, the baseline first; deltaReference: what the deltas
// are taken against ("the previous point", a baseline's title).
QString of(const QList<Run> &runs, Marks marks, const QString &deltaReference = {},
           bool intervals = true, bool disturbed = false);
} // namespace FigureCaption

} // namespace burstlab
