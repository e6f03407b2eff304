#pragma once
#include <QString>

namespace burstlab {
// "0.1.0 (abc123def456)", or "0.1.0 (abc123def456, modified)" when built
// from a tree with uncommitted changes: what About boxes and exports print.
QString versionString();
} // namespace burstlab
