#include "Messages.h"

namespace burstlab::protocol {

namespace {

template <typename T> Json orNull(const std::optional<T> &v) {
    return v ? Json(*v) : Json();
}

void putCounters(Json &j, const Counters &c) {
    j["tx_pkts"] = c.txPkts;
    j["tx_bytes"] = c.txBytes;
    if (c.txErrors) {
        j["tx_errors"] = *c.txErrors;
    }
    if (c.dpdk) {
        j["tx_calls"] = c.dpdk->txCalls;
        j["ring_full"] = c.dpdk->ringFull;
        j["retries"] = c.dpdk->retries;
        j["alloc_fail"] = c.dpdk->allocFail;
        j["busy_cycles"] = c.dpdk->busyCycles;
        j["mbufs_built"] = c.dpdk->mbufsBuilt;
    }
    if (c.cpuNs) {
        j["cpu_ns"] = *c.cpuNs;
    }
    if (c.burstHist) {
        j["burst_hist"] = *c.burstHist;
    }
}

void putWindow(Json &j, const Window &w) {
    j["tx_pkts"] = w.txPkts;
    j["tx_bytes"] = w.txBytes;
    if (w.txCalls) {
        j["tx_calls"] = *w.txCalls;
    }
    j["start_ns"] = w.startNs;
    j["end_ns"] = w.endNs;
    j["ns"] = w.ns;
    j["pps"] = w.pps;
}

Json windowJson(const Window &w) {
    Json j = Json::object();
    putWindow(j, w);
    return j;
}

Json stepWindowJson(const StepWindow &s) {
    Json j = {{"warmup_ms", s.warmupMs}, {"lcores", s.lcores}};
    putWindow(j, s.window);
    j["target_pps"] = s.targetPps;
    j["ns_per_pkt"] = s.nsPerPkt;
    j["bps_l2"] = s.bpsL2;
    j["bps_l1"] = s.bpsL1;
    return j;
}

Json threadJson(const std::optional<ThreadFigures> &f) {
    if (!f) {
        return nullptr;
    }
    return {{"cpu", f->cpu},
            {"wall_ns", f->wallNs},
            {"on_cpu_ns", f->onCpuNs},
            {"cpu_share", f->cpuShare},
            {"involuntary_switches", f->involuntary},
            {"voluntary_switches", f->voluntary},
            {"steal_ns", orNull(f->stealNs)},
            {"steal_share", orNull(f->stealShare)},
            {"cpu_pps", f->cpuPps}};
}

Json stepThreadJson(const std::vector<std::optional<ThreadFigures>> &lcores) {
    const auto s = StepThreadFigures::over(lcores);
    if (!s) {
        return nullptr;
    }
    return {{"lcores", s->lcores},
            {"wall_ns", s->wallNs},
            {"on_cpu_ns", s->onCpuNs},
            {"min_cpu_share", s->minCpuShare},
            {"involuntary_switches", s->involuntary},
            {"voluntary_switches", s->voluntary},
            {"steal_ns", orNull(s->stealNs)},
            {"max_steal_share", orNull(s->maxStealShare)},
            {"cpu_pps", s->cpuPps},
            {"cpu_ns_per_pkt", nsPerPacket(s->cpuPps)}};
}

Json lcoreJson(const LcoreEntry &l) {
    Json j = {{"lcore", l.lcore}, {"queue", l.queue}};
    if (l.device) {
        j["device"] = *l.device;
    }
    putCounters(j, l.counters);
    if (l.cyclesPerPkt) {
        j["cycles_per_pkt"] = *l.cyclesPerPkt;
    }
    if (l.pktgenPps) {
        j["pktgen_pps"] = orNull(*l.pktgenPps);
    }
    j["window"] = windowJson(l.window);
    j["thread"] = threadJson(l.thread);
    return j;
}

Json portJson(const Port &p) {
    Json j = {{"role", p.role},      {"port_id", p.portId}, {"name", p.name},
              {"driver", p.driver},  {"mac", p.mac},        {"link_speed_mbps", p.linkSpeedMbps},
              {"link_up", p.linkUp}, {"mtu", p.mtu},        {"max_tx_queues", p.maxTxQueues}};
    if (p.ring) {
        j["tx_desc_min"] = p.ring->txDescMin;
        j["tx_desc_max"] = p.ring->txDescMax;
        j["tx_desc_align"] = p.ring->txDescAlign;
        j["numa_node"] = p.ring->numaNode;
        j["tx_done_cleanup"] = p.ring->txDoneCleanup;
    }
    if (p.qdiscBypass) {
        j["qdisc_bypass"] = *p.qdiscBypass;
    }
    return j;
}

Json profileJson(const Profile &p) {
    Json functions = Json::array();
    for (const ProfileFunction &f : p.functions) {
        functions.push_back({{"name", f.name}, {"module", f.module}, {"samples", f.samples}});
    }
    Json stacks = Json::array();
    for (const ProfileStack &s : p.stacks) {
        stacks.push_back({{"stack", s.stack}, {"samples", s.samples}});
    }
    return {{"event", p.event},     {"hz", p.hz},     {"kernel", p.kernel},
            {"samples", p.samples}, {"lost", p.lost}, {"functions", functions},
            {"stacks", stacks}};
}

} // namespace

StepRates StepRates::over(const Counters &c, uint64_t elapsedNs) {
    StepRates r;
    r.pps = perSecond(c.txPkts, elapsedNs);
    r.nsPerPkt = nsPerPacket(r.pps);
    r.bpsL2 = perSecond(c.txBytes, elapsedNs) * 8;
    r.bpsL1 = perSecond(c.txBytes + c.txPkts * kL1OverheadBytes, elapsedNs) * 8;
    return r;
}

Json toJson(const Hello &m) {
    Json j = {{"type", "hello"},
              {"protocol", kVersion},
              {"engine_kind", m.engineKind},
              {"engine_version", m.engineVersion}};
    const std::pair<const char *, const std::optional<std::string> &> versions[] = {
        {"dpdk_version", m.dpdkVersion},
        {"kernel_version", m.kernelVersion},
        {"pktgen_version", m.pktgenVersion}};
    for (const auto &[name, value] : versions) {
        if (value) {
            j[name] = *value;
        }
    }
    j["tsc_hz"] = m.tscHz;
    j["tsc_calibration"] = {{"source", m.calibration.source},
                            {"span_ns", m.calibration.spanNs},
                            {"dpdk_hz", m.calibration.dpdkHz}};
    j["main_lcore"] = m.mainLcore;
    j["worker_lcores"] = m.workerLcores;
    j["worker_cpus"] = m.workerCpus;
    j["numa_nodes"] = m.numaNodes;
    if (m.filePrefix) {
        j["file_prefix"] = *m.filePrefix;
    }
    Json ports = Json::array();
    for (const Port &p : m.ports) {
        ports.push_back(portJson(p));
    }
    j["ports"] = ports;
    if (m.signature) {
        j["signature"] = *m.signature;
    }
    if (m.profiling) {
        j["profiling"] = {{"available", m.profiling->available},
                          {"event", m.profiling->event},
                          {"kernel", m.profiling->kernel},
                          {"reason", m.profiling->reason}};
    }
    j["limits"] = m.limits;
    j["defaults"] = m.defaults;
    return j;
}

Json toJson(const Stats &m) {
    Json j = {{"type", "stats"}, {"id", m.id}, {"t_ns", m.tNs}};
    putCounters(j, m.counters);
    if (m.rxPkts) {
        j["rx_pkts"] = *m.rxPkts;
    }
    return j;
}

Json toJson(const Finished &m) {
    Json j = {{"type", "finished"}, {"id", m.id}, {"reason", m.reason}};
    putCounters(j, m.counters);
    j["elapsed_ns"] = m.elapsedNs;
    j["pps"] = m.rates.pps;
    j["ns_per_pkt"] = m.rates.nsPerPkt;
    j["bps_l2"] = m.rates.bpsL2;
    j["bps_l1"] = m.rates.bpsL1;
    const std::pair<const char *, std::optional<double>> perPkt[] = {
        {"cycles_per_pkt", m.cyclesPerPkt}, {"cpu_ns_per_pkt", m.cpuNsPerPkt}};
    for (const auto &[name, value] : perPkt) {
        if (value) {
            j[name] = *value;
        }
    }
    if (m.mbufsInUse) {
        j["mbufs_in_use"] = *m.mbufsInUse;
    }
    j["first_tx_ns"] = orNull(m.firstTxNs);
    j["window"] = stepWindowJson(m.window);
    j["thread"] = stepThreadJson(m.threads);
    if (m.sink) {
        for (const auto &[key, value] : m.sink->items()) {
            j[key] = value;
        }
    }
    Json lcores = Json::array();
    for (const LcoreEntry &l : m.lcores) {
        lcores.push_back(lcoreJson(l));
    }
    j["lcores"] = lcores;
    j["params"] = m.params;
    if (m.startError) {
        j["start_error"] = *m.startError;
    }
    if (m.hostSettings) {
        j["host_settings"] = *m.hostSettings;
    }
    if (m.profile) {
        j["profile"] = profileJson(*m.profile);
    }
    return j;
}

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

} // namespace burstlab::protocol
