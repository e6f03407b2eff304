#include "StepMessages.h"

#include "TakenParameters.h"

#include "Windows.h"

namespace burstlab::engine::messages {

namespace {

using protocol::tscToNs;

// The step's counters with its burst histogram (stats, finished), or an
// lcore's, with its CPU time instead.
protocol::Counters countersOf(const CounterSnapshot &c, bool perLcore) {
    protocol::Counters out;
    out.txPkts = c.txPkts;
    out.txBytes = c.txBytes;
    out.dpdk = protocol::DpdkCounters{c.txCalls,   c.ringFull,   c.retries,
                                      c.allocFail, c.busyCycles, c.mbufsBuilt};
    if (perLcore) {
        out.cpuNs = c.cpuNs;
    } else {
        out.burstHist = c.burstHist;
    }
    return out;
}

// An lcore's window in ns from the step's start. A TX lcore reads its clock
// after the main lcore noted the step's start; were the cores' TSCs a few
// cycles apart, the edge is the start.
protocol::LcoreSpan spanOf(const LcoreWindow &w, uint64_t stepStartTsc, uint64_t hz) {
    const auto since = [&](uint64_t tsc) {
        return tsc > stepStartTsc ? tscToNs(tsc - stepStartTsc, hz) : 0;
    };
    const bool measured = w.pkts != 0;
    return {measured, w.pkts, w.calls, measured ? since(w.startTsc) : 0,
            measured ? since(w.endTsc) : 0};
}

// The sink's figures (docs/protocol.md, "The sink's figures").
Json sinkJson(const SinkClassifier &sink, const RxDropCounters &drops, uint64_t txPkts,
              uint64_t hz) {
    const SinkCounts &c = sink.counts();
    Json j = protocol::sinkJson(
        c.ours, protocol::SinkClasses{c.foreign, c.late, c.duplicates, c.reordered}, drops, txPkts);
    const LatencyHistogram &h = sink.latency();
    if (h.count() == 0) {
        j["latency_ns"] = nullptr;
        return j;
    }
    j["latency_ns"] = {{"samples", h.count()},
                       {"min", tscToNs(h.min(), hz)},
                       {"median", tscToNs(h.quantile(0.5), hz)},
                       {"p99", tscToNs(h.quantile(0.99), hz)},
                       {"max", tscToNs(h.max(), hz)}};
    return j;
}

} // namespace

StepRecord StepRecord::of(const Step &step) {
    return {step.id(),         step.params(),   step.totals(), step.perLcore(),
            step.commandTsc(), step.startTsc(), step.endTsc(), step.firstTxTsc()};
}

protocol::Stats stats(int64_t id, uint64_t tNs, const CounterSnapshot &totals,
                      std::optional<uint64_t> rxPkts) {
    return {id, tNs, countersOf(totals, false), rxPkts};
}

protocol::Finished finished(const StepRecord &step, const StepEnd &end) {
    const CounterSnapshot &c = step.totals;
    const uint64_t size = step.params.pktSize;
    protocol::Finished f;
    f.id = step.id;
    f.reason = end.reason;
    f.counters = countersOf(c, false);
    f.elapsedNs = tscToNs(step.endTsc - step.startTsc, end.tscHz);
    f.rates = protocol::StepRates::over(f.counters, f.elapsedNs);
    f.cyclesPerPkt = protocol::perPacket(c.busyCycles, c.txPkts);
    f.cpuNsPerPkt = protocol::perPacket(c.cpuNs, c.txPkts);
    f.mbufsInUse = end.mbufsInUse;
    f.hostSettings = end.hostSettings;
    if (step.firstTxTsc != 0) {
        f.firstTxNs = tscToNs(step.firstTxTsc - step.commandTsc, end.tscHz);
    }
    std::vector<protocol::LcoreSpan> spans;
    for (const LcoreResult &l : step.lcores) {
        const protocol::LcoreSpan span = spanOf(l.window, step.startTsc, end.tscHz);
        spans.push_back(span);
        protocol::LcoreEntry entry;
        entry.lcore = l.lcore;
        entry.queue = l.queue;
        entry.counters = countersOf(l.counters, true);
        entry.cyclesPerPkt = protocol::perPacket(l.counters.busyCycles, l.counters.txPkts);
        entry.window = protocol::windowOf(span, size);
        entry.thread = figuresOf(l.usage, l.window.pkts, end.tscHz);
        f.threads.push_back(entry.thread);
        f.lcores.push_back(entry);
    }
    f.window = protocol::stepWindowOf(spans, size, step.params.warmupMs, step.params.ratePps);
    if (end.sink) {
        f.sink = sinkJson(*end.sink, end.sinkDrops, c.txPkts, end.tscHz);
    }
    f.params = onlyTaken(EngineKind::Dpdk, step.params.toJson());
    f.profile = end.profile;
    return f;
}

} // namespace burstlab::engine::messages
