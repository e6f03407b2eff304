#pragma once
#include "exchange/ImportFormat.h"
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

class RunStore;

// Import as one use case, for the CLI's `import` and the GUI's File ▸
// Import: a file read in one of importFormats() and its runs stored in one
// transaction, so a file that fails anywhere leaves the store as it was.
struct RunImport {
    struct Result {
        QList<qint64> ids;   // the stored runs, in the file's order
        QList<RunData> runs; // as read, for what to tell the user
    };
    // Errors name the file (and its line, or what the store said).
    static std::optional<Result> importInto(RunStore &store, const QString &format,
                                            const QString &file, const ImportOptions &options,
                                            QString *error);
};

} // namespace burstlab
