#pragma once

#include "HostSettings.h"
#include "Messages.h"
#include "ProtocolError.h"
#include "ProtocolOut.h"
#include "StepParams.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// The devices an engine sets the steps' host settings on (the pktgen
// engine's host devices, the DPDK engine's ports that are kernel
// interfaces), each with the same settings, and put back as found when the
// engine ends: every way out of an engine destroys this (the run's end,
// shutdown, the input's end, SIGTERM, a fatal error); only a killed engine
// leaves its journals (docs/kernel-pktgen.md, "Host settings").
class HostDevices {
  public:
    // engine: the program's name, for what goes to stderr.
    HostDevices(const std::vector<std::string> &devices, const std::string &journalDir,
                std::string engine);
    ~HostDevices();
    HostDevices(const HostDevices &) = delete;
    HostDevices &operator=(const HostDevices &) = delete;

    bool empty() const { return m_hosts.empty(); }
    // Before the step's clock starts: each device brought to what the step
    // asks. *record gets the finished message's host_settings, {device:
    // {setting: {asked, read}}}, or none when the step asks nothing.
    std::optional<ProtocolError> apply(const StepParams &params,
                                       std::optional<protocol::Json> *record);
    // Before the hello: what a killed engine's journals left put back, so
    // that this engine finds the devices as they were. False, with the
    // fatal host_settings error written, when it cannot.
    bool restoreJournals(ProtocolOut &out);

  private:
    std::vector<HostSettings> m_hosts;
    std::string m_engine;
};

// --restore-host: what a killed engine's journals left on the devices put
// back, a line per device on out; the exit status.
int restoreHostJournals(const std::vector<std::string> &devices, const std::string &engine,
                        ProtocolOut &out);

} // namespace burstlab::engine
