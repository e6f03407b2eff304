#pragma once
#include "host/HostFs.h"
#include "model/LoadSample.h"
#include <QList>
#include <QSet>

namespace burstlab {

// One look at what else runs beside a sweep (docs/noisy-host.md, "Live load
// watch"): every task under /proc/PID/task/TID/stat whose state is R
// (running or waiting for a CPU) is either ours (a process in ours: the
// engine, this program), on one of cpus (its "processor" field: the CPU it
// runs on or waits for), or elsewhere; plus the 1-minute load average.
// /proc/sched_debug would give the run queues directly, but only to root
// and not on every kernel; the task files are readable by anyone.
namespace LoadProbe {
LoadSample sample(const HostFs &fs, const QList<int> &cpus, const QSet<qint64> &ours);
// The kernel's pktgen threads on these CPUs (kpktgend_N, one per CPU): a
// pktgen run's senders, ours although no process of ours.
QSet<qint64> pktgenThreads(const HostFs &fs, const QList<int> &cpus);
} // namespace LoadProbe

} // namespace burstlab
