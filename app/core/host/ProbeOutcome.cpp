#include "host/ProbeOutcome.h"

namespace burstlab {

ProbeOutcome ProbeOutcome::unknown(const QString &reason) {
    ProbeOutcome outcome;
    outcome.detail = reason;
    return outcome;
}

ProbeOutcome ProbeOutcome::judged(CheckStatus status, const QString &current,
                                  const QString &detail) {
    ProbeOutcome outcome;
    outcome.status = status;
    outcome.current = current;
    outcome.detail = detail;
    return outcome;
}

} // namespace burstlab
