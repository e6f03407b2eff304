#include "Replies.h"

namespace burstlab::engine::messages {

Json ack(const nlohmann::json &id, const std::optional<ProtocolError> &error) {
    Json j = {{"type", "ack"}, {"id", id}, {"ok", !error}};
    if (error) {
        j["error"] = {{"code", error->code},
                      {"field", error->field.empty() ? Json(nullptr) : Json(error->field)},
                      {"message", error->message}};
    }
    return j;
}

Json fatalError(const std::string &code, const std::string &message) {
    return {{"type", "error"}, {"fatal", true}, {"code", code}, {"message", message}};
}

} // namespace burstlab::engine::messages
