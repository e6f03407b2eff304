#pragma once
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// Which engine program transmits: DPDK's transmit path (burstlab-engine) or
// the kernel's pktgen (burstlab-pktgen-engine). Both speak the same protocol;
// a run stores its kind in its engine launch, and a hello without
// "engine_kind" is DPDK's (engines from before the pktgen engine).
enum class EngineKind { Dpdk, Pktgen };

// "dpdk", "pktgen": the protocol's, the store's and the command line's form.
QString engineKindName(EngineKind kind);
std::optional<EngineKind> engineKindFromName(const QString &name);
// The names in order, for help texts and errors: "dpdk or pktgen".
QStringList engineKindNames();
// The kind's engine program, as installed next to the CLI and GUI:
// "burstlab-engine", "burstlab-pktgen-engine".
QString engineProgramName(EngineKind kind);
// "2.75" from the pktgen engine's pktgen_version (pgctrl's first line,
// "Packet Generator for packet performance testing. Version: 2.75", or the
// number alone); text without a version number as it is.
QString pktgenVersionNumber(const QString &version);

} // namespace burstlab
