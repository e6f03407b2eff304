#include "Figures.h"

namespace burstlab::protocol {

double perSecond(uint64_t count, uint64_t ns) {
    return ns == 0 ? 0.0 : static_cast<double>(count) * 1e9 / static_cast<double>(ns);
}

double perPacket(uint64_t total, uint64_t pkts) {
    return pkts == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(pkts);
}

double nsPerPacket(double pps) {
    return pps > 0 ? 1e9 / pps : 0.0;
}

double bitsL2(double pps, uint64_t frameBytes) {
    return pps * static_cast<double>(frameBytes) * 8;
}

double bitsL1(double pps, uint64_t frameBytes) {
    return bitsL2(pps, frameBytes + kL1OverheadBytes);
}

uint64_t tscToNs(uint64_t cycles, uint64_t hz) {
    return static_cast<uint64_t>(static_cast<long double>(cycles) * 1e9L / hz);
}

} // namespace burstlab::protocol
