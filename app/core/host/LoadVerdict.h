#pragma once
#include "model/LoadSample.h"
#include <QJsonArray>
#include <QList>

namespace burstlab {

// The checklist's "Nothing else running" item (id other_load) judged from
// what the load watch saw during the run rather than at its start
// (docs/noisy-host.md): fail when a task not ours was runnable on a TX
// lcore's CPU in at least half of the samples; warn when it was in any, or
// when tasks not ours were runnable on the other CPUs in at least half;
// pass otherwise. Its current value and detail say it was judged during the
// run, from how many samples, and what the start had said.
namespace LoadVerdict {
inline const QString kItemId = QStringLiteral("other_load");

// The checklist with that item judged from samples; unchanged without
// samples or without the item.
QJsonArray judged(const QJsonArray &checklist, const QList<LoadSample> &samples);
} // namespace LoadVerdict

} // namespace burstlab
