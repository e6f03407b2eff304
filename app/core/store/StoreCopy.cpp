#include "store/StoreCopy.h"
#include <QHash>
#include <algorithm>

namespace burstlab {

namespace {

QString copyKey(const RunSummary &run) {
    return QStringLiteral("%1\n%2\n%3\n%4")
        .arg(run.created.toString(Qt::ISODateWithMs), toString(run.status))
        .arg(run.steps)
        .arg(run.name);
}

} // namespace

std::optional<QList<StoreCopy::Copied>> StoreCopy::held(RunStore &from, RunStore &to,
                                                        QString *error) {
    const auto runs = from.listRuns();
    if (!runs) {
        *error = from.lastError();
        return std::nullopt;
    }
    const auto there = to.listRuns();
    if (!there) {
        *error = to.lastError();
        return std::nullopt;
    }
    QHash<QString, qint64> copies;
    for (const RunSummary &run : *there)
        copies.insert(copyKey(run), run.id);
    QList<Copied> found;
    // Lists are newest first; oldest first keeps the runs' order in new ids.
    for (auto run = runs->crbegin(); run != runs->crend(); ++run) {
        const qint64 id = copies.value(copyKey(*run), 0);
        found << Copied{run->id, id, run->steps, id != 0};
    }
    return found;
}

std::optional<QList<StoreCopy::Copied>>
StoreCopy::copy(RunStore &from, RunStore &to, QString *error,
                const std::function<void(const Copied &)> &each) {
    auto copied = held(from, to, error);
    if (!copied)
        return std::nullopt;
    for (Copied &run : *copied) {
        if (!run.already) {
            const auto data = from.loadRunData(run.from);
            if (!data) {
                *error = QStringLiteral("reading run %1: %2").arg(run.from).arg(from.lastError());
                return std::nullopt;
            }
            const auto newId = to.insertRunData(*data);
            if (!newId) {
                *error = QStringLiteral("copying run %1: %2").arg(run.from).arg(to.lastError());
                return std::nullopt;
            }
            run.to = *newId;
        }
        if (each)
            each(run);
    }
    return copied;
}

} // namespace burstlab
