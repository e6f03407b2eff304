#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// Where the DPDK and pktgen engines keep what a device's host settings were
// before a step changed them: root's tmpfs, which the privileged engine can
// write and a reboot (which resets the devices too) empties.
inline constexpr const char *kHostJournalDir = "/run/burstlab";

// One device's journal: its settings as the engine found them, written
// before the first change, so that an engine killed mid-step (SIGKILL, a
// crash) leaves the next start, or `--restore-host`, what to put back
// (docs/kernel-pktgen.md, "Host settings").
class HostJournal {
  public:
    HostJournal(std::string dir, std::string device);

    const std::string &path() const { return m_path; }
    // Writes the originals (setting: value) atomically, with this process's
    // id: a temporary file synced and renamed over the journal. Empty, or
    // why not.
    std::string write(const nlohmann::json &originals) const;
    // The originals a journal holds, or none (no journal); *error says why
    // a journal that is there cannot be used (not a regular file of this
    // user's, not this device's, not JSON).
    std::optional<nlohmann::json> read(std::string *error) const;
    // The id of the process that wrote the journal, when that process still
    // runs a burstlab engine (another engine's settings are not to be
    // restored under it).
    std::optional<long> liveWriter() const;
    void remove() const;

  private:
    std::string m_dir;
    std::string m_device;
    std::string m_path;
};

} // namespace burstlab::engine
