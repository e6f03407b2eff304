#include "CommandParser.h"

#include <set>
#include <string>
#include <vector>

namespace burstlab::engine {

namespace {

using nlohmann::json;

ParsedLine refuse(json id, std::string code, std::string field, std::string message) {
    return {std::nullopt, std::move(id),
            ProtocolError{std::move(code), std::move(field), std::move(message)}};
}

// nlohmann keeps the last of repeated keys, so {"burst":8,"burst":600} would
// mean what a reader of the first key does not expect: refuse it instead.
class DuplicateKeys {
  public:
    json::parser_callback_t callback() {
        return [this](int, json::parse_event_t event, json &parsed) {
            if (event == json::parse_event_t::object_start) {
                m_open.emplace_back();
            } else if (event == json::parse_event_t::object_end) {
                m_open.pop_back();
            } else if (event == json::parse_event_t::key && !m_first &&
                       !m_open.back().insert(parsed.get<std::string>()).second) {
                m_first = parsed.get<std::string>();
            }
            return true;
        };
    }
    const std::optional<std::string> &first() const { return m_first; }

  private:
    std::vector<std::set<std::string>> m_open;
    std::optional<std::string> m_first;
};

} // namespace

ParsedLine parseCommandLine(std::string_view line) {
    // nlohmann stops reading at a NUL byte, so what follows one would be
    // ignored rather than refused.
    if (line.find('\0') != std::string_view::npos) {
        return refuse(nullptr, "bad_json", "", "the line holds a NUL byte");
    }
    DuplicateKeys duplicates;
    json body = json::parse(line, duplicates.callback(), false);
    if (body.is_discarded()) {
        return refuse(nullptr, "bad_json", "", "the line is not valid JSON");
    }
    if (const auto &key = duplicates.first()) {
        return refuse(nullptr, "bad_json", "", "the key \"" + echoed(*key) + "\" is given twice");
    }
    if (!body.is_object()) {
        return refuse(nullptr, "bad_command", "", "a command must be a JSON object");
    }
    const auto idIt = body.find("id");
    if (idIt == body.end()) {
        return refuse(nullptr, "bad_command", "id", "id is missing: it must be an integer");
    }
    if (!idIt->is_number_integer() ||
        (idIt->is_number_unsigned() && idIt->get<uint64_t>() > INT64_MAX)) {
        return refuse(nullptr, "bad_type", "id", "id must be an integer");
    }
    const int64_t id = idIt->get<int64_t>();
    const auto cmdIt = body.find("cmd");
    if (cmdIt == body.end() || !cmdIt->is_string()) {
        return refuse(id, "bad_command", "cmd", "cmd must be one of start, stop, ping, shutdown");
    }
    const std::string cmd = cmdIt->get<std::string>();
    Command command;
    command.id = id;
    if (cmd == "start") {
        command.kind = CommandKind::Start;
    } else if (cmd == "stop") {
        command.kind = CommandKind::Stop;
    } else if (cmd == "ping") {
        command.kind = CommandKind::Ping;
    } else if (cmd == "shutdown") {
        command.kind = CommandKind::Shutdown;
    } else {
        std::string message = "unknown cmd '";
        message.append(echoed(cmd)).append("': use start, stop, ping or shutdown");
        return refuse(id, "bad_command", "cmd", message);
    }
    if (command.kind != CommandKind::Start) {
        for (const auto &[key, value] : body.items()) {
            if (key != "cmd" && key != "id") {
                std::string message = cmd;
                message.append(" takes no field ").append(echoed(key));
                return refuse(id, "unknown_field", echoed(key), message);
            }
        }
    }
    command.body = std::move(body);
    return {std::move(command), id, std::nullopt};
}

} // namespace burstlab::engine
