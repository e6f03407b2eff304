#include "Windows.h"

#include <algorithm>

namespace burstlab::protocol {

Window windowOf(const LcoreSpan &span, uint64_t frameBytes) {
    Window w;
    w.txPkts = span.pkts;
    w.txBytes = span.pkts * frameBytes;
    w.txCalls = span.calls;
    if (span.measured) {
        w.startNs = span.startNs;
        w.endNs = span.endNs;
        w.ns = span.endNs - span.startNs;
        w.pps = perSecond(span.pkts, w.ns);
    }
    return w;
}

StepWindow stepWindowOf(const std::vector<LcoreSpan> &spans, uint64_t frameBytes, uint64_t warmupMs,
                        uint64_t targetPps) {
    StepWindow s;
    s.warmupMs = warmupMs;
    s.targetPps = targetPps;
    uint64_t latestStart = 0, earliestEnd = UINT64_MAX;
    std::optional<uint64_t> calls;
    for (const LcoreSpan &l : spans) {
        // An engine that counts calls counts them for every thread.
        if (l.calls) {
            calls = calls.value_or(0) + (l.measured ? *l.calls : 0);
        }
        if (!l.measured) {
            continue;
        }
        ++s.lcores;
        s.window.txPkts += l.pkts;
        latestStart = std::max(latestStart, l.startNs);
        earliestEnd = std::min(earliestEnd, l.endNs);
        s.window.pps += windowOf(l, frameBytes).pps;
    }
    s.window.txBytes = s.window.txPkts * frameBytes;
    s.window.txCalls = calls;
    if (s.lcores != 0 && earliestEnd > latestStart) {
        s.window.startNs = latestStart;
        s.window.endNs = earliestEnd;
        s.window.ns = earliestEnd - latestStart;
    }
    s.nsPerPkt = nsPerPacket(s.window.pps);
    s.bpsL2 = bitsL2(s.window.pps, frameBytes);
    s.bpsL1 = bitsL1(s.window.pps, frameBytes);
    return s;
}

} // namespace burstlab::protocol
