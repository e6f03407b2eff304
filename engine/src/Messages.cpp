#include "Messages.h"

#include <algorithm>

namespace burstlab::engine::messages {

namespace {

// Preamble 7 + SFD 1 + inter-frame gap 12 + FCS 4 bytes per frame on the wire.
constexpr uint64_t kL1Overhead = 24;

uint64_t tscToNs(uint64_t cycles, uint64_t hz) {
    return static_cast<uint64_t>(static_cast<long double>(cycles) * 1e9L / hz);
}

// The step's counters with its burst histogram (stats, finished), or an
// lcore's, which include those only an lcore reports.
void putCounters(Json &j, const CounterSnapshot &c, bool perLcore) {
    for (const CounterField &f : kCounterFields) {
        if (f.inTotals || perLcore) {
            j[f.name] = c.*f.value;
        }
    }
    if (!perLcore) {
        j["burst_hist"] = c.burstHist;
    }
}

double perPacket(uint64_t total, uint64_t pkts) {
    return pkts == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(pkts);
}

double perSecond(uint64_t count, uint64_t ns) {
    return ns == 0 ? 0.0 : static_cast<double>(count) * 1e9 / static_cast<double>(ns);
}

// A window's edges in ns from the step's start; its length is their
// difference, so the three figures printed agree to the nanosecond.
struct WindowNs {
    uint64_t start = 0;
    uint64_t end = 0;
    uint64_t length() const { return end - start; }
};

WindowNs windowNs(uint64_t startTsc, uint64_t endTsc, uint64_t stepStartTsc, uint64_t hz) {
    // A TX lcore reads its clock after the main lcore noted the step's start;
    // were the cores' TSCs a few cycles apart, the edge is the start.
    const auto since = [&](uint64_t tsc) {
        return tsc > stepStartTsc ? tscToNs(tsc - stepStartTsc, hz) : 0;
    };
    return {since(startTsc), since(endTsc)};
}

// One lcore's window.
Json lcoreWindow(const LcoreWindow &w, uint16_t size, uint64_t stepStartTsc, uint64_t hz) {
    const WindowNs ns = w.pkts == 0 ? WindowNs{} : windowNs(w.startTsc, w.endTsc, stepStartTsc, hz);
    return {{"tx_pkts", w.pkts},
            {"tx_bytes", w.pkts * size},
            {"tx_calls", w.calls},
            {"start_ns", ns.start},
            {"end_ns", ns.end},
            {"ns", ns.length()},
            {"pps", perSecond(w.pkts, ns.length())}};
}

// The step's window from its lcores' (docs/protocol.md, "finished"): their
// packets, bytes and calls added up; the rate is the sum of the lcores'
// rates, each over its own window; ns is the time all of them were in their
// windows (the latest start to the earliest end), the common window.
Json stepWindow(const std::vector<LcoreResult> &lcores, const StepParams &params,
                uint64_t stepStartTsc, uint64_t hz) {
    uint64_t pkts = 0, calls = 0, latestStart = 0, earliestEnd = UINT64_MAX;
    double pps = 0;
    unsigned measured = 0;
    for (const LcoreResult &l : lcores) {
        const LcoreWindow &w = l.window;
        if (w.pkts == 0) {
            continue;
        }
        ++measured;
        pkts += w.pkts;
        calls += w.calls;
        latestStart = std::max(latestStart, w.startTsc);
        earliestEnd = std::min(earliestEnd, w.endTsc);
        pps += perSecond(w.pkts, windowNs(w.startTsc, w.endTsc, stepStartTsc, hz).length());
    }
    const WindowNs common = measured != 0 && earliestEnd > latestStart
                                ? windowNs(latestStart, earliestEnd, stepStartTsc, hz)
                                : WindowNs{};
    const uint16_t size = static_cast<uint16_t>(params.pktSize);
    return {{"warmup_ms", params.warmupMs},
            {"lcores", measured},
            {"tx_pkts", pkts},
            {"tx_bytes", pkts * size},
            {"tx_calls", calls},
            {"start_ns", common.start},
            {"end_ns", common.end},
            {"ns", common.length()},
            {"pps", pps},
            {"target_pps", params.ratePps},
            {"ns_per_pkt", pps > 0 ? 1e9 / pps : 0.0},
            {"bps_l2", pps * size * 8},
            {"bps_l1", pps * static_cast<double>(size + kL1Overhead) * 8}};
}

template <typename T> Json optionalJson(const std::optional<T> &v) {
    return v ? Json(*v) : Json();
}

void putSink(Json &j, const SinkClassifier &sink, const RxDropCounters &drops, uint64_t txPkts,
             uint64_t hz) {
    const SinkCounts &c = sink.counts();
    j["rx_pkts"] = c.ours;
    j["rx_foreign"] = c.foreign;
    j["rx_late"] = c.late;
    // Lost on the path: sent, and neither received nor dropped by the port.
    const uint64_t dropped = drops.total();
    j["rx_dropped"] = dropped;
    j["rx_drops"] = {{"imissed", drops.imissed},
                     {"ierrors", drops.ierrors},
                     {"rx_nombuf", drops.rxNombuf},
                     {"kernel_ring", optionalJson(drops.kernelRing)}};
    j["rx_lost"] = txPkts > c.ours + dropped ? txPkts - c.ours - dropped : 0;
    j["rx_duplicates"] = c.duplicates;
    j["rx_reordered"] = c.reordered;
    const LatencyHistogram &h = sink.latency();
    if (h.count() == 0) {
        j["latency_ns"] = nullptr;
        return;
    }
    j["latency_ns"] = {{"samples", h.count()},
                       {"min", tscToNs(h.min(), hz)},
                       {"median", tscToNs(h.quantile(0.5), hz)},
                       {"p99", tscToNs(h.quantile(0.99), hz)},
                       {"max", tscToNs(h.max(), hz)}};
}

} // namespace

Json stats(const Step &step, uint64_t nowTsc, uint64_t tscHz, std::optional<uint64_t> rxPkts) {
    Json j = {
        {"type", "stats"}, {"id", step.id()}, {"t_ns", tscToNs(nowTsc - step.startTsc(), tscHz)}};
    putCounters(j, step.totals(), false);
    if (rxPkts) {
        j["rx_pkts"] = *rxPkts;
    }
    return j;
}

Json finished(const Step &step, const StepEnd &end) {
    const CounterSnapshot c = step.totals();
    const uint64_t elapsedNs = tscToNs(step.endTsc() - step.startTsc(), end.tscHz);
    const double seconds = static_cast<double>(elapsedNs) / 1e9;
    const double pps = seconds > 0 ? static_cast<double>(c.txPkts) / seconds : 0.0;
    Json j = {{"type", "finished"}, {"id", step.id()}, {"reason", end.reason}};
    putCounters(j, c, false);
    j["elapsed_ns"] = elapsedNs;
    j["pps"] = pps;
    j["ns_per_pkt"] = pps > 0 ? 1e9 / pps : 0.0;
    j["bps_l2"] = seconds > 0 ? static_cast<double>(c.txBytes) * 8 / seconds : 0.0;
    j["bps_l1"] =
        seconds > 0 ? static_cast<double>(c.txBytes + c.txPkts * kL1Overhead) * 8 / seconds : 0.0;
    j["cycles_per_pkt"] = perPacket(c.busyCycles, c.txPkts);
    j["cpu_ns_per_pkt"] = perPacket(c.cpuNs, c.txPkts);
    j["mbufs_in_use"] = end.mbufsInUse;
    const uint64_t firstTx = step.firstTxTsc();
    j["first_tx_ns"] = firstTx ? Json(tscToNs(firstTx - step.commandTsc(), end.tscHz)) : Json();
    const std::vector<LcoreResult> perLcore = step.perLcore();
    j["window"] = stepWindow(perLcore, step.params(), step.startTsc(), end.tscHz);
    std::vector<std::optional<ThreadFigures>> threads;
    for (const LcoreResult &l : perLcore) {
        threads.push_back(figuresOf(l.usage, l.window.pkts, end.tscHz));
    }
    j["thread"] = stepThread(threads);
    if (end.sink) {
        putSink(j, *end.sink, end.sinkDrops, c.txPkts, end.tscHz);
    }
    const auto size = static_cast<uint16_t>(step.params().pktSize);
    Json lcores = Json::array();
    for (size_t i = 0; i < perLcore.size(); ++i) {
        const LcoreResult &l = perLcore[i];
        Json entry = {{"lcore", l.lcore}, {"queue", l.queue}};
        putCounters(entry, l.counters, true);
        entry["cycles_per_pkt"] = perPacket(l.counters.busyCycles, l.counters.txPkts);
        entry["window"] = lcoreWindow(l.window, size, step.startTsc(), end.tscHz);
        entry["thread"] = lcoreThread(threads[i]);
        lcores.push_back(entry);
    }
    j["lcores"] = lcores;
    j["params"] = step.params().toJson();
    return j;
}

} // namespace burstlab::engine::messages
