#include "TakenParameters.h"

#include "Parameters.h"

namespace burstlab::engine {

namespace {

bool takes(EngineKind kind, const protocol::Parameter &p) {
    return kind == EngineKind::Dpdk ? p.dpdk : !p.pktgen.empty();
}

} // namespace

bool takes(EngineKind kind, std::string_view parameter) {
    for (const protocol::Parameter &p : protocol::kParameters) {
        if (p.name == parameter) {
            return takes(kind, p);
        }
    }
    // The older port names go where the parameter they set goes.
    for (const protocol::PortAlias &alias : protocol::kPortAliases) {
        if (alias.name == parameter) {
            return takes(kind, alias.of);
        }
    }
    return true; // an unknown name is refused by the reader, naming it
}

std::optional<ProtocolError> refuseNotTaken(EngineKind kind, const nlohmann::json &command) {
    for (const auto &item : command.items()) {
        if (!takes(kind, item.key())) {
            return ProtocolError{
                "unknown_field", item.key(),
                item.key() + " is not a parameter of the " +
                    (kind == EngineKind::Dpdk ? "DPDK engine (pktgen's only)" : "pktgen engine")};
        }
    }
    return std::nullopt;
}

protocol::Json onlyTaken(EngineKind kind, protocol::Json parameters) {
    for (const protocol::Parameter &p : protocol::kParameters) {
        if (!takes(kind, p)) {
            parameters.erase(std::string(p.name));
        }
    }
    return parameters;
}

} // namespace burstlab::engine
