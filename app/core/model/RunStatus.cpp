#include "model/RunStatus.h"
#include "model/JsonReader.h"

namespace burstlab {

QString toString(RunStatus status) {
    switch (status) {
    case RunStatus::Running:
        return QStringLiteral("running");
    case RunStatus::Completed:
        return QStringLiteral("completed");
    case RunStatus::Failed:
        return QStringLiteral("failed");
    case RunStatus::Interrupted:
        return QStringLiteral("interrupted");
    case RunStatus::Invalid:
        return QStringLiteral("invalid");
    }
    return {};
}

std::optional<RunStatus> runStatusFromString(const QString &text) {
    for (RunStatus s :
         {RunStatus::Running, RunStatus::Completed, RunStatus::Failed, RunStatus::Interrupted,
                        RunStatus::Invalid}) {
        if (toString(s) == text)
            return s;
    }
    return std::nullopt;
}

RunStatus readRunStatus(JsonReader &in, const QString &key) {
    const QString text = in.string(key, QStringLiteral("completed"));
    if (const auto status = runStatusFromString(text))
        return *status;
    in.invalid(key, QStringLiteral("unknown status '%1'").arg(text));
    return RunStatus::Completed;
}

} // namespace burstlab
