#include "util/Version.h"
#include "BuildInfo.h"
#include "util/BuildFacts.h"

namespace burstlab {
QString versionString() {
    return QStringLiteral("%1 (%2%3)")
        .arg(QLatin1String(build::version), QLatin1String(build::gitHash()),
             build::gitDirty() ? QStringLiteral(", modified") : QString());
}
} // namespace burstlab
