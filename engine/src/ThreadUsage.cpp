#include "ThreadUsage.h"

#include "Figures.h"

#include <sched.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

void readSwitches(ThreadMarks &m) {
    rusage u{};
    if (getrusage(RUSAGE_THREAD, &u) == 0) {
        m.involuntary = static_cast<uint64_t>(u.ru_nivcsw);
        m.voluntary = static_cast<uint64_t>(u.ru_nvcsw);
    }
}

} // namespace

ThreadMarks ThreadMarks::open() {
    ThreadMarks m;
    const int cpu = sched_getcpu();
    m.cpu = cpu < 0 ? 0 : static_cast<unsigned>(cpu);
    m.stealTicks = readStealTicks(m.cpu);
    readSwitches(m);
    m.cpuNs = threadCpuNs();
    return m;
}

ThreadMarks ThreadMarks::close(unsigned cpu) {
    ThreadMarks m;
    m.cpuNs = threadCpuNs();
    readSwitches(m);
    m.cpu = cpu;
    m.stealTicks = readStealTicks(cpu);
    return m;
}

std::optional<protocol::ThreadFigures> figuresOf(const ThreadUsage &u, uint64_t windowPkts,
                                                 uint64_t tscHz) {
    if (!u.measured || u.endTsc <= u.startTsc || tscHz == 0) {
        return std::nullopt;
    }
    return protocol::ThreadFigures::over(
        u.start, u.end, protocol::tscToNs(u.endTsc - u.startTsc, tscHz), windowPkts);
}

uint64_t threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ULL + static_cast<uint64_t>(t.tv_nsec);
}

} // namespace burstlab::engine
