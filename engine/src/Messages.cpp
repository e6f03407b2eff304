#include "Messages.h"

namespace burstlab::engine::messages {

namespace {

// Preamble 7 + SFD 1 + inter-frame gap 12 + FCS 4 bytes per frame on the wire.
constexpr uint64_t kL1Overhead = 24;

uint64_t tscToNs(uint64_t cycles, uint64_t hz) {
    return static_cast<uint64_t>(static_cast<long double>(cycles) * 1e9L / hz);
}

void putCounters(Json &j, const CounterSnapshot &c) {
    j["tx_pkts"] = c.txPkts;
    j["tx_bytes"] = c.txBytes;
    j["tx_calls"] = c.txCalls;
    j["ring_full"] = c.ringFull;
    j["retries"] = c.retries;
    j["alloc_fail"] = c.allocFail;
    j["busy_cycles"] = c.busyCycles;
    j["mbufs_built"] = c.mbufsBuilt;
    j["burst_hist"] = c.burstHist;
}

double perPacket(uint64_t total, uint64_t pkts) {
    return pkts == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(pkts);
}

} // namespace

Json ack(const nlohmann::json &id, const std::optional<ProtocolError> &error) {
    Json j = {{"type", "ack"}, {"id", id}, {"ok", !error}};
    if (error) {
        j["error"] = {{"code", error->code},
                      {"field", error->field.empty() ? Json(nullptr) : Json(error->field)},
                      {"message", error->message}};
    }
    return j;
}

Json fatalError(const std::string &code, const std::string &message) {
    return {{"type", "error"}, {"fatal", true}, {"code", code}, {"message", message}};
}

Json stats(const Step &step, uint64_t nowTsc, uint64_t tscHz, std::optional<uint64_t> rxPkts) {
    Json j = {
        {"type", "stats"}, {"id", step.id()}, {"t_ns", tscToNs(nowTsc - step.startTsc(), tscHz)}};
    putCounters(j, step.totals());
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
    putCounters(j, c);
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
    if (end.rxPkts) {
        j["rx_pkts"] = *end.rxPkts;
    }
    Json lcores = Json::array();
    for (const LcoreResult &l : step.perLcore()) {
        lcores.push_back({{"lcore", l.lcore},
                          {"queue", l.queue},
                          {"tx_pkts", l.counters.txPkts},
                          {"tx_calls", l.counters.txCalls},
                          {"busy_cycles", l.counters.busyCycles},
                          {"mbufs_built", l.counters.mbufsBuilt},
                          {"cpu_ns", l.counters.cpuNs},
                          {"cycles_per_pkt", perPacket(l.counters.busyCycles, l.counters.txPkts)}});
    }
    j["lcores"] = lcores;
    j["params"] = step.params().toJson();
    return j;
}

} // namespace burstlab::engine::messages
