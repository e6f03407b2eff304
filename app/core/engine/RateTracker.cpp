#include "engine/RateTracker.h"

namespace burstlab {

double RateTracker::pps(qint64 packets, qint64 ns) {
    return ns > 0 ? double(packets) * 1e9 / double(ns) : 0.0;
}

double RateTracker::nsPerPacket(qint64 packets, qint64 ns) {
    return packets > 0 ? double(ns) / double(packets) : 0.0;
}

double RateTracker::mbps(qint64 bytes, qint64 ns) {
    return ns > 0 ? double(bytes) * 8.0 * 1e3 / double(ns) : 0.0;
}

StepRates RateTracker::add(const Sample &s) {
    // A sample that does not move time forward (a repeat, or a new step) starts
    // the interval afresh rather than dividing by zero or going negative.
    if (s.tNs <= m_previous.tNs || s.txPkts < m_previous.txPkts)
        m_previous = Sample{};
    const qint64 dt = s.tNs - m_previous.tNs;
    const qint64 dp = s.txPkts - m_previous.txPkts;
    StepRates r;
    r.intervalPps = pps(dp, dt);
    r.intervalMbps = mbps(s.txBytes - m_previous.txBytes, dt);
    r.intervalNsPerPkt = nsPerPacket(dp, dt);
    r.totalPps = pps(s.txPkts, s.tNs);
    r.totalMbps = mbps(s.txBytes, s.tNs);
    r.totalNsPerPkt = nsPerPacket(s.txPkts, s.tNs);
    r.elapsedSeconds = double(s.tNs) / 1e9;
    m_previous = s;
    return r;
}

} // namespace burstlab
