#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

class RunStore;

// The store's half of an import (the CLI's `import`, the GUI's File ▸
// Import): the runs read from one file (exchange's importFile) stored in
// one transaction, so a file that fails anywhere leaves the store as it was.
struct RunImport {
    // The runs of the file, in its order; or, where the same content (its
    // SHA-256, ImportOrigin) was imported before, those earlier runs, and
    // nothing new is stored.
    struct Written {
        QList<qint64> ids;
        bool earlier = false;
    };
    // The error names the file and what the store said.
    static std::optional<Written> write(RunStore &store, const QString &file,
                                        const QList<RunData> &runs, QString *error);
    // "seed000.txt was imported before, as runs 3, 4 (seed000.txt (netdev),
    // imported 2026-12-03 06:40 UTC): nothing new stored"; empty when it was not.
    static QString earlierText(const Written &written, const QString &file, RunStore &store);
};

} // namespace burstlab
