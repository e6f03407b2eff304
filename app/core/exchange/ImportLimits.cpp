#include "exchange/ImportLimits.h"

namespace burstlab {

bool tooManyImportRows(qsizetype rows, QString *error) {
    if (rows <= maxImportRows)
        return false;
    if (error)
        *error = QStringLiteral("more than %1 result rows (the import limit)").arg(maxImportRows);
    return true;
}

} // namespace burstlab
