#include "KthreadUsage.h"

#include "StealTicks.h"

#include <cctype>
#include <charconv>
#include <dirent.h>
#include <fstream>
#include <sstream>

namespace burstlab::engine {

namespace {

std::string readText(const std::string &path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string_view skipBlanks(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == ':')) {
        s.remove_prefix(1);
    }
    return s;
}

// The unsigned number at the start of s; its end in `rest`.
std::optional<uint64_t> numberAt(std::string_view s, std::string_view *rest = nullptr) {
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc()) {
        return std::nullopt;
    }
    if (rest) {
        *rest = s.substr(static_cast<size_t>(end - s.data()));
    }
    return value;
}

// What follows "name" at the start of a line, blanks and the colon skipped.
std::optional<std::string_view> valueOf(std::string_view text, std::string_view name) {
    for (size_t at = 0; at < text.size();) {
        const size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        if (line.substr(0, name.size()) == name && line.size() > name.size() &&
            (line[name.size()] == ' ' || line[name.size()] == '\t' || line[name.size()] == ':')) {
            return skipBlanks(line.substr(name.size()));
        }
        at = end + 1;
    }
    return std::nullopt;
}

} // namespace

std::optional<pid_t> kpktgendPid(unsigned cpu, const std::string &procDir) {
    const std::string want = "kpktgend_" + std::to_string(cpu) + "\n";
    DIR *dir = opendir(procDir.c_str());
    if (!dir) {
        return std::nullopt;
    }
    std::optional<pid_t> found;
    while (const dirent *d = readdir(dir)) {
        if (!std::isdigit(static_cast<unsigned char>(d->d_name[0]))) {
            continue;
        }
        if (readText(procDir + "/" + d->d_name + "/comm") == want) {
            found = static_cast<pid_t>(std::stol(d->d_name));
            break;
        }
    }
    closedir(dir);
    return found;
}

std::optional<uint64_t> onCpuNsOfSchedstat(std::string_view text) {
    // A kernel with its scheduler info off writes "0 0 0"; a kpktgend
    // thread has always run.
    const auto ns = numberAt(text);
    return ns && *ns > 0 ? ns : std::nullopt;
}

std::optional<uint64_t> onCpuNsOfSched(std::string_view text) {
    const auto value = valueOf(text, "se.sum_exec_runtime");
    std::string_view rest;
    const auto ms = value ? numberAt(*value, &rest) : std::nullopt;
    if (!ms || rest.size() < 7 || rest[0] != '.') {
        return std::nullopt;
    }
    // Six decimals: the fraction is the nanoseconds of the millisecond.
    std::string_view fractionRest;
    const auto ns = numberAt(rest.substr(1, 6), &fractionRest);
    if (!ns || !fractionRest.empty()) {
        return std::nullopt;
    }
    return *ms * 1000000 + *ns;
}

std::optional<uint64_t> statusNumber(std::string_view text, std::string_view name) {
    const auto value = valueOf(text, name);
    return value ? numberAt(*value) : std::nullopt;
}

std::optional<protocol::ThreadCounts> readKthreadCounts(pid_t pid, unsigned cpu,
                                                        const std::string &procDir) {
    const std::string dir = procDir + "/" + std::to_string(pid) + "/";
    auto onCpu = onCpuNsOfSchedstat(readText(dir + "schedstat"));
    if (!onCpu) {
        onCpu = onCpuNsOfSched(readText(dir + "sched"));
    }
    const std::string status = readText(dir + "status");
    const auto involuntary = statusNumber(status, "nonvoluntary_ctxt_switches");
    const auto voluntary = statusNumber(status, "voluntary_ctxt_switches");
    if (!onCpu || !involuntary || !voluntary) {
        return std::nullopt;
    }
    protocol::ThreadCounts c;
    c.cpu = cpu;
    c.cpuNs = *onCpu;
    c.involuntary = *involuntary;
    c.voluntary = *voluntary;
    c.stealTicks = readStealTicks(cpu);
    return c;
}

} // namespace burstlab::engine
