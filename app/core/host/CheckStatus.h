#pragma once
#include <QString>

namespace burstlab {

// Order matters: a checklist's overall state is the worst status of its items,
// and Unknown sorts last because "could not tell" is not "bad".
enum class CheckStatus { Pass, Warn, Fail, Unknown };

// "pass", "warn", "fail", "unknown": the spelling stored in runs and printed by the CLI.
QString checkStatusName(CheckStatus status);
// Unrecognised text reads as Unknown, so an older or newer store never breaks a comparison.
CheckStatus checkStatusFromName(const QString &name);

} // namespace burstlab
