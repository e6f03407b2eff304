#include "store/StoreCopy.h"
#include <algorithm>

namespace burstlab {

std::optional<QList<StoreCopy::Copied>>
StoreCopy::copy(RunStore &from, RunStore &to, QString *error,
                const std::function<void(const Copied &)> &each) {
    const auto runs = from.listRuns();
    if (!runs) {
        *error = from.lastError();
        return std::nullopt;
    }
    QList<qint64> ids;
    for (const RunSummary &run : *runs)
        ids << run.id;
    // Lists are newest first; oldest first keeps the runs' order in new ids.
    std::reverse(ids.begin(), ids.end());
    QList<Copied> copied;
    for (qint64 id : ids) {
        const auto data = from.loadRunData(id);
        if (!data) {
            *error = QStringLiteral("reading run %1: %2").arg(id).arg(from.lastError());
            return std::nullopt;
        }
        const auto newId = to.insertRunData(*data);
        if (!newId) {
            *error = QStringLiteral("copying run %1: %2").arg(id).arg(to.lastError());
            return std::nullopt;
        }
        copied << Copied{id, *newId, int(data->steps.size())};
        if (each)
            each(copied.last());
    }
    return copied;
}

} // namespace burstlab
