#pragma once

#include "OptionsError.h"

#include <functional>
#include <string>
#include <vector>

namespace burstlab::engine {

// The options every engine has.
struct EngineOptions {
    std::string configPath; // --config: another allow-list, for an unprivileged engine only
    bool help = false;
    bool version = false;
};

// The value of the option being read; throws OptionsError when it has none.
using OptionValue = std::function<const std::string &()>;

// Walks a command line: each option goes to `take`, which returns false for
// one it does not know; those are --config, --help and --version, or an
// unknown option (OptionsError).
void walkOptions(const std::vector<std::string> &args, EngineOptions &common,
                 const std::function<bool(const std::string &, const OptionValue &)> &take);

} // namespace burstlab::engine
