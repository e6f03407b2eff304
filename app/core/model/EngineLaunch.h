#pragma once
#include "model/EngineKind.h"
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace burstlab {

// How the engine process is started, kept as data so a stored run can be run
// again. The engine client turns it into a command line (docs/protocol.md).
struct EngineLaunch {
    EngineKind kind = EngineKind::Dpdk; // which engine program
    QString device;                     // pktgen: --device, the kernel netdev
    // pktgen: --host-device, where the steps' host settings go (gro on a
    // veth pair's receiving end); empty: the device.
    QString hostDevice;
    QStringList vdevs;                       // --vdev, repeatable
    QString pci;                             // --pci DDDD:BB:DD.F (empty: none)
    QString sinkVdev;                        // --sink-vdev (empty: none)
    QString lcores;                          // --lcores (empty: engine default)
    bool noHuge = true;                      // --no-huge
    int memoryMb = 512;                      // --memory-mb
    QString mode = QStringLiteral("direct"); // "direct", "pkexec", "sudo", "ssh"
    QString sshHost;                         // with mode "ssh"
    QString enginePath;                      // empty: the engine next to the program

    // The device the engine transmits on, by its own rule: pktgen's kernel
    // netdev; for DPDK the PCI address when one is given, else the first --vdev.
    QString txDevice() const {
        if (kind == EngineKind::Pktgen)
            return device;
        return pci.isEmpty() ? vdevs.value(0) : pci;
    }

    // The kernel interfaces the engine sets the steps' host settings (gro,
    // qdisc, ...) on: pktgen's --host-device, else --device; for DPDK each
    // port that is a kernel interface, the iface= of an af_packet, AF_XDP
    // or tap vdev (TX port and sink), as the engine finds them.
    QStringList hostDevices() const;
    // Why the engine cannot set a host setting with this launch, naming the
    // setting and the port's kind; empty when it can.
    QString hostSettingRefusal(const QString &setting) const;

    QJsonObject toJson() const;
    // Missing keys keep their defaults; wrongly typed keys are an error.
    static std::optional<EngineLaunch> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const EngineLaunch &other) const = default;
};

} // namespace burstlab
