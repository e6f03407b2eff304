#include "PerfEvent.h"

#include "Profile.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace burstlab::engine::profile {

namespace {

struct Kind {
    const char *name;
    uint32_t type;
    uint64_t config;
};
// The CPU's own counter first: it counts what the code costs; a VM without
// a PMU has only the kernel's clock.
constexpr Kind kKinds[] = {{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
                           {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK}};

// Data pages of a ring, most first: the main lcore drains it every
// millisecond, and a user's locked-memory budget (perf_event_mlock_kb) may
// hold fewer.
constexpr unsigned kRingPages[] = {64, 16, 4};

perf_event_attr attrOf(const Kind &kind, uint32_t hz, bool kernel) {
    perf_event_attr a{};
    a.size = sizeof a;
    a.type = kind.type;
    a.config = kind.config;
    if (kind.type == PERF_TYPE_SOFTWARE) {
        a.sample_period = 1000000000ULL / hz; // ns of CPU time
    } else {
        a.freq = 1;
        a.sample_freq = hz;
    }
    a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN;
    a.sample_max_stack = protocol::kProfileDepth;
    a.disabled = 1;
    a.exclude_kernel = kernel ? 0 : 1;
    a.exclude_hv = 1;
    a.exclude_callchain_kernel = kernel ? 0 : 1;
    a.wakeup_events = 0;
    return a;
}

int openFd(perf_event_attr &a, pid_t tid) {
    return static_cast<int>(syscall(SYS_perf_event_open, &a, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

std::string readFirstLine(const char *path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

} // namespace

std::string PerfEvent::permissionText() {
    const std::string paranoid = readFirstLine("/proc/sys/kernel/perf_event_paranoid");
    return "kernel.perf_event_paranoid is " + (paranoid.empty() ? "unknown" : paranoid) +
           " (user code needs 2 or less, kernel code 1 or less or CAP_PERFMON)";
}

std::optional<PerfEvent> PerfEvent::open(pid_t tid, uint32_t hz, std::string &error) {
    int lastErrno = 0;
    for (const Kind &kind : kKinds) {
        for (bool kernel : {true, false}) {
            perf_event_attr a = attrOf(kind, hz, kernel);
            const int fd = openFd(a, tid);
            if (fd < 0) {
                lastErrno = errno;
                continue;
            }
            for (unsigned pages : kRingPages) {
                const std::size_t bytes = (1 + pages) * static_cast<std::size_t>(getpagesize());
                void *ring = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
                if (ring != MAP_FAILED) {
                    return PerfEvent(fd, ring, bytes, kind.name, kernel);
                }
                lastErrno = errno;
            }
            ::close(fd);
            error = std::string("cannot map the sample ring of perf_event_open: ") +
                    std::strerror(lastErrno) + " (kernel.perf_event_mlock_kb)";
            return std::nullopt;
        }
    }
    error = std::string("perf_event_open: ") + std::strerror(lastErrno) + "; " + permissionText();
    return std::nullopt;
}

PerfEvent::PerfEvent(PerfEvent &&o) noexcept
    : m_fd(o.m_fd), m_ring(o.m_ring), m_ringBytes(o.m_ringBytes), m_event(o.m_event),
      m_kernel(o.m_kernel) {
    o.m_fd = -1;
    o.m_ring = nullptr;
}

PerfEvent::~PerfEvent() {
    if (m_ring) {
        munmap(m_ring, m_ringBytes);
    }
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

void PerfEvent::drain(SampleCounts &counts) {
    auto *meta = static_cast<perf_event_mmap_page *>(m_ring);
    const uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
    uint64_t tail = meta->data_tail;
    const auto *data = static_cast<const uint8_t *>(m_ring) + meta->data_offset;
    const uint64_t size = meta->data_size;
    const auto copy = [&](uint64_t from, std::size_t n, uint8_t *to) {
        const uint64_t at = from % size;
        const std::size_t first = static_cast<std::size_t>(std::min<uint64_t>(n, size - at));
        std::memcpy(to, data + at, first);
        std::memcpy(to + first, data, n - first);
    };
    while (head - tail >= sizeof(perf_event_header)) {
        perf_event_header h;
        copy(tail, sizeof h, reinterpret_cast<uint8_t *>(&h));
        if (h.size < sizeof h || head - tail < h.size) {
            break;
        }
        m_record.resize(h.size);
        copy(tail, h.size, m_record.data());
        take(m_record, counts);
        tail += h.size;
    }
    __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
}

void PerfEvent::take(const std::vector<uint8_t> &record, SampleCounts &counts) const {
    const auto u64At = [&](std::size_t offset) {
        uint64_t v = 0;
        if (offset + sizeof v <= record.size()) {
            std::memcpy(&v, record.data() + offset, sizeof v);
        }
        return v;
    };
    perf_event_header h;
    std::memcpy(&h, record.data(), sizeof h);
    if (h.type == PERF_RECORD_LOST) {
        counts.lost += u64At(sizeof h + 8); // after the event's id
        return;
    }
    if (h.type != PERF_RECORD_SAMPLE) {
        return;
    }
    // PERF_SAMPLE_IP, then PERF_SAMPLE_CALLCHAIN: nr and nr addresses.
    const uint64_t ip = u64At(sizeof h);
    const uint64_t nr = u64At(sizeof h + 8);
    std::vector<uint64_t> chain;
    for (uint64_t i = 0; i < nr && chain.size() < protocol::kProfileDepth; ++i) {
        const uint64_t at = u64At(sizeof h + 16 + 8 * i);
        // PERF_CONTEXT_KERNEL, _USER and the like mark where a part begins.
        if (at != 0 && at < static_cast<uint64_t>(PERF_CONTEXT_MAX)) {
            chain.push_back(at);
        }
    }
    if (chain.empty() || chain.front() != ip) {
        chain.insert(chain.begin(), ip);
    }
    counts.add(ip, std::move(chain));
}

void enableEvent(int fd) {
    if (fd >= 0) {
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
    }
}

void disableEvent(int fd) {
    if (fd >= 0) {
        ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
    }
}

} // namespace burstlab::engine::profile
