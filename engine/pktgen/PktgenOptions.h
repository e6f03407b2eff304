#pragma once

#include "OptionWalk.h"

#include <string>
#include <vector>

namespace burstlab::engine {

// burstlab-pktgen-engine's validated command line.
struct PktgenOptions : EngineOptions {
    // The devices to send on, in order: one or more, each on threads of its
    // own (--device eth1,eth2, as the scripts' pktgen.conf-2-2 does).
    std::vector<std::string> devices;
    std::vector<unsigned> threads; // CPUs whose kpktgend_N threads send; empty: the default
    // Where the steps' host settings go (--host-device): the sending
    // devices by default, or the receiving end where a setting acts (gro on
    // a veth pair's peer).
    std::vector<std::string> hostDevices;
    // --restore-host: put back what a killed engine's journal left on
    // hostDevices, and exit.
    bool restoreHost = false;

    // Throws OptionsError naming the bad option.
    static PktgenOptions parse(const std::vector<std::string> &args);
    static std::string usage();
};

} // namespace burstlab::engine
