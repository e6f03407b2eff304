#pragma once
#include "Figures.h"
#include "model/EngineKind.h"
#include "model/StepLimits.h"
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <optional>

namespace burstlab {

// One port of the engine as its hello describes it (TX first, then the sink).
struct EnginePort {
    QString role; // "tx" or "sink"
    qint64 portId = 0;
    QString name;
    QString driver;
    QString mac;
    qint64 linkSpeedMbps = 0;
    bool linkUp = false;
    qint64 mtu = 0;
};

// The engine's hello: what it is, what it drives, and which step parameters it
// accepts in which ranges. Kept whole (raw) so a run records exactly what the
// engine said.
struct EngineHello {
    // 2: finished carries the measured window and the sink's classification,
    // and a step takes warmup_ms; a version-1 engine cannot serve a sweep.
    static constexpr int kProtocolVersion = protocol::kVersion;

    int protocol = 0;
    // "engine_kind"; a hello without it is the DPDK engine's.
    EngineKind kind = EngineKind::Dpdk;
    QString engineVersion;
    QString dpdkVersion;   // DPDK's engine only
    QString kernelVersion; // pktgen's engine only: uname -r
    QString pktgenVersion; // pktgen's engine only: pgctrl's first line
    qint64 tscHz = 0;
    // How the engine obtained tscHz and what DPDK said (tsc_calibration):
    // "clock_monotonic_raw" when measured against the kernel's clock. Empty
    // and 0 from an engine that does not say.
    QString tscSource;
    qint64 dpdkTscHz = 0;
    qint64 mainLcore = 0;
    QList<qint64> workerLcores;
    QList<qint64> workerCpus; // each worker lcore's CPU: its number, unless CPUs are shared
    qint64 numaNodes = 0;
    QList<EnginePort> ports;
    QMap<QString, ParameterLimit> limits;
    QJsonObject defaults;
    QJsonObject raw;

    // A hello message as JSON (a run's stored hello), checked as strictly as
    // the line the engine sent; empty optional and *error set when it is not one.
    static std::optional<EngineHello> fromJson(const QJsonObject &message,
                                               QString *error = nullptr);

    // The port whose role is "tx", as Run::txPortOf() picks it from the JSON.
    const EnginePort *txPort() const;
    // What this engine accepts: its limits and defaults (StepLimits checks
    // a value against them).
    StepLimits stepLimits() const;
    // "burstlab-engine 0.1.0, DPDK 22.11.11, net_null0 (net_null, 10000 Mbit/s)";
    // "burstlab-pktgen-engine 0.1.0, Linux 6.1.0, pktgen v2.75, dummy0 (...)"
    QString summary() const;
    // What transmits, versioned: "DPDK 22.11.11" or "Linux 6.1.0, pktgen v2.75".
    QString transmitPath() const;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::EngineHello)
