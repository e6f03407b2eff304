#pragma once
#include <QList>
#include <QString>

namespace burstlab {

// Kernel CPU list syntax as in isolcpus=, nohz_full=, /sys/.../online: "0-3,8,10-11".
// Flag prefixes such as "domain,managed_irq," are skipped; garbage yields an empty list.
QList<int> parseCpuList(const QString &text);
QString formatCpuList(const QList<int> &cpus);

} // namespace burstlab
