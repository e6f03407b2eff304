#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// The CLI's `import --format pktgen|netdev FILE --label TEXT`: reads the file
// and parses it; errors name the file.
std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const QString &label, QString *error);

} // namespace burstlab
