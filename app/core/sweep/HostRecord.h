#pragma once
#include "host/ProbeContext.h"

#include <QJsonArray>
#include <QJsonObject>

namespace burstlab {

// What a run records about the host it ran on.
struct HostRecord {
    QJsonArray checklist; // CheckResult::toJsonArray of the built-in checklist
    QJsonObject fingerprint;

    // Probes the built-in checklist and the fingerprint. Safe in any thread:
    // the probes only read files and make ioctls, and can take long enough
    // (many sysfs reads, ethtool) that a GUI thread should not wait for them.
    static HostRecord probe(const ProbeContext &context, const QJsonObject &hello);
};

} // namespace burstlab
