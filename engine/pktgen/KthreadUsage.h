#pragma once

#include "Thread.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace burstlab::engine {

// The counts of a kpktgend_N kernel thread, read from /proc by the engine
// before its write of start and after pktgen is done: the thread sleeps on
// both sides of its entry's run, so what it spent on the CPU in between is
// its window's (docs/kernel-pktgen.md, "Thread figures").

// The pid of the kernel thread named kpktgend_<cpu>, found through
// <procDir>/PID/comm; none when no such thread is visible.
std::optional<pid_t> kpktgendPid(unsigned cpu, const std::string &procDir = "/proc");

// On-CPU ns from /proc/PID/schedstat's first number (CONFIG_SCHED_INFO);
// none when it is 0, as with the kernel's scheduler info off.
std::optional<uint64_t> onCpuNsOfSchedstat(std::string_view text);
// On-CPU ns from /proc/PID/sched's se.sum_exec_runtime, milliseconds with
// six decimals (CONFIG_SCHED_DEBUG).
std::optional<uint64_t> onCpuNsOfSched(std::string_view text);
// A "Name:\tN" number of /proc/PID/status (voluntary_ctxt_switches...).
std::optional<uint64_t> statusNumber(std::string_view text, std::string_view name);

// The thread's counts now, steal from /proc/stat's line of its CPU; none
// when the kernel gives no on-CPU time (neither file above) or no switches.
std::optional<protocol::ThreadCounts> readKthreadCounts(pid_t pid, unsigned cpu,
                                                        const std::string &procDir = "/proc");

} // namespace burstlab::engine
