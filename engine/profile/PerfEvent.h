#pragma once

#include "SampleCounts.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace burstlab::engine::profile {

// One thread's sampling event (perf_event_open): the CPU's cycle counter
// where the machine exposes one, else the kernel's cpu-clock (a VM's usual
// case), kernel code included where the engine may see it, else user code
// only. Opened disabled; the thread it samples enables it where its
// measured window opens and disables it where the window closes
// (TxWindow), so the samples cover the figures' window and nothing else.
class PerfEvent {
  public:
    // tid 0: the calling thread. hz: samples per on-CPU second. nullopt with
    // the reason in error when no event opens.
    static std::optional<PerfEvent> open(pid_t tid, uint32_t hz, std::string &error);
    PerfEvent(PerfEvent &&other) noexcept;
    PerfEvent &operator=(PerfEvent &&) = delete;
    ~PerfEvent();

    int fd() const { return m_fd; }
    const char *event() const { return m_event; }
    bool kernel() const { return m_kernel; }
    // Moves the records written since the last drain into counts.
    void drain(SampleCounts &counts);

    // What the kernel lets this process sample (perf_event_paranoid and
    // CAP_PERFMON), in words, for a reason to give.
    static std::string permissionText();

  private:
    PerfEvent(int fd, void *ring, std::size_t ringBytes, const char *event, bool kernel)
        : m_fd(fd), m_ring(ring), m_ringBytes(ringBytes), m_event(event), m_kernel(kernel) {}
    void take(const std::vector<uint8_t> &record, SampleCounts &counts) const;

    int m_fd = -1;
    void *m_ring = nullptr;
    std::size_t m_ringBytes = 0;
    const char *m_event = "";
    bool m_kernel = false;
    std::vector<uint8_t> m_record; // one record, copied out of the ring
};

// Starts and stops an event from the thread it samples: one ioctl each, at
// the window's edges only. fd -1: no event.
void enableEvent(int fd);
void disableEvent(int fd);

} // namespace burstlab::engine::profile
