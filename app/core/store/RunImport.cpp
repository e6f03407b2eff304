#include "store/RunImport.h"
#include "store/RunStore.h"

namespace burstlab {

std::optional<QList<qint64>> RunImport::write(RunStore &store, const QString &file,
                                              const QList<RunData> &runs, QString *error) {
    const auto ids = store.insertRuns(runs);
    if (!ids && error)
        *error = QStringLiteral("%1: nothing stored: %2").arg(file, store.lastError());
    return ids;
}

} // namespace burstlab
