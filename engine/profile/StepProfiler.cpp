#include "StepProfiler.h"

#include "ProfileBuilder.h"

#include <algorithm>
#include <fstream>

namespace burstlab::engine::profile {

namespace {
// The probe's rate: any the kernel takes.
constexpr uint32_t kProbeHz = 100;
} // namespace

protocol::Profiling probe(bool kernelOnly) {
    protocol::Profiling p;
    std::string error;
    const auto event = PerfEvent::open(0, kProbeHz, error);
    if (!event) {
        p.reason = error;
        return p;
    }
    p.event = event->event();
    p.kernel = event->kernel();
    p.available = p.kernel || !kernelOnly;
    if (!p.kernel) {
        p.reason = (kernelOnly ? "kernel code cannot be sampled: " : "user code only: ") +
                   PerfEvent::permissionText();
    }
    return p;
}

void narrowRate(protocol::Range &limit, uint32_t &defaultHz) {
    std::ifstream in("/proc/sys/kernel/perf_event_max_sample_rate");
    int64_t rate = 0;
    if (in >> rate) {
        limit.hi = std::clamp<int64_t>(rate, 1, limit.hi);
    }
    defaultHz = static_cast<uint32_t>(std::min<int64_t>(defaultHz, limit.hi));
}

std::unique_ptr<StepProfiler> StepProfiler::open(const std::vector<pid_t> &tids, uint32_t hz,
                                                 std::string &error) {
    std::unique_ptr<StepProfiler> p(new StepProfiler(hz));
    for (pid_t tid : tids) {
        auto event = PerfEvent::open(tid, hz, error);
        if (!event) {
            return nullptr;
        }
        p->m_events.push_back(std::move(*event));
    }
    return p;
}

std::vector<int> StepProfiler::fds() const {
    std::vector<int> out;
    for (const PerfEvent &e : m_events) {
        out.push_back(e.fd());
    }
    return out;
}

void StepProfiler::drain() {
    for (PerfEvent &e : m_events) {
        e.drain(m_counts);
    }
}

protocol::Profile StepProfiler::finish(Symbols &symbols) {
    drain();
    protocol::Profile p = buildProfile(m_counts, symbols);
    p.hz = m_hz;
    if (!m_events.empty()) {
        p.event = m_events.front().event();
        p.kernel = m_events.front().kernel();
    }
    return p;
}

} // namespace burstlab::engine::profile
