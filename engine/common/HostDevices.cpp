#include "HostDevices.h"

#include "HostJournal.h"
#include "Messages.h"

#include <cstdio>
#include <iostream>

namespace burstlab::engine {

HostDevices::HostDevices(const std::vector<std::string> &devices, const std::string &journalDir,
                         std::string engine)
    : m_engine(std::move(engine)) {
    for (const std::string &device : devices) {
        m_hosts.emplace_back(device, journalDir);
    }
}

HostDevices::~HostDevices() {
    for (HostSettings &host : m_hosts) {
        if (const std::string error = host.restore(); !error.empty()) {
            std::fprintf(stderr, "%s: host settings not put back: %s\n", m_engine.c_str(),
                         error.c_str());
        }
    }
}

std::optional<ProtocolError> HostDevices::apply(const StepParams &params,
                                                std::optional<protocol::Json> *record) {
    protocol::Json all = protocol::Json::object();
    for (HostSettings &host : m_hosts) {
        protocol::Json one = protocol::Json::object();
        if (auto error = host.apply(params, &one)) {
            return error;
        }
        if (!one.empty()) {
            all[host.device()] = one;
        }
    }
    *record = all.empty() ? std::nullopt : std::optional<protocol::Json>(all);
    return std::nullopt;
}

bool HostDevices::restoreJournals(ProtocolOut &out) {
    std::string errors;
    std::string restored;
    for (HostSettings &host : m_hosts) {
        std::string what;
        if (const std::string error = host.restoreJournal(&what); !error.empty()) {
            errors += (errors.empty() ? "" : "; ") + error;
        }
        if (!what.empty()) {
            restored += (restored.empty() ? "" : "; ") + host.device() + ": " + what;
        }
    }
    if (!errors.empty()) {
        out.write(protocol::fatalError(
            "host_settings", "host settings a killed engine left cannot be put back: " + errors));
        return false;
    }
    if (!restored.empty()) {
        std::cerr << m_engine << ": put back what a killed engine left: " << restored << "\n";
    }
    return true;
}

int restoreHostJournals(const std::vector<std::string> &devices, const std::string &engine,
                        ProtocolOut &out) {
    int status = 0;
    for (const std::string &device : devices) {
        HostSettings host(device, kHostJournalDir);
        std::string restored;
        if (const std::string error = host.restoreJournal(&restored); !error.empty()) {
            std::cerr << engine << ": " << error << "\n";
            status = 1;
        }
        out.writeText(device + ": " + (restored.empty() ? "nothing to put back" : restored) + "\n");
    }
    return status;
}

} // namespace burstlab::engine
