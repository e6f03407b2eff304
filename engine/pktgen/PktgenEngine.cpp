#include "PktgenEngine.h"

#include "PktgenMessages.h"
#include "PktgenText.h"
#include "Quota.h"
#include "TakenParameters.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

using Json = protocol::Json;

// pktgen reads a number of at most 10 digits.
constexpr int64_t kPktgenMaxNumber = 9999999999LL;
// rem_device_all is carried out by the thread within about 125 ms.
constexpr auto kRemoveWait = std::chrono::seconds(3);
// How often a step's start is looked for when its duration is over before
// pktgen took the start up.
constexpr uint64_t kNotStartedRetryNs = 10000000;
// How often a stop is written again until pktgen took it.
constexpr int kStopRepeatMs = 50;

uint64_t monotonicNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<uint64_t>(ts.tv_nsec);
}

bool waitReadable(int fd, int timeoutMs) {
    pollfd p{fd, POLLIN, 0};
    return poll(&p, 1, timeoutMs) > 0;
}

std::optional<int64_t> maxSkbFrags() {
    std::FILE *f = std::fopen("/proc/sys/net/core/max_skb_frags", "re");
    if (!f) {
        return std::nullopt;
    }
    long long n = -1;
    const bool read = std::fscanf(f, "%lld", &n) == 1 && n >= 0;
    std::fclose(f);
    return read ? std::optional<int64_t>(n) : std::nullopt;
}

// The highest NUMA node the kernel could have ("0" or "0-3").
std::optional<int64_t> lastPossibleNode() {
    std::FILE *f = std::fopen("/sys/devices/system/node/possible", "re");
    if (!f) {
        return std::nullopt;
    }
    char text[64] = {};
    const bool read = std::fgets(text, sizeof text, f) != nullptr;
    std::fclose(f);
    const char *last = std::strrchr(text, '-');
    long long node = -1;
    if (!read || std::sscanf(last ? last + 1 : text, "%lld", &node) != 1 || node < 0) {
        return std::nullopt;
    }
    return node;
}

std::string kernelVersion() {
    utsname u{};
    return uname(&u) == 0 ? u.release : "";
}

// The host devices no entry sends on: the receiving end (docs/kernel-pktgen.md).
std::vector<std::string> receivingDevices(const std::vector<std::string> &hostDevices,
                                          const std::vector<KernelDevice> &sending) {
    std::vector<std::string> receiving;
    for (const std::string &device : hostDevices) {
        if (std::none_of(sending.begin(), sending.end(),
                         [&](const KernelDevice &d) { return d.name == device; })) {
            receiving.push_back(device);
        }
    }
    return receiving;
}

uint64_t sendGapNs(const StepParams &p, uint32_t entries) {
    return static_cast<uint64_t>(1e9 * p.burst * entries / static_cast<double>(p.ratePps));
}

// A pktgen command for an entry and the burstlab parameter it comes from.
struct Setting {
    const char *field;
    std::string command;
};

// The command that sets a parameter pktgen takes under the table's name.
template <typename T> Setting named(const char *field, T value) {
    return {field, std::string(protocol::parameter(field).pktgen) + " " + std::to_string(value)};
}

// An entry's settings: `entries` share the step's rate; srcMac is the
// entry's device's own unless the step set one.
std::vector<Setting> settingsOf(const StepParams &p, uint64_t quota, uint32_t queue,
                                uint32_t entries, const std::string &srcMac) {
    std::vector<Setting> s;
    if (p.xmitMode != protocol::parameter("xmit_mode").text) {
        // First, so that pktgen checks burst and clone_skb against it.
        s.push_back({"xmit_mode", "xmit_mode " + std::string(p.xmitMode.word)});
    }
    s.insert(s.end(), {
                          named("count", quota),
                          named("pkt_size", p.pktSize),
                          named("burst", p.burst),
                          named("clone", p.clone),
                          {"src_mac", "src_mac " + srcMac},
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
                      });
    if (!p.timestamp) {
        // A new entry stamps its packets: pktgen's default.
        s.push_back({"timestamp",
                     "flag " + std::string(protocol::parameter("timestamp").pktgenFlagWhenFalse)});
    }
    for (std::string_view flag : flagsOf(p.flags)) {
        s.push_back({"flags", "flag " + std::string(flag)});
    }
    if (p.flows > 1) {
        // Flow f is a dst address of its own, taken in turn.
        s.push_back({"flows", "flows " + std::to_string(p.flows)});
        s.push_back({"flows", "flowlen 1"});
        s.push_back({"flows", "flag FLOW_SEQ"});
    }
    if (p.ratePps > 0) {
        // pktgen paces each of its sends, which sends `burst` packets (its
        // ratep is sends per second): the gap between sends in ns.
        s.push_back({"rate_pps", "delay " + std::to_string(sendGapNs(p, entries))});
    }
    // pktgen takes exactly two hex digits.
    const auto hexByte = [&s](const char *field, uint8_t value) {
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", value);
        s.push_back({field, std::string(field) + " " + hex});
    };
    if (p.tos != 0) {
        hexByte("tos", p.tos);
    }
    // Either write makes the entry's packets IPv6.
    if (p.dst6.set) {
        s.push_back({"dst6", "dst6 " + formatIpv6(p.dst6)});
    }
    if (p.src6.set) {
        s.push_back({"src6", "src6 " + formatIpv6(p.src6)});
    }
    if (p.trafficClass != 0) {
        hexByte("traffic_class", p.trafficClass);
    }
    if (p.node >= 0) {
        // pktgen allocates on the node only with its flag set.
        s.push_back(named("node", p.node));
        s.push_back({"node", "flag NODE"});
    }
    // Written only when set: a new entry has neither.
    if (p.skbPriority != 0) {
        s.push_back(named("skb_priority", p.skbPriority));
    }
    if (p.frags != 0) {
        s.push_back(named("frags", p.frags));
    }
    if (p.vlan != 0) {
        s.push_back({"vlan", "vlan_id " + std::to_string(p.vlan)});
        s.push_back({"vlan_pcp", "vlan_p " + std::to_string(p.vlanPcp)});
    }
    return s;
}

} // namespace

struct PktgenEngine::Step {
    int64_t id = 0;
    StepParams params;
    std::optional<Json> hostSettings;
    std::optional<RxCounts> sinkAtStart; // the receiving devices' counts
    std::vector<Entry> entries;
    uint64_t commandNs = 0;
    std::thread writer;
    std::atomic<int> startError{0};
    std::unique_ptr<profile::StepProfiler> profiler;
    bool stopRequested = false;
    bool durationReached = false;
};

PktgenEngine::PktgenEngine(PktgenProc proc, std::vector<KernelDevice> devices,
                           std::vector<unsigned> threadCpus,
                           const std::vector<std::string> &hostDevices,
                           const std::string &journalDir)
    : m_proc(std::move(proc)), m_devices(std::move(devices)), m_threadCpus(std::move(threadCpus)),
      m_doneFd(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)),
      m_hosts(hostDevices, journalDir, "burstlab-pktgen-engine"),
      m_sink(receivingDevices(hostDevices, m_devices)) {
    // Each device's queues take threads of their own; a size every device
    // takes.
    int64_t queues = static_cast<int64_t>(m_threadCpus.size() / m_devices.size());
    uint32_t mtu = UINT32_MAX;
    for (const KernelDevice &d : m_devices) {
        queues = std::min<int64_t>(queues, std::max<uint32_t>(d.txQueues, 1));
        mtu = std::min(mtu, d.mtu);
    }
    m_limits.queues.hi = std::max<int64_t>(queues, 1);
    m_limits.pktSize.hi = std::max<int64_t>(m_limits.pktSize.lo, mtu + 14);
    m_limits.count.hi = std::min(m_limits.count.hi, kPktgenMaxNumber);
    // pktgen uses at most MAX_SKB_FRAGS fragments, a build's constant the
    // kernel's tunable defaults to.
    if (const auto frags = maxSkbFrags()) {
        m_limits.frags.hi = std::min(m_limits.frags.hi, *frags);
    }
    // pktgen takes a node that node_possible() says; a kernel without NUMA
    // has node 0.
    m_limits.node.hi = std::min(m_limits.node.hi, lastPossibleNode().value_or(0));
    // kpktgend runs kernel code only: a profile needs the kernel's samples.
    m_profiling = profile::probe(true);
    if (m_profiling.available) {
        m_symbols = std::make_unique<profile::Symbols>();
    }
    profile::narrowRate(m_limits.profileHz, m_defaults.profileHz);
    // pktgen's own defaults where they differ: a step that sets no burst
    // sends as pktgen does.
    m_defaults.burst = static_cast<uint32_t>(*protocol::parameter("burst").pktgenValue);
    m_defaults.timestamp = *protocol::parameter("timestamp").pktgenValue != 0;
    // pktgen sends from the device's own address unless told otherwise (the
    // first device's stands for the others').
    unsigned b[6];
    if (std::sscanf(m_devices.front().mac.c_str(), "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2],
                    &b[3], &b[4], &b[5]) == 6) {
        for (size_t i = 0; i < 6; ++i) {
            m_defaults.srcMac[i] = static_cast<uint8_t>(b[i]);
        }
    }
}

PktgenEngine::~PktgenEngine() {
    // pktgen idle before m_hosts puts the host settings back.
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
    std::vector<KernelDevice> sinks;
    for (const std::string &name : m_sink.devices()) {
        if (const auto device = KernelDevice::find(name)) {
            sinks.push_back(*device);
        }
    }
    return protocol::toJson(pktgen::hello(
        {m_devices, sinks, kernelVersion(), m_proc.read(PktgenProc::kControl), m_threadCpus,
         StepParams::limitsJson(m_limits), m_defaults.toJson(), m_profiling}));
}

std::optional<ProtocolError> PktgenEngine::start(int64_t id, const nlohmann::json &command) {
    if (m_step) {
        return ProtocolError{"busy", "", "a step is running; stop it or wait for its finished"};
    }
    if (auto error = refuseNotTaken(EngineKind::Pktgen, command)) {
        return error;
    }
    StepParams params = m_defaults;
    if (auto error = params.apply(command, m_limits)) {
        return error;
    }
    if (auto foreign = foreignEntries()) {
        return foreign;
    }
    for (const KernelDevice &d : m_devices) {
        const auto device = KernelDevice::find(d.name);
        if (!device || !device->up) {
            return ProtocolError{"port_error", "",
                                 d.name + (device ? " is down" : " no longer exists")};
        }
    }
    auto step = std::make_unique<Step>();
    step->id = id;
    step->params = params;
    // Before the step's clock starts, which is pktgen's start.
    if (auto error = m_hosts.apply(params, &step->hostSettings)) {
        return error;
    }
    step->commandNs = monotonicNs();
    if (auto error = setUpEntries(params, !command.contains("src_mac"), step->entries)) {
        leaveIdle();
        return error;
    }
    // The last reads before the start, so the kernel threads' counts span
    // their runs and little else (they sleep until pktgen takes it up).
    for (Entry &e : step->entries) {
        e.before = e.kthread ? readKthreadCounts(*e.kthread, e.cpu) : std::nullopt;
    }
    if (!m_sink.empty()) {
        step->sinkAtStart = m_sink.read();
        if (!step->sinkAtStart) {
            leaveIdle();
            return ProtocolError{"port_error", "",
                                 "the receiving host devices' counters cannot be read"};
        }
    }
    step->profiler = startProfile(*step);
    m_step = std::move(step);
    m_step->writer = std::thread([this, step = m_step.get()] {
        step->startError = m_proc.write(PktgenProc::kControl, "start");
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = write(m_doneFd, &one, sizeof one);
    });
    return std::nullopt;
}

std::optional<ProtocolError> PktgenEngine::setUpEntries(const StepParams &params, bool ownSrcMac,
                                                        std::vector<Entry> &entries) {
    const uint64_t count = params.count.value_or(0);
    const auto all = static_cast<uint32_t>(m_devices.size() * params.queues);
    for (uint32_t i = 0; i < all; ++i) {
        const size_t device = i / params.queues;
        const uint32_t q = i % params.queues;
        const KernelDevice &dev = m_devices[device];
        Entry e{m_threadCpus[i],
                device,
                q,
                dev.name + std::string(kEntrySuffix) + std::to_string(q),
                count == 0 ? 0 : lcoreQuota(count, all, i),
                std::nullopt,
                std::nullopt};
        // An entry whose share of the count is 0 sends nothing; pktgen would
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
        const std::string srcMac = ownSrcMac ? dev.mac : formatMac(params.srcMac);
        for (const Setting &s : settingsOf(params, e.quota, q, all, srcMac)) {
            // pktgen refuses some values in the write's errno, others (an
            // unknown flag, a node not possible, a hex byte of other
            // digits) only in its result text.
            const int error = m_proc.write(e.name, s.command);
            const std::string result = error ? std::string() : resultOf(m_proc.read(e.name));
            if (error || !result.starts_with("OK")) {
                return ProtocolError{"port_error", s.field,
                                     "pktgen refused '" + s.command + "' on " + e.name + ": " +
                                         (error ? pktgenErrorText(error) : result)};
            }
        }
    }
    return std::nullopt;
}

std::unique_ptr<profile::StepProfiler> PktgenEngine::startProfile(const Step &step) const {
    if (step.params.profileHz == 0 || !m_profiling.available) {
        return nullptr;
    }
    std::vector<pid_t> tids;
    for (const Entry &e : step.entries) {
        if (e.kthread && std::find(tids.begin(), tids.end(), *e.kthread) == tids.end()) {
            tids.push_back(*e.kthread);
        }
    }
    // A step whose events do not open (a descriptor limit, a thread gone)
    // goes without its profile; the finished message then has none.
    std::string ignored;
    auto profiler = profile::StepProfiler::open(tids, step.params.profileHz, ignored);
    if (profiler) {
        // The threads sleep until pktgen takes the start up, so enabling
        // the events here adds no samples outside pktgen's run.
        for (int fd : profiler->fds()) {
            profile::enableEvent(fd);
        }
    }
    return profiler;
}

void PktgenEngine::drainProfile() {
    if (m_step && m_step->profiler) {
        m_step->profiler->drain();
    }
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
    std::vector<std::string> texts;
    for (const Entry &e : m_step->entries) {
        texts.push_back(m_proc.read(e.name));
    }
    std::optional<uint64_t> rxPkts;
    if (m_step->sinkAtStart) {
        if (const auto now = m_sink.read()) {
            rxPkts = now->since(*m_step->sinkAtStart).packets;
        }
    }
    return protocol::toJson(pktgen::stats(m_step->id, monotonicNs() - m_step->commandNs,
                                          m_step->params, texts, rxPkts));
}

Json PktgenEngine::finish() {
    uint64_t drained = 0;
    [[maybe_unused]] const ssize_t n = read(m_doneFd, &drained, sizeof drained);
    m_step->writer.join();
    Step &s = *m_step;
    pktgen::StepRecord record;
    if (s.profiler) {
        for (int fd : s.profiler->fds()) {
            profile::disableEvent(fd);
        }
        record.profile = s.profiler->finish(*m_symbols);
    }
    record.id = s.id;
    record.params = s.params;
    record.commandNs = s.commandNs;
    record.hostSettings = s.hostSettings;
    record.reason = s.stopRequested ? "stopped" : s.durationReached ? "duration" : "count";
    if (s.startError != 0) {
        record.startError = pktgenErrorText(s.startError);
    }
    for (const Entry &e : s.entries) {
        // pktgen is done, so its thread sleeps again.
        record.entries.push_back({e.cpu, e.queue, e.name, m_proc.read(e.name), e.before,
                                  e.kthread ? readKthreadCounts(*e.kthread, e.cpu) : std::nullopt});
    }
    if (s.sinkAtStart) {
        if (const auto end = m_sink.settled(*s.sinkAtStart, pktgen::sentBy(record.entries))) {
            record.sink = end->since(*s.sinkAtStart);
        }
    }
    m_step.reset();
    leaveIdle();
    return protocol::toJson(pktgen::finished(record));
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
