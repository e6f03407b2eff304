#include "host/CpuList.h"
#include <QStringList>
#include <algorithm>

namespace burstlab {

namespace {
// Upper bound on a range so a corrupt "0-4000000000" cannot allocate gigabytes.
constexpr int maxCpus = 8192;
} // namespace

QList<int> parseKernelCpuList(const QString &text) {
    QList<int> cpus;
    for (const QString &part : text.trimmed().split(u',', Qt::SkipEmptyParts)) {
        const QStringList bounds = part.split(u'-');
        bool okLow = false;
        bool okHigh = false;
        const int low = bounds.first().toInt(&okLow);
        const int high = bounds.size() == 2 ? bounds.last().toInt(&okHigh) : low;
        if (bounds.size() == 2 && !okHigh)
            okLow = false;
        if (!okLow) {
            // isolcpus= accepts flags ("domain", "managed_irq") before the list.
            if (bounds.size() == 1 && !part.isEmpty() && part.front().isLetter())
                continue;
            return {};
        }
        if (low < 0 || high < low || high >= maxCpus)
            return {};
        for (int cpu = low; cpu <= high; ++cpu)
            cpus.append(cpu);
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

QString formatCpuList(const QList<int> &cpus) {
    QList<int> sorted = cpus;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    QStringList parts;
    for (qsizetype i = 0; i < sorted.size();) {
        qsizetype j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        parts.append(j == i ? QString::number(sorted[i])
                            : QStringLiteral("%1-%2").arg(sorted[i]).arg(sorted[j]));
        i = j + 1;
    }
    return parts.join(u',');
}

} // namespace burstlab
