#pragma once

#include "OptionWalk.h"

#include <string>
#include <vector>

namespace burstlab::engine {

// burstlab-pktgen-engine's validated command line.
struct PktgenOptions : EngineOptions {
    std::string device;
    std::vector<unsigned> threads; // CPUs whose kpktgend_N threads send; empty: the default

    // Throws OptionsError naming the bad option.
    static PktgenOptions parse(const std::vector<std::string> &args);
    static std::string usage();
};

} // namespace burstlab::engine
