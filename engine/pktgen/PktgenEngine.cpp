#include "PktgenEngine.h"

#include "PktgenText.h"
#include "Quota.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

using Json = messages::Json;

// Preamble 7 + SFD 1 + inter-frame gap 12 + FCS 4 bytes per frame on the wire.
constexpr uint64_t kL1Overhead = 24;
// pktgen reads a number of at most 10 digits.
constexpr int64_t kPktgenMaxNumber = 9999999999LL;
// rem_device_all is carried out by the thread within about 125 ms.
constexpr auto kRemoveWait = std::chrono::seconds(3);
// How often a step's start is looked for when its duration is over before
// pktgen took the start up.
constexpr uint64_t kNotStartedRetryNs = 10000000;
// How often a stop is written again until pktgen took it.
constexpr int kStopRepeatMs = 50;
// pktgen's own default: a step that sets no burst sends as pktgen does.
constexpr uint32_t kPktgenBurst = 1;

constexpr std::array kNotTaken = {"warmup_ms", "tx_desc", "timestamp"};

uint64_t monotonicNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<uint64_t>(ts.tv_nsec);
}

bool waitReadable(int fd, int timeoutMs) {
    pollfd p{fd, POLLIN, 0};
    return poll(&p, 1, timeoutMs) > 0;
}

double perSecond(uint64_t count, uint64_t ns) {
    return ns == 0 ? 0.0 : static_cast<double>(count) * 1e9 / static_cast<double>(ns);
}

Json withoutNotTaken(Json j) {
    for (const char *name : kNotTaken) {
        j.erase(name);
    }
    return j;
}

std::string kernelVersion() {
    utsname u{};
    return uname(&u) == 0 ? u.release : "";
}

uint64_t sendGapNs(const StepParams &p, uint32_t queues) {
    return static_cast<uint64_t>(1e9 * p.burst * queues / static_cast<double>(p.ratePps));
}

// A pktgen command for an entry and the burstlab parameter it comes from.
struct Setting {
    const char *field;
    std::string command;
};

std::vector<Setting> settingsOf(const StepParams &p, uint64_t quota, uint32_t queue,
                                uint32_t queues) {
    std::vector<Setting> s = {
        {"count", "count " + std::to_string(quota)},
        {"pkt_size", "pkt_size " + std::to_string(p.pktSize)},
        {"burst", "burst " + std::to_string(p.burst)},
        {"clone", "clone_skb " + std::to_string(p.clone)},
        {"src_mac", "src_mac " + formatMac(p.srcMac)},
        {"dst_mac", "dst_mac " + formatMac(p.dstMac)},
        {"src_ip", "src_min " + formatIp(p.srcIp.host)},
        {"src_ip", "src_max " + formatIp(p.srcIp.host)},
        {"dst_ip", "dst_min " + formatIp(p.dstIp.host)},
        {"dst_ip", "dst_max " + formatIp(p.dstIp.host + p.flows - 1)},
        {"udp_src", "udp_src_min " + std::to_string(p.udpSrc.lo)},
        {"udp_src", "udp_src_max " + std::to_string(p.udpSrc.hi)},
        {"udp_dst", "udp_dst_min " + std::to_string(p.udpDst.lo)},
        {"udp_dst", "udp_dst_max " + std::to_string(p.udpDst.hi)},
        {"queues", "queue_map_min " + std::to_string(queue)},
        {"queues", "queue_map_max " + std::to_string(queue)},
    };
    if (p.flows > 1) {
        // Flow f is a dst address of its own, taken in turn.
        s.push_back({"flows", "flows " + std::to_string(p.flows)});
        s.push_back({"flows", "flowlen 1"});
        s.push_back({"flows", "flag FLOW_SEQ"});
    }
    if (p.ratePps > 0) {
        // pktgen paces each of its sends, which sends `burst` packets (its
        // ratep is sends per second): the gap between sends in ns.
        s.push_back({"rate_pps", "delay " + std::to_string(sendGapNs(p, queues))});
    }
    if (p.vlan != 0) {
        s.push_back({"vlan", "vlan_id " + std::to_string(p.vlan)});
        s.push_back({"vlan_pcp", "vlan_p " + std::to_string(p.vlanPcp)});
    }
    return s;
}

} // namespace

bool pktgenTakes(const std::string &parameter) {
    return std::find(kNotTaken.begin(), kNotTaken.end(), parameter) == kNotTaken.end();
}

struct PktgenEngine::Step {
    int64_t id = 0;
    StepParams params;
    std::vector<Entry> entries;
    uint64_t commandNs = 0;
    std::thread writer;
    std::atomic<int> startError{0};
    bool stopRequested = false;
    bool durationReached = false;
};

PktgenEngine::PktgenEngine(PktgenProc proc, KernelDevice device, std::vector<unsigned> threadCpus)
    : m_proc(std::move(proc)), m_device(std::move(device)), m_threadCpus(std::move(threadCpus)),
      m_doneFd(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    m_limits.queues.hi = std::min<int64_t>(static_cast<int64_t>(m_threadCpus.size()),
                                           std::max<uint32_t>(m_device.txQueues, 1));
    m_limits.pktSize.hi = std::max<int64_t>(m_limits.pktSize.lo, m_device.mtu + 14);
    m_limits.count.hi = std::min(m_limits.count.hi, kPktgenMaxNumber);
    m_defaults.burst = kPktgenBurst;
    // pktgen sends from the device's own address unless told otherwise.
    unsigned b[6];
    if (std::sscanf(m_device.mac.c_str(), "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2], &b[3],
                    &b[4], &b[5]) == 6) {
        for (size_t i = 0; i < 6; ++i) {
            m_defaults.srcMac[i] = static_cast<uint8_t>(b[i]);
        }
    }
}

PktgenEngine::~PktgenEngine() {
    leaveIdle();
    if (m_doneFd >= 0) {
        close(m_doneFd);
    }
}

std::optional<ProtocolError> PktgenEngine::foreignEntries() const {
    for (unsigned cpu : m_proc.threadCpus()) {
        for (const std::string &entry :
             parseThreadText(m_proc.read(PktgenProc::threadFile(cpu))).all()) {
            if (!isOwnEntry(entry)) {
                return ProtocolError{"port_error", "",
                                     "pktgen is in use: " + PktgenProc::threadFile(cpu) +
                                         " holds " + entry +
                                         ", which is not this engine's; pgctrl's stop would "
                                         "end it too"};
            }
        }
    }
    return std::nullopt;
}

std::string PktgenEngine::claim() {
    if (auto foreign = foreignEntries()) {
        return foreign->message;
    }
    std::vector<unsigned> stale;
    for (unsigned cpu : m_proc.threadCpus()) {
        if (!parseThreadText(m_proc.read(PktgenProc::threadFile(cpu))).all().empty()) {
            stale.push_back(cpu);
        }
    }
    removeEntries(stale);
    m_claimed = true;
    return {};
}

void PktgenEngine::removeEntries(const std::vector<unsigned> &cpus) {
    for (unsigned cpu : cpus) {
        m_proc.write(PktgenProc::threadFile(cpu), "rem_device_all");
    }
    // The threads carry the removal out on their next turn: wait for it, so
    // that idle means no entry on any of them.
    const auto deadline = std::chrono::steady_clock::now() + kRemoveWait;
    for (unsigned cpu : cpus) {
        while (!parseThreadText(m_proc.read(PktgenProc::threadFile(cpu))).all().empty() &&
               std::chrono::steady_clock::now() < deadline) {
            usleep(10000);
        }
    }
}

Json PktgenEngine::hello() const {
    Json port = {{"role", "tx"},
                 {"port_id", 0},
                 {"name", m_device.name},
                 {"driver", m_device.driver},
                 {"mac", m_device.mac},
                 {"link_speed_mbps", m_device.speedMbps},
                 {"link_up", m_device.up},
                 {"mtu", m_device.mtu},
                 {"max_tx_queues", m_device.txQueues}};
    return {{"type", "hello"},
            {"protocol", kProtocolVersion},
            {"engine_kind", "pktgen"},
            {"engine_version", BURSTLAB_ENGINE_VERSION},
            {"kernel_version", kernelVersion()},
            {"pktgen_version", pktgenVersionOf(m_proc.read(PktgenProc::kControl))},
            {"tsc_hz", 1000000000},
            {"tsc_calibration", {{"source", "clock_monotonic"}, {"span_ns", 0}, {"dpdk_hz", 0}}},
            {"main_lcore", -1},
            {"worker_lcores", m_threadCpus},
            {"worker_cpus", m_threadCpus},
            {"numa_nodes", 1},
            {"ports", Json::array({port})},
            {"limits", withoutNotTaken(StepParams::limitsJson(m_limits))},
            {"defaults", withoutNotTaken(m_defaults.toJson())}};
}

std::optional<ProtocolError> PktgenEngine::start(int64_t id, const nlohmann::json &command) {
    if (m_step) {
        return ProtocolError{"busy", "", "a step is running; stop it or wait for its finished"};
    }
    for (const auto &item : command.items()) {
        if (!pktgenTakes(item.key())) {
            return ProtocolError{"unknown_field", item.key(),
                                 item.key() + " is not a parameter of the pktgen engine"};
        }
    }
    StepParams params = m_defaults;
    if (auto error = params.apply(command, m_limits)) {
        return error;
    }
    if (auto foreign = foreignEntries()) {
        return foreign;
    }
    const auto device = KernelDevice::find(m_device.name);
    if (!device || !device->up) {
        return ProtocolError{"port_error", "",
                             m_device.name + (device ? " is down" : " no longer exists")};
    }
    auto step = std::make_unique<Step>();
    step->id = id;
    step->params = params;
    step->commandNs = monotonicNs();
    if (auto error = setUpEntries(params, step->entries)) {
        leaveIdle();
        return error;
    }
    // The last reads before the start, so the kernel threads' counts span
    // their runs and little else (they sleep until pktgen takes it up).
    for (Entry &e : step->entries) {
        e.before = e.kthread ? readKthreadCounts(*e.kthread, e.cpu) : std::nullopt;
    }
    m_step = std::move(step);
    m_step->writer = std::thread([this, step = m_step.get()] {
        step->startError = m_proc.write(PktgenProc::kControl, "start");
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = write(m_doneFd, &one, sizeof one);
    });
    return std::nullopt;
}

std::optional<ProtocolError> PktgenEngine::setUpEntries(const StepParams &params,
                                                        std::vector<Entry> &entries) {
    const uint64_t count = params.count.value_or(0);
    for (uint32_t q = 0; q < params.queues; ++q) {
        Entry e{m_threadCpus[q],
                q,
                m_device.name + std::string(kEntrySuffix) + std::to_string(q),
                count == 0 ? 0 : lcoreQuota(count, params.queues, q),
                std::nullopt,
                std::nullopt};
        // A queue whose share of the count is 0 sends nothing; pktgen would
        // take count 0 as no limit.
        if (count != 0 && e.quota == 0) {
            continue;
        }
        const std::string thread = PktgenProc::threadFile(e.cpu);
        if (int error = m_proc.write(thread, "add_device " + e.name)) {
            return ProtocolError{"port_error", "",
                                 "pktgen refused 'add_device " + e.name + "' on " + thread + ": " +
                                     pktgenErrorText(error)};
        }
        e.kthread = kpktgendPid(e.cpu);
        entries.push_back(e);
        for (const Setting &s : settingsOf(params, e.quota, q, params.queues)) {
            if (int error = m_proc.write(e.name, s.command)) {
                return ProtocolError{"port_error", s.field,
                                     "pktgen refused '" + s.command + "' on " + e.name + ": " +
                                         pktgenErrorText(error)};
            }
        }
    }
    return std::nullopt;
}

uint32_t PktgenEngine::statsMs() const {
    return m_step ? m_step->params.statsMs : m_defaults.statsMs;
}

std::optional<uint64_t> PktgenEngine::durationMs() const {
    if (!m_step || (!m_step->params.hasDuration && m_step->params.count)) {
        return std::nullopt;
    }
    return m_step->params.durationMs;
}

std::optional<uint64_t> PktgenEngine::durationLeftNs() const {
    uint64_t startedNs = UINT64_MAX;
    for (const Entry &e : m_step->entries) {
        if (const auto text = parseEntryText(m_proc.read(e.name)); text && text->startedUs != 0) {
            startedNs = std::min(startedNs, text->startedUs * 1000);
        }
    }
    if (startedNs == UINT64_MAX) {
        return kNotStartedRetryNs;
    }
    const uint64_t end = startedNs + m_step->params.durationMs * 1000000;
    const uint64_t now = monotonicNs();
    return now < end ? std::optional<uint64_t>(end - now) : std::nullopt;
}

void PktgenEngine::requestStop() {
    if (m_step && !m_step->durationReached) {
        m_step->stopRequested = true;
        writeStop();
    }
}

void PktgenEngine::durationReached() {
    if (m_step && !m_step->stopRequested) {
        m_step->durationReached = true;
        writeStop();
    }
}

bool PktgenEngine::stopping() const {
    return m_step && (m_step->stopRequested || m_step->durationReached);
}

void PktgenEngine::repeatStop() {
    if (stopping()) {
        writeStop();
    }
}

void PktgenEngine::writeStop() {
    m_proc.write(PktgenProc::kControl, "stop");
}

Json PktgenEngine::stats() const {
    uint64_t pkts = 0, errors = 0;
    for (const Entry &e : m_step->entries) {
        if (const auto text = parseEntryText(m_proc.read(e.name))) {
            pkts += text->sofar;
            errors += text->errors;
        }
    }
    // What pktgen counts, and nothing of DPDK's transmit path (tx_burst
    // calls, ring, retries, mbufs, busy cycles): the client stores those as
    // not measured (docs/protocol.md, "The pktgen engine").
    return {{"type", "stats"},
            {"id", m_step->id},
            {"t_ns", monotonicNs() - m_step->commandNs},
            {"tx_pkts", pkts},
            {"tx_bytes", pkts * m_step->params.pktSize},
            {"tx_errors", errors}};
}

Json PktgenEngine::finish() {
    uint64_t drained = 0;
    [[maybe_unused]] const ssize_t n = read(m_doneFd, &drained, sizeof drained);
    m_step->writer.join();
    const Step &s = *m_step;
    const uint64_t size = s.params.pktSize;
    // The entries' windows are pktgen's own: from its start of the entry to
    // its last packet, in its microseconds of CLOCK_MONOTONIC.
    uint64_t pkts = 0, errors = 0, firstStart = UINT64_MAX, lastEnd = 0, latestStart = 0,
             earliestEnd = UINT64_MAX;
    double pps = 0;
    unsigned measured = 0;
    Json lcores = Json::array();
    std::vector<std::optional<ThreadFigures>> threads;
    const auto since = [&](uint64_t us) {
        return us * 1000 > s.commandNs ? us * 1000 - s.commandNs : 0;
    };
    for (const Entry &e : s.entries) {
        const auto text = parseEntryText(m_proc.read(e.name));
        const uint64_t sofar = text ? text->sofar : 0;
        const uint64_t entryErrors = text ? text->errors : 0;
        pkts += sofar;
        errors += entryErrors;
        uint64_t startNs = 0, ns = 0;
        std::optional<ThreadFigures> thread;
        if (text && text->result && sofar > 0) {
            startNs = since(text->startedUs);
            ns = text->result->usec * 1000;
            // pktgen is done, so its thread sleeps again.
            const auto after = e.kthread ? readKthreadCounts(*e.kthread, e.cpu) : std::nullopt;
            if (e.before && after) {
                thread = ThreadFigures::over(*e.before, *after, ns, sofar);
            }
            ++measured;
            pps += perSecond(sofar, ns);
            firstStart = std::min(firstStart, startNs);
            lastEnd = std::max(lastEnd, startNs + ns);
            latestStart = std::max(latestStart, startNs);
            earliestEnd = std::min(earliestEnd, startNs + ns);
        }
        lcores.push_back({{"lcore", e.cpu},
                          {"queue", e.queue},
                          {"device", e.name},
                          {"tx_pkts", sofar},
                          {"tx_bytes", sofar * size},
                          {"tx_errors", entryErrors},
                          {"pktgen_pps", text && text->result ? Json(text->result->pps) : Json()},
                          {"window",
                           {{"tx_pkts", sofar},
                            {"tx_bytes", sofar * size},
                            {"start_ns", startNs},
                            {"end_ns", startNs + ns},
                            {"ns", ns},
                            {"pps", perSecond(sofar, ns)}}},
                          {"thread", messages::lcoreThread(thread)}});
        threads.push_back(thread);
    }
    // Every time of the step counts from its start, pktgen's start of its
    // first entry, as the DPDK engine's count from the launch of its lcores:
    // the windows then lie within the step's elapsed time.
    for (Json &lcore : lcores) {
        Json &window = lcore["window"];
        if (window["end_ns"] != 0) { // an entry that measured a window
            window["start_ns"] = window["start_ns"].get<uint64_t>() - firstStart;
            window["end_ns"] = window["end_ns"].get<uint64_t>() - firstStart;
        }
    }
    const uint64_t elapsed = measured ? lastEnd - firstStart : 0;
    const uint64_t common = measured && earliestEnd > latestStart ? earliestEnd - latestStart : 0;
    const double stepPps = perSecond(pkts, elapsed);
    std::string reason = s.stopRequested ? "stopped" : s.durationReached ? "duration" : "count";
    // As the stats: no DPDK counters, burst histogram, cycle or CPU figures
    // per packet or mbufs in use.
    Json j = {{"type", "finished"},
              {"id", s.id},
              {"reason", reason},
              {"tx_pkts", pkts},
              {"tx_bytes", pkts * size},
              {"tx_errors", errors},
              {"elapsed_ns", elapsed},
              {"pps", stepPps},
              {"ns_per_pkt", stepPps > 0 ? 1e9 / stepPps : 0.0},
              {"bps_l2", stepPps * static_cast<double>(size) * 8},
              {"bps_l1", stepPps * static_cast<double>(size + kL1Overhead) * 8},
              {"first_tx_ns", measured ? Json(firstStart) : Json()},
              {"window",
               {{"warmup_ms", 0},
                {"lcores", measured},
                {"tx_pkts", pkts},
                {"tx_bytes", pkts * size},
                {"start_ns", measured ? latestStart - firstStart : 0},
                {"end_ns", measured ? latestStart - firstStart + common : 0},
                {"ns", common},
                {"pps", pps},
                {"target_pps", s.params.ratePps},
                {"ns_per_pkt", pps > 0 ? 1e9 / pps : 0.0},
                {"bps_l2", pps * static_cast<double>(size) * 8},
                {"bps_l1", pps * static_cast<double>(size + kL1Overhead) * 8}}},
              {"thread", messages::stepThread(threads)},
              {"lcores", lcores},
              {"params", withoutNotTaken(s.params.toJson())}};
    if (s.startError != 0) {
        j["start_error"] = pktgenErrorText(s.startError);
    }
    m_step.reset();
    leaveIdle();
    return j;
}

void PktgenEngine::leaveIdle() {
    if (!m_claimed) {
        return; // what pktgen holds is another user's
    }
    if (m_step) {
        // The writer of start returns once pktgen took the stop.
        requestStop();
        while (!waitReadable(m_doneFd, kStopRepeatMs)) {
            writeStop();
        }
        m_step->writer.join();
        m_step.reset();
    }
    // Only the threads this engine uses: another thread's entries are not
    // its own (claim() refused to start beside them).
    std::vector<unsigned> used;
    for (unsigned cpu : m_threadCpus) {
        if (!parseThreadText(m_proc.read(PktgenProc::threadFile(cpu))).all().empty()) {
            used.push_back(cpu);
        }
    }
    removeEntries(used);
}

} // namespace burstlab::engine
