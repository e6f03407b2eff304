#pragma once
#include "model/EngineLaunch.h"
#include <QList>
#include <QMap>
#include <QString>

namespace burstlab {

// What a checklist probe looks at: the host's files under `root` (a fake tree in
// tests), the kernel netdev the traffic leaves through (if any), the PCI port
// DPDK drives (if any) and the lcores that transmit.
struct ProbeContext {
    QString root = QStringLiteral("/");
    QString netdev;     // e.g. the iface of an af_packet vdev; empty when there is none
    QString netns;      // named network namespace (ip netns) that holds `netdev`; empty = ours
    QString pciAddress; // "0000:03:00.0"; empty for virtual devices
    QList<int> lcores;  // empty = judge every online CPU
    qint64 selfPid = 0; // process not to count as "other load"; 0 = this process
    // The engine whose run is judged: an item of the other's set-up is not.
    EngineKind engineKind = EngineKind::Dpdk;
    // The host settings the run's steps set, each as the sweep sets it
    // ("qdisc" -> "qdisc=pfifo_fast,fq"): the items that probe them say so,
    // and are probed for any engine (the root qdisc of a pktgen run that
    // sweeps it).
    QMap<QString, QString> setBySweep;

    // Derives netdev / PCI address from an engine port spec such as
    // "net_af_packet0,iface=va", "net_tap0,iface=t0", "0000:03:00.0" or "net_null0".
    static ProbeContext forPort(const QString &portSpec, const QList<int> &lcores = {});
    // What a launch transmits on: the DPDK engine's port (forPort), or the
    // pktgen engine's kernel device, with its PCI address when it has one
    // (for the NUMA item). root: where sysfs is, for tests.
    static ProbeContext forLaunch(const EngineLaunch &launch, const QList<int> &lcores = {},
                                  const QString &root = QStringLiteral("/"));

    // The CPUs an engine started without --lcores transmits on here: every
    // online CPU but the first (its main lcore), at most eight.
    QList<int> defaultTxLcores() const;
    // Fills the {netdev}, {pci}, {lcores} placeholders of a fix command or note
    // ({lcores}: the context's lcores, else defaultTxLcores()); unknown ones
    // become IFACE, ADDR, CPUS so the text stays a usable template.
    QString expand(QString text) const;
};

} // namespace burstlab
