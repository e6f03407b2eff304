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
    // The stored runs' ids, in the file's order. The error names the file
    // and what the store said.
    static std::optional<QList<qint64>> write(RunStore &store, const QString &file,
                                              const QList<RunData> &runs, QString *error);
};

} // namespace burstlab
