#pragma once
#include <QString>
#include <optional>

namespace burstlab {

// Lifecycle of a run and of each of its steps. "interrupted" is what a
// crash leaves behind: the store turns "running" into it at the next open.
// "invalid" is for steps only: the engine finished, but the repetition's
// figures cannot be trusted (the reason is in the step's error); statistics
// leave it out and every output shows it as such.
class JsonReader;

enum class RunStatus { Running, Completed, Failed, Interrupted, Invalid };

// "running", "completed", "failed", "interrupted", "invalid": the stored and
// printed form.
QString toString(RunStatus status);
std::optional<RunStatus> runStatusFromString(const QString &text);
// The status at key (default completed); an unknown name is an error in `in`.
RunStatus readRunStatus(JsonReader &in, const QString &key);

} // namespace burstlab
