#include "EngineOptions.h"
#include "engine/EngineCommand.h"

#include <QRegularExpression>

namespace burstlab {

void EngineOptions::add(CliParser &p) {
    const QList<QCommandLineOption> options{
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
         QStringLiteral("Engine lcores, e.g. 0-1 (default: what the host has)."),
         QStringLiteral("LIST")},
        {QStringLiteral("memory-mb"), QStringLiteral("Engine memory in MB (default 512)."),
         QStringLiteral("N")},
        {QStringLiteral("no-huge"), QStringLiteral("Run the engine without hugepages.")},
        {QStringLiteral("huge"), QStringLiteral("Run the engine on hugepages.")},
    };
    for (const QCommandLineOption &o : options)
        p.addOption(o);
}

std::optional<EngineLaunch> EngineOptions::read(const CliParser &p, QString *error) {
    EngineLaunch l;
    l.vdevs = p.values(QStringLiteral("vdev"));
    l.pci = p.value(QStringLiteral("pci"));
    if (l.vdevs.isEmpty() && l.pci.isEmpty())
        l.vdevs << QStringLiteral("net_null0");
    l.sinkVdev = p.value(QStringLiteral("sink-vdev"));
    l.enginePath = p.value(QStringLiteral("engine"));
    l.mode = p.value(QStringLiteral("launch"));
    l.sshHost = p.value(QStringLiteral("host"));
    l.lcores = p.value(QStringLiteral("lcores"));
    if (!QStringList{QStringLiteral("direct"), QStringLiteral("pkexec"), QStringLiteral("sudo"),
                     QStringLiteral("ssh")}
             .contains(l.mode)) {
        *error = QStringLiteral("--launch %1: must be direct, pkexec, sudo or ssh").arg(l.mode);
        return std::nullopt;
    }
    if ((l.mode == QLatin1String("ssh")) != p.isSet(QStringLiteral("host"))) {
        *error = QStringLiteral("--host HOST goes with --launch ssh, and only with it");
        return std::nullopt;
    }
    if (l.sshHost.startsWith(QLatin1Char('-'))) {
        *error = QStringLiteral("--host %1: not a host name").arg(l.sshHost);
        return std::nullopt;
    }
    static const QRegularExpression cpuList(
        QStringLiteral("^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$"));
    if (!l.lcores.isEmpty() && !cpuList.match(l.lcores).hasMatch()) {
        *error =
            QStringLiteral("--lcores %1: expected a CPU list such as 0-1 or 0,2,4").arg(l.lcores);
        return std::nullopt;
    }
    if (p.isSet(QStringLiteral("no-huge")) && p.isSet(QStringLiteral("huge"))) {
        *error = QStringLiteral("--no-huge and --huge exclude each other");
        return std::nullopt;
    }
    const auto memory = p.integer(QStringLiteral("memory-mb"), l.memoryMb, 64, 65536, error);
    if (!memory)
        return std::nullopt;
    l.memoryMb = int(*memory);
    if (p.isSet(QStringLiteral("huge")) || p.isSet(QStringLiteral("no-huge")))
        l.noHuge = p.isSet(QStringLiteral("no-huge"));
    else
        l.noHuge = l.mode == QLatin1String("ssh") || !EngineCommand::hugepagesReserved();
    return l;
}

} // namespace burstlab
