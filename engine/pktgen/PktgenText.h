#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace burstlab::engine {

// What a kpktgend_N file lists: its entries ("dummy0@burstlab0") by state.
struct ThreadEntries {
    std::vector<std::string> running;
    std::vector<std::string> stopped;
    std::vector<std::string> all() const;
};
ThreadEntries parseThreadText(std::string_view text);

// An entry's Result line after a run:
//   OK: T(cC+dD) usec, N (Sbyte,Ffrags)
//   Ppps MMb/sec (Bbps) errors: E
struct EntryResult {
    uint64_t usec = 0;
    uint64_t pkts = 0;
    uint64_t pps = 0; // pktgen's, rounded down
    uint64_t errors = 0;
};

// An entry's file: its progress and, once it ran, its result.
struct EntryText {
    uint64_t sofar = 0;  // pkts-sofar
    uint64_t errors = 0; // the errors beside it
    uint64_t startedUs = 0;
    uint64_t stoppedUs = 0;            // now while it runs
    std::optional<EntryResult> result; // none while idle ("Result: Idle")
};
std::optional<EntryText> parseEntryText(std::string_view text);

// The first line of an entry's "Result: " text: what pktgen said of the
// last command written to it ("OK: burst=32", "ERROR: node not possible").
std::string resultOf(std::string_view entryText);

// "2.75" from pgctrl's "... Version: 2.75"; empty when not there.
std::string pktgenVersionOf(std::string_view pgctrlText);

// The suffix that names the engine's own entries: IFNAME@burstlabI.
constexpr std::string_view kEntrySuffix = "@burstlab";
bool isOwnEntry(std::string_view entry);

} // namespace burstlab::engine
