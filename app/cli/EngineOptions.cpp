#include "EngineOptions.h"
#include "engine/EngineCommand.h"
#include "sweep/SweepRules.h"

#include <QMap>
#include <climits>
#include <span>

namespace burstlab {

void EngineOptions::add(CliParser &p) {
    const QList<QCommandLineOption> options{
        {QStringLiteral("engine-kind"),
         QStringLiteral("The engine: dpdk (DPDK's transmit path, default) or pktgen (the "
                        "kernel's pktgen, on --device)."),
         QStringLiteral("KIND"), QStringLiteral("dpdk")},
        {QStringLiteral("device"),
         QStringLiteral("pktgen: the kernel network device to send on, e.g. eth0 or dummy0; "
                        "several as eth1,eth2, each on threads of its own."),
         QStringLiteral("IFNAME")},
        {QStringLiteral("host-device"),
         QStringLiteral("pktgen: the kernel network devices the host settings (gro, qdisc, ...) "
                        "go to, e.g. the receiving end of a veth pair for gro (default: "
                        "--device)."),
         QStringLiteral("IFNAME")},
        {QStringLiteral("vdev"),
         QStringLiteral("A virtual TX device, e.g. net_null0 or net_pcap0,tx_pcap=FILE "
                        "(repeatable; default net_null0)."),
         QStringLiteral("SPEC")},
        {QStringLiteral("pci"), QStringLiteral("A PCI TX port, DDDD:BB:DD.F."),
         QStringLiteral("ADDR")},
        {QStringLiteral("sink-vdev"), QStringLiteral("An RX sink port whose packets are counted."),
         QStringLiteral("SPEC")},
        {QStringLiteral("engine"),
         QStringLiteral("The engine program (default: burstlab-engine next to this program)."),
         QStringLiteral("PATH")},
        {QStringLiteral("launch"),
         QStringLiteral("How to start the engine: direct, pkexec, sudo or ssh (default direct)."),
         QStringLiteral("MODE"), QStringLiteral("direct")},
        {QStringLiteral("host"),
         QStringLiteral("The host to run the engine on, with --launch ssh."),
         QStringLiteral("HOST")},
        {QStringLiteral("lcores"),
         QStringLiteral("Engine lcores, e.g. 0-1 (default: what the host has); pktgen: the CPUs "
                        "of its kpktgend threads, one queue each."),
         QStringLiteral("LIST")},
        {QStringLiteral("memory-mb"), QStringLiteral("Engine memory in MB (default 512)."),
         QStringLiteral("N")},
        {QStringLiteral("no-huge"), QStringLiteral("Run the engine without hugepages.")},
        {QStringLiteral("huge"), QStringLiteral("Run the engine on hugepages.")},
    };
    for (const QCommandLineOption &o : options)
        p.addOption(o);
}

namespace {

// The options only one kind of engine takes: given to the other, they would
// be dropped without a word.
const char *const kDpdkOnly[] = {"vdev", "pci", "sink-vdev", "no-huge", "huge", "memory-mb"};
const char *const kPktgenOnly[] = {"device", "host-device"};

} // namespace

std::optional<EngineKind> EngineOptions::kind(const CliParser &p, QString *error) {
    const QString name = p.value(QStringLiteral("engine-kind"));
    const auto kind = engineKindFromName(name);
    if (!kind) {
        *error = QStringLiteral("--engine-kind '%1': must be %2")
                     .arg(name, engineKindNames().join(QStringLiteral(" or ")));
        return std::nullopt;
    }
    const bool pktgen = *kind == EngineKind::Pktgen;
    for (const char *option : pktgen ? std::span<const char *const>(kDpdkOnly)
                                     : std::span<const char *const>(kPktgenOnly)) {
        if (p.isSet(QLatin1String(option))) {
            *error = pktgen ? QStringLiteral("--%1 is a DPDK engine option; the pktgen engine "
                                             "sends on --device IFNAME")
                                  .arg(QLatin1String(option))
                            : QStringLiteral("--%1 goes with --engine-kind pktgen; the DPDK "
                                             "engine sends on --vdev or --pci")
                                  .arg(QLatin1String(option));
            return std::nullopt;
        }
    }
    return kind;
}

std::optional<EngineLaunch> EngineOptions::read(const CliParser &p, QString *error) {
    EngineLaunch l;
    const auto kind = EngineOptions::kind(p, error);
    if (!kind)
        return std::nullopt;
    l.kind = *kind;
    l.enginePath = p.value(QStringLiteral("engine"));
    l.mode = p.value(QStringLiteral("launch"));
    l.sshHost = p.value(QStringLiteral("host"));
    l.lcores = p.value(QStringLiteral("lcores"));
    if (l.kind == EngineKind::Pktgen) {
        l.device = p.value(QStringLiteral("device"));
        l.hostDevice = p.value(QStringLiteral("host-device"));
        l.noHuge = false; // no DPDK memory to place
        return checked(p, l, error);
    }
    l.vdevs = p.values(QStringLiteral("vdev"));
    l.pci = p.value(QStringLiteral("pci"));
    if (l.vdevs.isEmpty() && l.pci.isEmpty())
        l.vdevs << QStringLiteral("net_null0");
    l.sinkVdev = p.value(QStringLiteral("sink-vdev"));
    if (p.isSet(QStringLiteral("no-huge")) && p.isSet(QStringLiteral("huge"))) {
        *error = QStringLiteral("--no-huge and --huge exclude each other");
        return std::nullopt;
    }
    const auto memory = p.integer(QStringLiteral("memory-mb"), l.memoryMb, error);
    if (!memory)
        return std::nullopt;
    l.memoryMb = int(std::clamp<qint64>(*memory, INT_MIN, INT_MAX));
    if (p.isSet(QStringLiteral("huge")) || p.isSet(QStringLiteral("no-huge")))
        l.noHuge = p.isSet(QStringLiteral("no-huge"));
    else
        l.noHuge = l.mode == QLatin1String("ssh") || !EngineCommand::hugepagesReserved();
    return checked(p, l, error);
}

std::optional<EngineLaunch> EngineOptions::checked(const CliParser &p, const EngineLaunch &l,
                                                   QString *error) {
    const auto problems = SweepRules::checkLaunch(l, EngineCommand::hugepagesReservedFor(l));
    if (!problems.isEmpty()) {
        *error = argumentFor(p, problems.first().field) + QStringLiteral(": ") +
                 problems.first().message;
        return std::nullopt;
    }
    return l;
}

QString EngineOptions::argumentFor(const CliParser &p, const QString &field) {
    static const QMap<QString, QString> options{
        {QStringLiteral("engine.mode"), QStringLiteral("launch")},
        {QStringLiteral("engine.ssh_host"), QStringLiteral("host")},
        {QStringLiteral("engine.lcores"), QStringLiteral("lcores")},
        {QStringLiteral("engine.memory_mb"), QStringLiteral("memory-mb")},
        {QStringLiteral("engine.kernel_device"), QStringLiteral("device")},
        {QStringLiteral("engine.host_device"), QStringLiteral("host-device")},
        {QStringLiteral("engine.vdevs"), QStringLiteral("vdev")},
        {QStringLiteral("engine.pci"), QStringLiteral("pci")},
        {QStringLiteral("engine.sink_vdev"), QStringLiteral("sink-vdev")},
        {QStringLiteral("engine.no_huge"), QStringLiteral("huge")}};
    // The device the engine sends on is the kind's own option.
    const bool pktgen =
        p.value(QStringLiteral("engine-kind")) == engineKindName(EngineKind::Pktgen);
    const QString option = field == QLatin1String("engine.device")
                               ? (pktgen ? QStringLiteral("device") : QStringLiteral("vdev"))
                               : options.value(field);
    if (option.isEmpty())
        return field;
    const QString value = p.isSet(option) ? p.value(option) : QString();
    return value.isEmpty() ? QStringLiteral("--") + option
                           : QStringLiteral("--%1 %2").arg(option, value);
}

} // namespace burstlab
