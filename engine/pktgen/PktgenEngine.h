#pragma once

#include "HostDevices.h"
#include "KernelDevice.h"
#include "KthreadUsage.h"
#include "Messages.h"
#include "PktgenProc.h"
#include "ProtocolError.h"
#include "SinkDevices.h"
#include "StepParams.h"
#include "StepProfiler.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace burstlab::engine {

// The protocol's steps carried out by the kernel's pktgen: one entry
// IFNAME@burstlabQ per device and queue, each on a kpktgend thread of its
// own (the first device's queues on the first threads), set up per step,
// started by a write of "start" to pgctrl on a thread of its own (the write
// blocks until pktgen is done), and removed again after every step, so
// pktgen is idle whenever no step runs (docs/kernel-pktgen.md).
class PktgenEngine {
  public:
    // hostDevices: where the steps' host settings go (the sending devices,
    // or the receiving side a setting acts on), journalled in journalDir;
    // those that do not send are the step's sink, measured per step.
    PktgenEngine(PktgenProc proc, std::vector<KernelDevice> devices,
                 std::vector<unsigned> threadCpus, const std::vector<std::string> &hostDevices,
                 const std::string &journalDir);
    ~PktgenEngine();
    PktgenEngine(const PktgenEngine &) = delete;
    PktgenEngine &operator=(const PktgenEngine &) = delete;

    // Refuses to go on while pktgen holds entries that are not the engine's
    // (another user's: pgctrl's stop would end theirs too), and removes the
    // engine's own that a killed engine left. Empty, or why not.
    std::string claim();
    protocol::Json hello() const;

    std::optional<ProtocolError> start(int64_t id, const nlohmann::json &command);
    bool running() const { return m_step != nullptr; }
    uint32_t statsMs() const;
    // The step's duration when it has one (duration_ms, or no count).
    std::optional<uint64_t> durationMs() const;
    // The time left of the duration, counted from pktgen's own start of the
    // step (its threads take up a start some 125 ms after the write), as
    // the DPDK engine's counts from its TX lcores' launch; none once over.
    std::optional<uint64_t> durationLeftNs() const;
    // Readable once the step's write of start returned: pktgen is done.
    int doneFd() const { return m_doneFd; }
    // A client's stop (or shutdown), and the end of the step's duration.
    void requestStop();
    void durationReached();
    // Whether the running step was told to stop.
    bool stopping() const;
    // Writes the stop again: one that comes before pktgen's thread took up
    // the start is lost (the thread handles a stop before a start), and
    // pktgen would run on.
    void repeatStop();

    protocol::Json stats() const;
    // Moves the running step's profile samples out of the kernel's rings.
    void drainProfile();
    // After doneFd became readable: the step's figures; pktgen idle again.
    protocol::Json finish();
    // Stops pktgen and removes the engine's entries from its threads.
    void leaveIdle();
    // Puts back the host settings a killed engine's journal left; the
    // engine's own are put back when it ends. False, with the fatal error
    // written, when it cannot.
    bool restoreJournals(ProtocolOut &out) { return m_hosts.restoreJournals(out); }

  private:
    struct Entry {
        unsigned cpu = 0;
        size_t device = 0; // of m_devices
        uint32_t queue = 0;
        std::string name; // IFNAME@burstlabQ
        uint64_t quota = 0;
        std::optional<pid_t> kthread;                 // kpktgend_<cpu>
        std::optional<protocol::ThreadCounts> before; // its counts before the start
    };
    struct Step;

    std::optional<ProtocolError> setUpEntries(const StepParams &params, bool ownSrcMac,
                                              std::vector<Entry> &entries);
    std::optional<ProtocolError> foreignEntries() const;
    void removeEntries(const std::vector<unsigned> &cpus);
    void writeStop();
    // The step's kpktgend threads' events, opened and enabled (a profile
    // lasts from the write of start to pktgen's end), or none.
    std::unique_ptr<profile::StepProfiler> startProfile(const Step &step) const;

    PktgenProc m_proc;
    std::vector<KernelDevice> m_devices;
    std::vector<unsigned> m_threadCpus;
    StepLimits m_limits;
    StepParams m_defaults;
    int m_doneFd = -1;
    bool m_claimed = false; // pktgen held no other user's entry at start
    std::unique_ptr<Step> m_step;
    protocol::Profiling m_profiling;             // the hello's, probed once
    std::unique_ptr<profile::Symbols> m_symbols; // read at the start where it can profile
    HostDevices m_hosts;
    SinkDevices m_sink;
};

} // namespace burstlab::engine
