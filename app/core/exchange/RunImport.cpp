#include "exchange/RunImport.h"
#include "store/RunStore.h"

namespace burstlab {

std::optional<RunImport::Result> RunImport::importInto(RunStore &store, const QString &format,
                                                       const QString &file,
                                                       const ImportOptions &options,
                                                       QString *error) {
    auto runs = importFile(format, file, options, error);
    if (!runs)
        return std::nullopt;
    const auto ids = store.insertRuns(*runs);
    if (!ids) {
        if (error)
            *error = QStringLiteral("%1: nothing stored: %2").arg(file, store.lastError());
        return std::nullopt;
    }
    return Result{*ids, *runs};
}

} // namespace burstlab
