#pragma once

#include "HostJournal.h"
#include "NetdevSettings.h"
#include "ProtocolError.h"
#include "StepParams.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace burstlab::engine {

// The host settings a step asks for, in the table's order, each with the
// value asked; those left "unchanged" (or -1) are not asked.
std::vector<std::pair<std::string, nlohmann::json>> askedSettings(const StepParams &params);

// One device's host settings over an engine's life (docs/kernel-pktgen.md,
// "Host settings"): each step's asked for before its clock starts and read
// back, every one the engine changed put back as found when the engine
// ends, and a journal of the originals on disk from before the first
// change until they are back, for an engine that is killed.
class HostSettings {
  public:
    HostSettings(std::string device, std::string journalDir);

    const std::string &device() const { return m_device.device(); }
    // Brings the device to what the step asks: what it asks set, what an
    // earlier step set and it leaves unchanged put back. *record gets each
    // asked setting's {"asked", "read"}; a value the device refuses, or
    // does not keep, refuses the step naming the setting.
    std::optional<ProtocolError> apply(const StepParams &params, nlohmann::ordered_json *record);
    // Puts back every setting the engine changed, in the table's order, and
    // removes the journal once all are back. Empty, or why not (the journal
    // stays, for another try). *restored lists what was put back
    // ("qdisc noqueue, gro on").
    std::string restore(std::string *restored = nullptr);
    // Takes up what a journal of this device holds (an engine killed with
    // the device's settings changed) and puts it back. Empty, or why not;
    // a journal whose writer still runs is left to it.
    std::string restoreJournal(std::string *restored);

  private:
    // The value to put back later; none with *error saying why the setting
    // cannot be changed.
    std::optional<nlohmann::json> readOriginal(const std::string &setting,
                                               std::string *error) const;
    std::string putBack(const std::string &setting, const nlohmann::json &original) const;
    std::string saveJournal() const;

    NetdevSettings m_device;
    HostJournal m_journal;
    nlohmann::json m_originals = nlohmann::json::object();
};

} // namespace burstlab::engine
