#pragma once

#include "Parameters.h"
#include "PerfEvent.h"
#include "Profile.h"
#include "SampleCounts.h"
#include "Symbols.h"

#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace burstlab::engine::profile {

// Whether this process can profile its threads, and with what, tried once
// with an event on the calling thread (the hello's "profiling").
// kernelOnly: the threads to profile run kernel code only (kpktgend), so
// an event that may sample user code only is no profile.
protocol::Profiling probe(bool kernelOnly = false);

// Narrows the profile_hz limit to the kernel's ceiling on any event's
// samples per second (perf_event_max_sample_rate), and the default to it.
void narrowRate(protocol::Range &limit, uint32_t &defaultHz);

// The profile of one step: an event per TX lcore thread, opened before the
// step launches, drained by the main lcore while it runs and once more at
// its end, named and bounded into the finished message's profile.
class StepProfiler {
  public:
    // nullptr, the reason in error, when an event does not open.
    static std::unique_ptr<StepProfiler> open(const std::vector<pid_t> &tids, uint32_t hz,
                                              std::string &error);
    // Each thread's event, in the order of tids.
    std::vector<int> fds() const;
    void drain();
    protocol::Profile finish(Symbols &symbols);

  private:
    explicit StepProfiler(uint32_t hz) : m_hz(hz) {}
    uint32_t m_hz;
    std::vector<PerfEvent> m_events;
    SampleCounts m_counts;
};

} // namespace burstlab::engine::profile
