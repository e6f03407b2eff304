#pragma once
#include "model/EngineKind.h"
#include <QJsonObject>
#include <QString>

namespace burstlab {

// Which engine measured a run and in which versions, read from the run's
// stored hello. Tolerant of every hello ever stored: one from before the
// pktgen engine has no "engine_kind" (DPDK's), and any key may be absent.
struct EngineIdentity {
    EngineKind kind = EngineKind::Dpdk;
    QString dpdkVersion;   // "22.11.4", without rte_version()'s word "DPDK"
    QString kernelVersion; // pktgen: uname -r where the engine ran
    QString pktgenVersion; // pktgen: "2.75", or pgctrl's first line when it names no number

    // A run without a hello (not started, imported) is of the kind it was
    // launched with.
    static EngineIdentity of(const QJsonObject &hello, EngineKind launched);
    // "kernel pktgen 2.75 (Linux 6.1.0)", "DPDK 22.11.4"; each version
    // where the hello has it, "kernel pktgen" or "DPDK" alone without any.
    QString text() const;
};

} // namespace burstlab
