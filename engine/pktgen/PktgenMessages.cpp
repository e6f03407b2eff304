#include "PktgenMessages.h"

#include "TakenParameters.h"
#include "Windows.h"

#include <algorithm>

namespace burstlab::engine::pktgen {

protocol::Hello hello(const HelloFacts &f) {
    protocol::Hello h;
    h.engineKind = "pktgen";
    h.engineVersion = BURSTLAB_ENGINE_VERSION;
    h.kernelVersion = f.kernelVersion;
    h.pktgenVersion = pktgenVersionOf(f.pgctrlText);
    // The kernel's nanoseconds are the engine's clock.
    h.tscHz = 1000000000;
    h.calibration = {"clock_monotonic", 0, 0};
    // pktgen has no lcores: its kpktgend threads' CPUs stand for them.
    h.mainLcore = -1;
    h.workerLcores = f.threadCpus;
    h.workerCpus = f.threadCpus;
    h.numaNodes = 1;
    const auto add = [&h](const char *role, const KernelDevice &d) {
        h.ports.push_back({role, static_cast<uint16_t>(h.ports.size()), d.name, d.driver, d.mac,
                           d.speedMbps, d.up, d.mtu, d.txQueues, std::nullopt, std::nullopt});
    };
    for (const KernelDevice &d : f.devices) {
        add("tx", d);
    }
    for (const KernelDevice &d : f.sinks) {
        add("sink", d);
    }
    h.limits = onlyTaken(EngineKind::Pktgen, f.limits);
    h.defaults = onlyTaken(EngineKind::Pktgen, f.defaults);
    h.profiling = f.profiling;
    return h;
}

protocol::Stats stats(int64_t id, uint64_t tNs, const StepParams &params,
                      const std::vector<std::string> &entryTexts, std::optional<uint64_t> rxPkts) {
    protocol::Stats s;
    s.id = id;
    s.tNs = tNs;
    s.rxPkts = rxPkts;
    uint64_t errors = 0;
    for (const std::string &text : entryTexts) {
        if (const auto entry = parseEntryText(text)) {
            s.counters.txPkts += entry->sofar;
            errors += entry->errors;
        }
    }
    s.counters.txBytes = s.counters.txPkts * params.pktSize;
    s.counters.txErrors = errors;
    return s;
}

protocol::Finished finished(const StepRecord &step) {
    const uint64_t size = step.params.pktSize;
    protocol::Finished f;
    f.id = step.id;
    f.reason = step.reason;
    f.startError = step.startError;
    uint64_t errors = 0;
    // The entries' windows are pktgen's own: from its start of the entry to
    // its last packet, in its microseconds of CLOCK_MONOTONIC.
    const auto sinceCommand = [&](uint64_t us) {
        return us * 1000 > step.commandNs ? us * 1000 - step.commandNs : 0;
    };
    std::vector<protocol::LcoreSpan> spans;
    for (const EntryRecord &e : step.entries) {
        const auto text = parseEntryText(e.text);
        const uint64_t sofar = text ? text->sofar : 0;
        protocol::LcoreSpan span{false, sofar, std::nullopt, 0, 0};
        protocol::LcoreEntry entry;
        entry.lcore = e.cpu;
        entry.queue = e.queue;
        entry.device = e.name;
        entry.counters.txPkts = sofar;
        entry.counters.txBytes = sofar * size;
        entry.counters.txErrors = text ? text->errors : 0;
        entry.pktgenPps = text && text->result
                              ? std::optional<double>(static_cast<double>(text->result->pps))
                              : std::nullopt;
        if (text && text->result && sofar > 0) {
            const uint64_t start = sinceCommand(text->startedUs);
            span = {true, sofar, std::nullopt, start, start + text->result->usec * 1000};
            if (e.before && e.after) {
                entry.thread = protocol::ThreadFigures::over(*e.before, *e.after,
                                                             span.endNs - span.startNs, sofar);
            }
        }
        errors += *entry.counters.txErrors;
        spans.push_back(span);
        f.lcores.push_back(entry);
        f.threads.push_back(entry.thread);
    }
    f.counters.txPkts = sentBy(step.entries);
    f.counters.txBytes = f.counters.txPkts * size;
    f.counters.txErrors = errors;
    // Every time of the step counts from its start, pktgen's start of its
    // first entry, as the DPDK engine's count from the launch of its lcores:
    // the windows then lie within the step's elapsed time.
    uint64_t firstStart = UINT64_MAX, lastEnd = 0;
    bool measured = false;
    for (const protocol::LcoreSpan &s : spans) {
        if (s.measured) {
            measured = true;
            firstStart = std::min(firstStart, s.startNs);
            lastEnd = std::max(lastEnd, s.endNs);
        }
    }
    for (size_t i = 0; i < spans.size(); ++i) {
        if (spans[i].measured) {
            spans[i].startNs -= firstStart;
            spans[i].endNs -= firstStart;
        }
        f.lcores[i].window = protocol::windowOf(spans[i], size);
    }
    f.elapsedNs = measured ? lastEnd - firstStart : 0;
    f.rates = protocol::StepRates::over(f.counters, f.elapsedNs);
    // The step's first packet is at its start, pktgen's start of the first
    // entry, measured from the engine's command.
    if (measured) {
        f.firstTxNs = firstStart;
    }
    f.window = protocol::stepWindowOf(spans, size, 0, step.params.ratePps);
    f.params = onlyTaken(EngineKind::Pktgen, step.params.toJson());
    f.profile = step.profile;
    f.hostSettings = step.hostSettings;
    if (step.sink) {
        // The devices count frames, not this step's packets: nothing to
        // classify, no send time to take a latency from.
        f.sink = protocol::sinkJson(step.sink->packets, std::nullopt, step.sink->drops,
                                    f.counters.txPkts);
        (*f.sink)["latency_ns"] = nullptr;
    }
    return f;
}

uint64_t sentBy(const std::vector<EntryRecord> &entries) {
    uint64_t sent = 0;
    for (const EntryRecord &e : entries) {
        if (const auto text = parseEntryText(e.text)) {
            sent += text->sofar;
        }
    }
    return sent;
}

} // namespace burstlab::engine::pktgen
