#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// What the user adds to an import: the runs' label and, for the line-rate
// check, the link speed the results were measured on (the source rarely
// says).
struct ImportOptions {
    QString label;
    std::optional<double> linkSpeedMbps;
};

// The CLI's `import --format pktgen|netdev FILE --label TEXT [--link-speed S]`:
// reads the file and parses it; errors name the file (and the line).
std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const ImportOptions &options, QString *error);

} // namespace burstlab
