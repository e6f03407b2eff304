#include "store/RunImport.h"
#include "store/RunStore.h"
#include <QFileInfo>

namespace burstlab {

std::optional<RunImport::Written> RunImport::write(RunStore &store, const QString &file,
                                                   const QList<RunData> &runs, QString *error) {
    const auto fail = [&]() -> std::optional<Written> {
        if (error)
            *error = QStringLiteral("%1: nothing stored: %2").arg(file, store.lastError());
        return std::nullopt;
    };
    const auto &origin = runs.isEmpty() ? std::nullopt : runs.first().run.spec.importOrigin;
    if (origin) {
        const auto earlier = store.runsImportedFrom(origin->sha256);
        if (!earlier)
            return fail();
        if (!earlier->isEmpty())
            return Written{*earlier, true};
    }
    const auto ids = store.insertRuns(runs);
    if (!ids)
        return fail();
    return Written{*ids, false};
}

QString RunImport::earlierText(const Written &written, const QString &file, RunStore &store) {
    if (!written.earlier || written.ids.isEmpty())
        return {};
    QStringList ids;
    for (const qint64 id : written.ids)
        ids << QString::number(id);
    const auto first = store.loadRun(written.ids.first());
    const auto &origin = first ? first->spec.importOrigin : std::nullopt;
    return QStringLiteral("%1 was imported before, as run%2 %3%4: nothing new stored")
        .arg(QFileInfo(file).fileName(), ids.size() > 1 ? QStringLiteral("s") : QString(),
             ids.join(QStringLiteral(", ")),
             origin ? QStringLiteral(" (%1)").arg(origin->describe()) : QString());
}

} // namespace burstlab
