#pragma once

#include <set>
#include <string>
#include <vector>

namespace burstlab::engine {

enum class Repeats { Refused, Allowed };

// "0-2,5" -> {0,1,2,5}, in the order given. Throws OptionsError naming
// `what` on a syntax error, or on a CPU listed twice unless repeats are
// allowed.
std::vector<unsigned> parseCpuList(const std::string &text, const std::string &what,
                                   Repeats repeats = Repeats::Refused);

// The CPUs this process may run on.
std::set<unsigned> affinityCpus();

} // namespace burstlab::engine
