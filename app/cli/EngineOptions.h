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
    // the engine drives net_null0. With --engine-kind pktgen: --device, and
    // none of the DPDK engine's options.
    // Problems are the launch rules' (SweepRules::checkLaunch), named by the
    // option as typed.
    static std::optional<EngineLaunch> read(const CliParser &parser, QString *error);
    // The option a rule's field came from: "engine.lcores" -> "--lcores 0-x".
    static QString argumentFor(const CliParser &parser, const QString &field);
    // --engine-kind, refusing the options of the other kind's engine.
    static std::optional<EngineKind> kind(const CliParser &parser, QString *error);

  private:
    // The launch rules' first problem, named by its option.
    static std::optional<EngineLaunch> checked(const CliParser &parser, const EngineLaunch &launch,
                                               QString *error);
};

} // namespace burstlab
