#pragma once

#include <cstdint>
#include <string>
#include <vector>

// A step's profile (docs/protocol.md, "The profile"): on-CPU samples of its
// TX lcores' threads over their measured windows, named by function. Bounded:
// the most-sampled functions and stacks only, the rest counted in samples.
namespace burstlab::protocol {

// At most this many functions and folded stacks travel with a step.
inline constexpr std::size_t kProfileFunctions = 32;
inline constexpr std::size_t kProfileStacks = 32;
// Frames of a call chain the kernel records, the sampled one included.
inline constexpr uint16_t kProfileDepth = 16;

struct ProfileFunction {
    std::string name; // demangled, without its parameter list; "[module]" unnamed
    std::string
        module; // the file it is in ("burstlab-engine", "librte_net_null.so.23"), "[kernel]"
    uint64_t samples = 0;
};

// A call chain, outermost frame first, frames joined by ';' (the folded
// form flame graph tools read).
struct ProfileStack {
    std::string stack;
    uint64_t samples = 0;
};

struct Profile {
    std::string event;    // "cpu-clock" (software) or "cycles" (the CPU's counter)
    uint64_t hz = 0;      // samples per on-CPU second asked for (profile_hz)
    bool kernel = false;  // kernel code sampled too (else user code only)
    uint64_t samples = 0; // every sample of the windows, those below the tops too
    uint64_t lost = 0;    // samples the kernel dropped (ring full)
    std::vector<ProfileFunction> functions; // most samples first
    std::vector<ProfileStack> stacks;       // most samples first
};

// Whether this engine can profile, as its hello says (docs/protocol.md,
// "hello"): the event it would use, or why it cannot.
struct Profiling {
    bool available = false;
    std::string event;
    bool kernel = false;
    std::string reason; // empty when available with kernel code
};

} // namespace burstlab::protocol
