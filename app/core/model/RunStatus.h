#pragma once
#include <QString>
#include <optional>

namespace burstlab {

// Lifecycle of a run and of each of its steps. "interrupted" is what a
// crash leaves behind: the store turns "running" into it at the next open.
class JsonReader;

enum class RunStatus { Running, Completed, Failed, Interrupted };

// "running", "completed", "failed", "interrupted": the stored and printed form.
QString toString(RunStatus status);
std::optional<RunStatus> runStatusFromString(const QString &text);
// The status at key (default completed); an unknown name is an error in `in`.
RunStatus readRunStatus(JsonReader &in, const QString &key);

} // namespace burstlab
