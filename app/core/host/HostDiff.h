#pragma once
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace burstlab {

// What differs between the hosts of two runs, in words a person can paste:
// "governor: performance vs powersave", "SMT: off vs on", "DPDK: 22.11.11 vs 23.11.1".
struct HostComparison {
    QStringList differences;
    bool hostsDiffer = false;
};

class HostDiff {
  public:
    // Fingerprints (Fingerprint::collect) and checklists (CheckResult::toJsonArray) of
    // run A and run B. Checklist items differ when their status differs, or their current
    // value does for items that are not volatile.
    static HostComparison compare(const QJsonObject &fingerprintA, const QJsonArray &checklistA,
                                  const QJsonObject &fingerprintB, const QJsonArray &checklistB);
};

} // namespace burstlab
