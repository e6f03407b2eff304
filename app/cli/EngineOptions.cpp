#include "EngineOptions.h"
#include "engine/EngineCommand.h"
#include "sweep/SweepRules.h"

#include <QMap>
#include <climits>

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
        {QStringLiteral("engine.device"), QStringLiteral("vdev")},
        {QStringLiteral("engine.no_huge"), QStringLiteral("huge")}};
    const QString option = options.value(field);
    if (option.isEmpty())
        return field;
    const QString value = p.isSet(option) ? p.value(option) : QString();
    return value.isEmpty() ? QStringLiteral("--") + option
                           : QStringLiteral("--%1 %2").arg(option, value);
}

} // namespace burstlab
