#pragma once
#include "CliParser.h"
#include "model/EngineLaunch.h"

#include <optional>

namespace burstlab {

// The options that say which engine to start, how, and on which ports
// (shared by `sweep` and `engine-info`).
class EngineOptions {
  public:
    static void add(CliParser &parser);
    // The launch settings; with neither --no-huge nor --huge, --no-huge is used
    // when this host has no hugepages reserved. With neither --vdev nor --pci
    // the engine drives net_null0.
    // Problems are the launch rules' (SweepRules::checkLaunch), named by the
    // option as typed.
    static std::optional<EngineLaunch> read(const CliParser &parser, QString *error);
    // The option a rule's field came from: "engine.lcores" -> "--lcores 0-x".
    static QString argumentFor(const CliParser &parser, const QString &field);
};

} // namespace burstlab
