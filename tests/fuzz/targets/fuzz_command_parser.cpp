// libFuzzer target: one protocol line, as the engine reads it from stdin,
// through the command parser and a start's parameter checks, then into the
// ack the engine would write. Anything that throws or trips a sanitizer here
// would take the engine down on a peer's input.
#include "CommandParser.h"
#include "StepParams.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace burstlab::engine;

namespace {

void require(bool condition) {
    if (!condition) {
        std::abort();
    }
}

bool within(uint64_t value, const Range &r) {
    return static_cast<int64_t>(value) >= r.lo && static_cast<int64_t>(value) <= r.hi;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string_view line(reinterpret_cast<const char *>(data), size);
    ParsedLine parsed = parseCommandLine(line);
    require(parsed.command.has_value() != parsed.error.has_value());
    std::optional<ProtocolError> error = parsed.error;
    if (parsed.command && parsed.command->kind == CommandKind::Start) {
        const StepLimits limits;
        StepParams params;
        error = params.apply(parsed.command->body, limits);
        if (!error) {
            require(within(params.burst, limits.burst));
            require(within(params.pktSize, limits.pktSize));
            require(within(params.statsMs, limits.statsMs));
            require(within(params.flows, limits.flows));
            (void)params.toJson().dump();
        }
    }
    nlohmann::json ack = {{"type", "ack"}, {"id", parsed.id}, {"ok", !error}};
    if (error) {
        ack["error"] = {
            {"code", error->code}, {"field", error->field}, {"message", error->message}};
    }
    // dump() throws on invalid UTF-8: an error message must never echo bytes
    // the parser did not validate.
    (void)ack.dump();
    return 0;
}
