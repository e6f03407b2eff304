#include "StepProfiler.h"

#include "ProfileBuilder.h"

namespace burstlab::engine::profile {

namespace {
// The probe's rate: any the kernel takes.
constexpr uint32_t kProbeHz = 100;
} // namespace

protocol::Profiling probe() {
    protocol::Profiling p;
    std::string error;
    const auto event = PerfEvent::open(0, kProbeHz, error);
    if (!event) {
        p.reason = error;
        return p;
    }
    p.available = true;
    p.event = event->event();
    p.kernel = event->kernel();
    if (!p.kernel) {
        p.reason = "user code only: " + PerfEvent::permissionText();
    }
    return p;
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
