#pragma once
#include "model/RunStatus.h"
#include <QString>
#include <optional>

namespace burstlab {

// Which runs a list holds, newest first: the CLI's `runs` options. Each
// criterion is answered by an index, so a page of a large store costs the
// same as a small store's whole list.
struct RunFilter {
    int limit = 0; // at most this many runs; 0: all of them
    QString label; // exactly this label, when not empty
    QString tag;   // carrying this tag, when not empty
    std::optional<RunStatus> status;
    // Only runs listed after this one (pages of a long list); 0: from the newest.
    qint64 olderThan = 0;
};

} // namespace burstlab
