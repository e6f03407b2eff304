#pragma once

#include "Options.h"

#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// The root-owned allow-list (/etc/burstlab/engine.conf, docs/privileges.md):
// which PCI devices, capture directories and CPUs a possibly privileged
// engine may use. A user cannot change it, so the person who runs the engine
// cannot widen what it may touch.
struct EngineConfig {
    std::string source = "built-in defaults";
    std::vector<std::string> pciDevices;
    std::vector<std::string> pcapDirs{"/tmp", "/var/tmp"};
    std::optional<std::vector<unsigned>> lcores;        // nullopt = all
    std::optional<std::vector<std::string>> interfaces; // nullopt = all
    unsigned maxMemoryMb = Options::kMaxMemoryMb;

    // What applies without a file. An elevated engine (runsElevated()) gets
    // no capture directory, no PCI device and no kernel interface: an admin
    // who gives it rights also writes the file that says what they are for.
    static EngineConfig defaults(bool elevated);
    // Throws OptionsError naming the line on a bad file.
    static EngineConfig parse(const std::string &text, const std::string &source);
    // A missing file gives the defaults; one not owned by root, or that
    // group or others may write, is refused.
    static EngineConfig load(const std::string &path, bool elevated);
    // The allow-list for this engine: the root-owned file at installedPath,
    // or the --config file (configPath, empty when not given), which only an
    // engine that is not elevated may name (else whoever runs it could widen
    // it).
    static EngineConfig forEngine(const std::string &configPath, const std::string &installedPath,
                                  bool elevated);

    // Refuses options outside the allow-list (OptionsError naming the key to
    // change) and fits a default lcore list into it.
    void apply(Options &options) const;
    // Refuses a kernel network interface not in `interfaces` (OptionsError:
    // `what` names the option that gave it).
    void checkInterface(const std::string &what, const std::string &name) const;
    // Refuses CPUs not in `lcores`.
    void checkCpus(const std::string &what, const std::vector<unsigned> &cpus) const;

    static constexpr size_t kMaxFileSize = 1 << 16;

  private:
    void checkVdevArguments(const std::string &spec) const;
    void checkPcapFile(const std::string &spec, const std::string &path) const;
};

} // namespace burstlab::engine
