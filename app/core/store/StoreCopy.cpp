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

std::optional<QList<StoreCopy::Copied>>
StoreCopy::copy(RunStore &from, RunStore &to, QString *error,
                const std::function<void(const Copied &)> &each) {
    const auto runs = from.listRuns();
    if (!runs) {
        *error = from.lastError();
        return std::nullopt;
    }
    const auto held = to.listRuns();
    if (!held) {
        *error = to.lastError();
        return std::nullopt;
    }
    QHash<QString, qint64> copies;
    for (const RunSummary &run : *held)
        copies.insert(copyKey(run), run.id);
    QList<Copied> copied;
    // Lists are newest first; oldest first keeps the runs' order in new ids.
    for (auto run = runs->crbegin(); run != runs->crend(); ++run) {
        const qint64 id = run->id;
        if (const auto there = copies.constFind(copyKey(*run)); there != copies.cend()) {
            copied << Copied{id, *there, run->steps, true};
            if (each)
                each(copied.last());
            continue;
        }
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
        copied << Copied{id, *newId, run->steps};
        if (each)
            each(copied.last());
    }
    return copied;
}

} // namespace burstlab
