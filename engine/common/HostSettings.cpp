#include "HostSettings.h"

#include "Parameters.h"

#include <algorithm>

namespace burstlab::engine {

namespace {

using nlohmann::json;

bool isUnchanged(const json &value) {
    return value == "unchanged" || value == protocol::kUnchanged;
}

// The host settings in the table's order.
std::vector<std::string> hostSettingNames() {
    std::vector<std::string> names;
    for (const protocol::Parameter &p : protocol::kParameters) {
        if (p.host) {
            names.emplace_back(p.name);
        }
    }
    return names;
}

std::string textOf(const json &value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

} // namespace

std::vector<std::pair<std::string, json>> askedSettings(const StepParams &params) {
    const nlohmann::ordered_json all = params.toJson();
    std::vector<std::pair<std::string, json>> asked;
    for (const std::string &name : hostSettingNames()) {
        if (!isUnchanged(all[name])) {
            asked.emplace_back(name, all[name]);
        }
    }
    return asked;
}

HostSettings::HostSettings(std::string device, std::string journalDir)
    : m_device(device), m_journal(std::move(journalDir), std::move(device)) {}

std::string HostSettings::saveJournal() const {
    if (m_originals.empty()) {
        m_journal.remove();
        return {};
    }
    return m_journal.write(m_originals);
}

std::optional<ProtocolError> HostSettings::apply(const StepParams &params,
                                                 nlohmann::ordered_json *record) {
    const auto asked = askedSettings(params);
    const auto refuse = [this](const std::string &setting, const std::string &why) {
        return ProtocolError{"port_error", setting, setting + " on " + device() + ": " + why};
    };
    for (const std::string &name : hostSettingNames()) {
        const auto it = std::find_if(asked.begin(), asked.end(),
                                     [&](const auto &a) { return a.first == name; });
        if (it == asked.end()) {
            // An earlier step's value goes, so that each step runs with what
            // it asks and the device's own otherwise.
            if (m_originals.contains(name)) {
                if (std::string error = putBack(name, m_originals[name]); !error.empty()) {
                    return refuse(name,
                                  "cannot put back " + textOf(m_originals[name]) + ": " + error);
                }
                m_originals.erase(name);
                if (std::string error = saveJournal(); !error.empty()) {
                    return refuse(name, error);
                }
            }
            continue;
        }
        const json &value = it->second;
        std::string error;
        if (!m_originals.contains(name)) {
            const auto original = readOriginal(name, &error);
            if (!original) {
                return refuse(name, error);
            }
            m_originals[name] = *original;
            if (error = saveJournal(); !error.empty()) {
                m_originals.erase(name);
                return refuse(name, error);
            }
        }
        if (error = m_device.write(name, value); !error.empty()) {
            return refuse(name, "the device refused " + textOf(value) + ": " + error);
        }
        const auto read = m_device.read(name, &error);
        if (!read) {
            return refuse(name, "set to " + textOf(value) + " but cannot be read back: " + error);
        }
        // A feature the driver fixes takes the write and keeps its value;
        // an integer the driver rounds (a ring to its granularity) is
        // recorded as read.
        if (value.is_string() && *read != value) {
            return refuse(name, "the device keeps " + textOf(*read) + " when asked " +
                                    textOf(value) + " (a fixed setting of its driver)");
        }
        (*record)[name] = {{"asked", value}, {"read", *read}};
    }
    return std::nullopt;
}

std::optional<json> HostSettings::readOriginal(const std::string &setting,
                                               std::string *error) const {
    if (setting != "qdisc") {
        auto value = m_device.read(setting, error);
        if (!value) {
            *error = "cannot be read, so it would not be put back: " + *error;
        }
        return value;
    }
    // A configured root qdisc's options cannot be read back in a form tc
    // takes for every kind: only the kernel's own default, which deleting
    // any root brings back, is put back as found.
    const auto root = m_device.rootQdisc(error);
    if (root && !root->kernelDefault) {
        *error = "the root qdisc is a configured " + root->kind +
                 ", whose options the engine could not put back: delete it, or leave qdisc "
                 "unchanged";
        return std::nullopt;
    }
    return root ? std::optional<json>(root->kind) : std::nullopt;
}

std::string HostSettings::putBack(const std::string &setting, const json &original) const {
    if (setting != "qdisc") {
        return m_device.write(setting, original);
    }
    std::string error;
    const auto root = m_device.rootQdisc(&error);
    if (!root) {
        return error;
    }
    if (!root->kernelDefault) {
        if (error = m_device.removeRootQdisc(); !error.empty()) {
            return error;
        }
    }
    const auto kind = m_device.read(setting, &error);
    if (kind && *kind != original) {
        return "the kernel's default root qdisc is " + textOf(*kind) + " now, not " +
               textOf(original);
    }
    return error;
}

std::string HostSettings::restore(std::string *restored) {
    // Nothing changed by this engine: a journal there is another's.
    if (m_originals.empty()) {
        return {};
    }
    std::string errors;
    for (const std::string &name : hostSettingNames()) {
        if (!m_originals.contains(name)) {
            continue;
        }
        const json original = m_originals[name];
        if (std::string error = putBack(name, original); !error.empty()) {
            errors += (errors.empty() ? "" : "; ") + name + " " + textOf(original) + ": " + error;
            continue;
        }
        m_originals.erase(name);
        if (restored) {
            *restored += (restored->empty() ? "" : ", ") + name + " " + textOf(original);
        }
    }
    if (std::string error = saveJournal(); !error.empty()) {
        errors += (errors.empty() ? "" : "; ") + error;
    }
    return errors.empty() ? std::string() : device() + ": " + errors;
}

std::string HostSettings::restoreJournal(std::string *restored) {
    if (const auto writer = m_journal.liveWriter()) {
        return m_journal.path() + " belongs to engine " + std::to_string(*writer) +
               ", which still runs";
    }
    std::string error;
    const auto originals = m_journal.read(&error);
    if (!originals) {
        return error;
    }
    // Taken up whole or not at all: a journal with one bad entry is left as
    // it is, for a person to read.
    const std::vector<std::string> names = hostSettingNames();
    for (const auto &[name, value] : originals->items()) {
        if (std::find(names.begin(), names.end(), name) == names.end() ||
            !(protocol::parameter(name).kind == protocol::ParameterKind::Integer
                  ? value.is_number_integer()
                  : value.is_string())) {
            return m_journal.path() + " holds " + name + " " + value.dump() +
                   ", which is not a host setting's value";
        }
    }
    m_originals = *originals;
    return restore(restored);
}

} // namespace burstlab::engine
