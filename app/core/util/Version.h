#pragma once
#include <QString>

namespace burstlab {
// "0.1.0 (abc123def456)": what About boxes, fingerprints and exports print.
QString versionString();
} // namespace burstlab
