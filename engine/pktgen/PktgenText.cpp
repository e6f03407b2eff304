#include "PktgenText.h"

#include <charconv>
#include <sstream>

namespace burstlab::engine {

namespace {

// The number after `key` in text, or none.
std::optional<uint64_t> numberAfter(std::string_view text, std::string_view key) {
    const size_t at = text.find(key);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    size_t from = at + key.size();
    while (from < text.size() && text[from] == ' ') {
        ++from;
    }
    uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data() + from, text.data() + text.size(), value);
    if (ec != std::errc() || ptr == text.data() + from) {
        return std::nullopt;
    }
    return value;
}

std::vector<std::string> namesAfter(std::string_view text, std::string_view key) {
    std::vector<std::string> names;
    const size_t at = text.find(key);
    if (at == std::string_view::npos) {
        return names;
    }
    const size_t from = at + key.size();
    std::istringstream line(std::string(text.substr(from, text.find('\n', from) - from)));
    for (std::string name; line >> name;) {
        names.push_back(name);
    }
    return names;
}

// What follows key in text up to the first of ends; empty without key.
std::string wordAfter(std::string_view text, std::string_view key, std::string_view ends) {
    const size_t at = text.find(key);
    if (at == std::string_view::npos) {
        return {};
    }
    const size_t from = at + key.size();
    const size_t end = text.find_first_of(ends, from);
    return std::string(text.substr(from, end == std::string_view::npos ? end : end - from));
}

} // namespace

std::vector<std::string> ThreadEntries::all() const {
    std::vector<std::string> out = running;
    out.insert(out.end(), stopped.begin(), stopped.end());
    return out;
}

ThreadEntries parseThreadText(std::string_view text) {
    return {namesAfter(text, "Running:"), namesAfter(text, "Stopped:")};
}

std::optional<EntryText> parseEntryText(std::string_view text) {
    const auto sofar = numberAfter(text, "pkts-sofar:");
    const auto started = numberAfter(text, "started:");
    const auto stopped = numberAfter(text, "stopped:");
    if (!sofar || !started || !stopped) {
        return std::nullopt;
    }
    EntryText e;
    e.sofar = *sofar;
    e.startedUs = *started;
    e.stoppedUs = *stopped;
    const size_t current = text.find("pkts-sofar:");
    e.errors = numberAfter(text.substr(current), "errors:").value_or(0);
    const size_t resultAt = text.find("Result: OK:");
    if (resultAt != std::string_view::npos) {
        const std::string_view r = text.substr(resultAt + 11);
        const auto usec = numberAfter(r, "");
        const size_t comma = r.find("usec,");
        const auto pkts =
            comma == std::string_view::npos ? std::nullopt : numberAfter(r.substr(comma), "usec,");
        const size_t ppsAt = r.find("pps");
        const size_t lineStart = r.rfind('\n', ppsAt);
        const auto pps = ppsAt == std::string_view::npos || lineStart == std::string_view::npos
                             ? std::nullopt
                             : numberAfter(r.substr(lineStart + 1), "");
        const auto errors = numberAfter(r, "errors:");
        if (usec && pkts && pps && errors) {
            e.result = EntryResult{*usec, *pkts, *pps, *errors};
        }
    }
    return e;
}

std::string resultOf(std::string_view text) {
    return wordAfter(text, "\nResult: ", "\n");
}

std::string pktgenVersionOf(std::string_view pgctrlText) {
    return wordAfter(pgctrlText, "Version: ", " \n");
}

bool isOwnEntry(std::string_view entry) {
    const size_t at = entry.find('@');
    return at != std::string_view::npos && entry.substr(at).starts_with(kEntrySuffix);
}

} // namespace burstlab::engine
