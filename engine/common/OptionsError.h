#pragma once

#include <stdexcept>

namespace burstlab::engine {

// A command-line or configuration error: the engine prints it and exits
// with code 2.
class OptionsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace burstlab::engine
