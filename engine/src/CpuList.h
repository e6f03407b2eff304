#pragma once

#include <set>
#include <string>
#include <vector>

namespace burstlab::engine {

// "0-2,5" -> {0,1,2,5}, in the order given. Throws OptionsError naming
// `what` on a syntax error or a CPU listed twice.
std::vector<unsigned> parseCpuList(const std::string &text, const std::string &what);

// The CPUs this process may run on.
std::set<unsigned> affinityCpus();

} // namespace burstlab::engine
