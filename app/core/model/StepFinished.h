#pragma once
#include "model/StepProfile.h"
#include "model/StepThreadFigures.h"
#include "model/TxCounters.h"
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace burstlab {

// A measured window (docs/protocol.md, "finished"): from the first packet
// after the warm-up to the last packet sent. One TX lcore's own window
// (`lcores[].window`) is just this.
struct WindowFigures {
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    std::optional<qint64> txCalls; // DPDK's tx_burst calls (FieldNeed::DpdkOnly)
    qint64 startNs = 0;
    qint64 endNs = 0;
    qint64 ns = 0;
    double pps = 0;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("tx_pkts", s.txPkts, r);
        f("tx_bytes", s.txBytes, r);
        f("tx_calls", s.txCalls, FieldNeed::DpdkOnly);
        f("start_ns", s.startNs, r);
        f("end_ns", s.endNs, r);
        f("ns", s.ns, r);
        f("pps", s.pps, r);
    }
    bool operator==(const WindowFigures &other) const = default;
};
using LcoreWindow = WindowFigures;

// The step's window (`window`): its lcores' windows together; its pps is the
// step's rate.
struct MeasuredWindow : WindowFigures {
    qint64 warmupMs = 0;
    qint64 lcores = 0; // TX lcores that sent in their window
    // The pacing target (the step's rate_pps) beside the achieved pps: 0
    // unpaced, absent from engines before it.
    std::optional<qint64> targetPps;
    double bpsL2 = 0;
    double bpsL1 = 0;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("warmup_ms", s.warmupMs, r);
        f("lcores", s.lcores, r);
        WindowFigures::fields(s, f);
        f("target_pps", s.targetPps, FieldNeed::Optional);
        f("bps_l2", s.bpsL2, r);
        f("bps_l1", s.bpsL1, r);
    }
    bool operator==(const MeasuredWindow &other) const = default;
};

// One TX lcore's part of a step (`lcores[]`).
struct LcoreFinished {
    qint64 lcore = 0;
    qint64 queue = 0;
    TxCounters counters;
    std::optional<qint64> cpuNs; // the lcore thread's CPU time in the step
    std::optional<double> cyclesPerPkt;
    LcoreWindow window;
    std::optional<LcoreThread> thread; // null: no window measured
    // Kernel pktgen's own rate of the entry, from its Result line (pktgen
    // engine only; null where pktgen printed none): kept beside the window's
    // pps, which is computed from the same packets and microseconds.
    std::optional<double> pktgenPps;
    // pktgen's entry (IFNAME@burstlabQ) the lcore stands for (pktgen engine
    // only).
    std::optional<QString> device;

    // The kernel device a pktgen entry sends on (pktgen's own reading of an
    // entry's name: the interface before '@'); empty for a DPDK lcore.
    QString kernelDevice() const { return device.value_or(QString()).section(u'@', 0, 0); }

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        constexpr auto o = FieldNeed::Optional;
        f("lcore", s.lcore, r);
        f("queue", s.queue, r);
        TxCounters::fields(s.counters, f, o);
        f("cpu_ns", s.cpuNs, o);
        f("cycles_per_pkt", s.cyclesPerPkt, o);
        f("window", s.window, r);
        f("thread", s.thread, o);
        f("pktgen_pps", s.pktgenPps, o);
        f("device", s.device, o);
    }
    bool operator==(const LcoreFinished &other) const = default;
};

// The sink's one-way latency of a step's packets (`latency_ns`).
struct LatencyFigures {
    qint64 samples = 0;
    qint64 min = 0;
    qint64 median = 0;
    qint64 p99 = 0;
    qint64 max = 0;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("samples", s.samples, r);
        f("min", s.min, r);
        f("median", s.median, r);
        f("p99", s.p99, r);
        f("max", s.max, r);
    }
    bool operator==(const LatencyFigures &other) const = default;
};

// What the sink's port dropped during a step, by counter (docs/protocol.md,
// "The sink's figures"); kernel_ring is null for a device without one.
struct RxDropFigures {
    qint64 imissed = 0;
    qint64 ierrors = 0;
    qint64 rxNombuf = 0;
    std::optional<qint64> kernelRing;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("imissed", s.imissed, r);
        f("ierrors", s.ierrors, r);
        f("rx_nombuf", s.rxNombuf, r);
        f("kernel_ring", s.kernelRing, r);
    }
    bool operator==(const RxDropFigures &other) const = default;
};

// The engine's finished message of one step, typed: parsed once from the
// engine's line, kept by the store as it is (toJson()), read back by the same
// fromJson(). Its field list (fields()) is the only place that names them.
struct StepFinished {
    static constexpr qsizetype kBurstHistBuckets = 11;

    qint64 id = 0;
    QString reason = QStringLiteral("duration"); // duration, count or stopped
    TxCounters counters;
    // pktgen's errors: sends the device (or, with queue_xmit, its qdisc)
    // refused, counted apart from tx_pkts; none from the DPDK engine, whose
    // refused sends are ring_full and retried.
    std::optional<qint64> txErrors;
    // DPDK's transmit path only (FieldNeed::DpdkOnly): empty from an engine
    // that does not measure them.
    std::optional<QList<qint64>> burstHist;
    qint64 elapsedNs = 0;
    // The whole step's, warm-up included. The engine's ns_per_pkt is left
    // unread: every ns/packet figure is the core's (stats/NsPerPacket).
    double pps = 0;
    double bpsL2 = 0;
    double bpsL1 = 0;
    std::optional<double> cyclesPerPkt;
    std::optional<double> cpuNsPerPkt;
    std::optional<qint64> mbufsInUse;
    std::optional<qint64> firstTxNs; // null when nothing was sent
    MeasuredWindow window;
    // With a sink (--sink-vdev) only.
    std::optional<qint64> rxPkts;
    std::optional<qint64> rxForeign;
    std::optional<qint64> rxLate;
    std::optional<qint64> rxDropped; // by the sink's port, before the sink read them
    std::optional<RxDropFigures> rxDrops;
    std::optional<qint64> rxLost;
    std::optional<qint64> rxDuplicates;
    std::optional<qint64> rxReordered;
    std::optional<LatencyFigures> latencyNs;
    QList<LcoreFinished> lcores;
    // The TX threads over the window; null when no lcore measured one.
    std::optional<StepThreadFigures> thread;
    // The step's effective parameters, defaults included, by the names of
    // the parameter table (model/StepParameters.h).
    QJsonObject params;
    // Its sending threads' profile over the window (the TX lcores or the
    // kpktgend threads; profile_hz above 0, an engine that can profile).
    std::optional<StepProfile> profile;
    // Per host device, the host settings the step asked for, each as
    // {"asked": value, "read": value read back before the step's clock
    // started}; none when it asked none.
    std::optional<QJsonObject> hostSettings;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        constexpr auto o = FieldNeed::Optional;
        constexpr auto dpdk = FieldNeed::DpdkOnly;
        f("id", s.id, r);
        f("reason", s.reason, r);
        TxCounters::fields(s.counters, f, r);
        f("tx_errors", s.txErrors, o);
        f("burst_hist", s.burstHist, dpdk);
        f("elapsed_ns", s.elapsedNs, r);
        f("pps", s.pps, r);
        f("bps_l2", s.bpsL2, r);
        f("bps_l1", s.bpsL1, r);
        f("cycles_per_pkt", s.cyclesPerPkt, dpdk);
        f("cpu_ns_per_pkt", s.cpuNsPerPkt, dpdk);
        f("mbufs_in_use", s.mbufsInUse, dpdk);
        f("first_tx_ns", s.firstTxNs, r);
        f("window", s.window, r);
        f("rx_pkts", s.rxPkts, o);
        f("rx_foreign", s.rxForeign, o);
        f("rx_late", s.rxLate, o);
        f("rx_dropped", s.rxDropped, o);
        f("rx_drops", s.rxDrops, o);
        f("rx_lost", s.rxLost, o);
        f("rx_duplicates", s.rxDuplicates, o);
        f("rx_reordered", s.rxReordered, o);
        f("latency_ns", s.latencyNs, o);
        f("lcores", s.lcores, r);
        f("thread", s.thread, o);
        f("params", s.params, r);
        f("profile", s.profile, o);
        f("host_settings", s.hostSettings, o);
    }

    // An integer step parameter of this step (params), 0 when absent.
    qint64 parameter(const QString &name) const;

    // The message as the protocol spells it ("type":"finished" included). A
    // field left empty (an optional one) is left out.
    QJsonObject toJson() const;
    // The lcores array as toJson() writes it.
    QJsonArray lcoresJson() const;
    // Kernel pktgen's own rate of the step: the sum of its entries' Result
    // rates; nullopt unless every entry that sent has one (a DPDK step).
    std::optional<double> pktgenPps() const;
    // Strict: every required field with its type, a known reason and 11
    // burst buckets; nullopt with *error naming the field otherwise. A
    // stored message holds what its engine measured: the DpdkOnly fields
    // may be absent.
    static std::optional<StepFinished> fromJson(const QJsonObject &message,
                                                QString *error = nullptr);
    // The same for a message from an engine of this kind, which must carry
    // every field its kind measures (dpdkOnlyNeed).
    static std::optional<StepFinished> fromEngine(const QJsonObject &message, EngineKind kind,
                                                  QString *error);

    bool operator==(const StepFinished &other) const = default;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::StepFinished)
