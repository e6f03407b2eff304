#pragma once
#include "model/LoadSample.h"
#include <QJsonArray>
#include <QList>

namespace burstlab {

// The checklist's "Nothing else running" item (id other_load) judged from
// what the load watch saw during the run rather than at its start
// (docs/noisy-host.md), by the start probe's thresholds: fail when a task
// not ours was runnable on a TX lcore's CPU in at least half of the samples,
// or the load not ours (load average less our own runnable threads) reached
// the CPU count; warn when such a task was there in any sample, tasks not
// ours were runnable on the other CPUs in at least half, or the load not
// ours reached the idle limit (0.5); pass otherwise. Its current value and detail say it was judged
// during the run, from how many samples, and what the start had said.
namespace LoadVerdict {
inline const QString kItemId = QStringLiteral("other_load");

// The checklist with that item judged from samples; unchanged without
// samples or without the item.
QJsonArray judged(const QJsonArray &checklist, const QList<LoadSample> &samples);
} // namespace LoadVerdict

} // namespace burstlab
