#include "CpuList.h"

#include "OptionsError.h"

#include <charconv>
#include <sched.h>

namespace burstlab::engine {

namespace {

unsigned parseCpu(const std::string &what, const std::string &text) {
    unsigned value = 0;
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || value >= CPU_SETSIZE) {
        throw OptionsError(what + ": '" + text + "' is not a CPU number");
    }
    return value;
}

} // namespace

std::vector<unsigned> parseCpuList(const std::string &text, const std::string &what,
                                   Repeats repeats) {
    std::vector<unsigned> out;
    std::set<unsigned> seen;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t comma = text.find(',', pos);
        if (comma == std::string::npos) {
            comma = text.size();
        }
        const std::string item = text.substr(pos, comma - pos);
        const size_t dash = item.find('-');
        const unsigned lo = parseCpu(what, item.substr(0, dash));
        const unsigned hi = dash == std::string::npos ? lo : parseCpu(what, item.substr(dash + 1));
        if (hi < lo) {
            throw OptionsError(what + ": bad range '" + item + "'");
        }
        for (unsigned c = lo; c <= hi; ++c) {
            if (!seen.insert(c).second && repeats == Repeats::Refused) {
                throw OptionsError(what + ": CPU " + std::to_string(c) + " is listed twice");
            }
            out.push_back(c);
        }
        pos = comma + 1;
    }
    return out;
}

std::set<unsigned> affinityCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::set<unsigned> cpus;
    if (sched_getaffinity(0, sizeof(set), &set) != 0) {
        return cpus;
    }
    for (unsigned cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (CPU_ISSET(cpu, &set)) {
            cpus.insert(cpu);
        }
    }
    return cpus;
}

} // namespace burstlab::engine
