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
    std::optional<std::vector<unsigned>> lcores; // nullopt = all

    // Throws OptionsError naming the line on a bad file.
    static EngineConfig parse(const std::string &text, const std::string &source);
    // A missing file gives the defaults; one not owned by root, or that
    // group or others may write, is refused.
    static EngineConfig load(const std::string &path);

    // Refuses options outside the allow-list (OptionsError naming the key to
    // change) and fits a default lcore list into it.
    void apply(Options &options) const;

  private:
    void checkVdevArguments(const std::string &spec) const;
    bool inPcapDir(const std::string &path) const;
};

} // namespace burstlab::engine
