#include "host/CheckStatus.h"

namespace burstlab {

QString checkStatusName(CheckStatus status) {
    switch (status) {
    case CheckStatus::Pass:
        return QStringLiteral("pass");
    case CheckStatus::Warn:
        return QStringLiteral("warn");
    case CheckStatus::Fail:
        return QStringLiteral("fail");
    case CheckStatus::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

CheckStatus checkStatusFromName(const QString &name) {
    for (CheckStatus s : {CheckStatus::Pass, CheckStatus::Warn, CheckStatus::Fail}) {
        if (name == checkStatusName(s))
            return s;
    }
    return CheckStatus::Unknown;
}

} // namespace burstlab
