#pragma once
#include <QList>
#include <QString>

namespace burstlab {

// The kernel's CPU list text as in isolcpus=, nohz_full=, /sys/.../online:
// "0-3,8,10-11". Flag prefixes such as "domain,managed_irq," are skipped;
// garbage yields an empty list. (The engine's own --lcores reader,
// engine/common/CpuList.h, is strict instead: it refuses what it cannot
// read, naming the option.)
QList<int> parseKernelCpuList(const QString &text);
QString formatCpuList(const QList<int> &cpus);

} // namespace burstlab
