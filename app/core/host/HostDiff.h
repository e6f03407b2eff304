#pragma once
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace burstlab {

// One run's side of a host comparison: the name the text gives it ("#3")
// and what it recorded (Fingerprint::collect, CheckResult::toJsonArray).
struct HostSide {
    QString name;
    QJsonObject fingerprint;
    QJsonArray checklist;
};

// What differs between the hosts of two runs, each value named by its run,
// in words a person can paste: "governor: #1 performance, #2 powersave".
struct HostComparison {
    // What can move the figures: CPU, kernel, DPDK, settings, tuning.
    QStringList differences;
    // What comes and goes on one host between two runs a minute apart (the
    // load, a desktop session): listed apart, never a reason to say the
    // hosts differ.
    QStringList transient;
    // What only one run recorded or probed (an import records little): not
    // known to differ, so no reason to say the hosts differ either;
    // "recorded only in #1, not in #2: OS; kernel".
    QStringList unknown;
    bool hostsDiffer = false;
};

class HostDiff {
  public:
    // Checklist items differ when their status differs, or their current
    // value does for items that are not volatile; a volatile item's change
    // is transient. The TSC rate, measured at every start, differs only
    // beyond its calibration's precision.
    // Each difference is one line of at most width characters, long values
    // cut in their middle (TextFit); 0: whole. Items probed in one run only
    // make one line per run.
    static HostComparison compare(const HostSide &a, const HostSide &b, int width = 0);
};

} // namespace burstlab
