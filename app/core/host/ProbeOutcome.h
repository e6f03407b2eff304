#pragma once
#include "host/CheckStatus.h"
#include <QJsonObject>
#include <QString>

namespace burstlab {

// What a probe found, before the checklist item adds its title, why and fix.
struct ProbeOutcome {
    CheckStatus status = CheckStatus::Unknown;
    QString current;    // the value as a person would read it: "powersave", "rx on, tx on"
    QString detail;     // evidence, or for Unknown why it could not be probed
    QJsonObject values; // machine-readable values; setup notes may quote them as {key}

    static ProbeOutcome unknown(const QString &reason);
    static ProbeOutcome judged(CheckStatus status, const QString &current,
                               const QString &detail = {});
};

} // namespace burstlab
