#include "util/Version.h"
#include "BuildInfo.h"

namespace burstlab {
QString versionString() {
    return QStringLiteral("%1 (%2)").arg(QLatin1String(build::version), QLatin1String(build::gitHash));
}
} // namespace burstlab
