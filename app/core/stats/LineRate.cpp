#include "stats/LineRate.h"
#include <algorithm>

namespace burstlab {

namespace {
constexpr int minFrameWithoutFcs = 60;
constexpr int fcsBytes = 4;
constexpr int preambleSfdGapBytes = 20; // 7 preamble + 1 SFD + 12 inter-frame gap
// Rounding in a rate printed as an integer must not count as "too high".
constexpr double tolerance = 1e-6;
} // namespace

int LineRate::wireBytes(int frameBytesWithoutFcs) {
    return std::max(frameBytesWithoutFcs, minFrameWithoutFcs) + fcsBytes + preambleSfdGapBytes;
}

double LineRate::pps(double linkMbps, int frameBytesWithoutFcs) {
    return linkMbps * 1e6 / (8.0 * wireBytes(frameBytesWithoutFcs));
}

bool LineRate::above(double measuredPps, double linkMbps, int frameBytesWithoutFcs) {
    return linkMbps > 0 && measuredPps > pps(linkMbps, frameBytesWithoutFcs) * (1 + tolerance);
}

} // namespace burstlab
