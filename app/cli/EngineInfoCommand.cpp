#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "EngineOptions.h"
#include "TextTable.h"
#include "engine/EngineClient.h"
#include "model/StepParameters.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

#include <QEventLoop>
#include <QJsonDocument>

namespace burstlab {
namespace {

QString tables(const EngineHello &h) {
    TextTable ports({QStringLiteral("ROLE"), QStringLiteral("PORT"), QStringLiteral("NAME"),
                     QStringLiteral("DRIVER"), QStringLiteral("MAC"), QStringLiteral("LINK"),
                     QStringLiteral("MTU")});
    for (const EnginePort &p : h.ports)
        ports.addRow(
            {p.role, QString::number(p.portId), p.name, p.driver, p.mac,
             QStringLiteral("%1 Mbit/s %2").arg(p.linkSpeedMbps).arg(p.linkUp ? "up" : "down"),
             QString::number(p.mtu)});
    TextTable limits({QStringLiteral("PARAMETER"), QStringLiteral("MIN"), QStringLiteral("MAX"),
                      QStringLiteral("DEFAULT")});
    for (auto it = h.limits.begin(); it != h.limits.end(); ++it)
        limits.addRow({it.key(), QString::number(it->min), QString::number(it->max),
                       StepParameter::text(h.defaults.value(it.key()))});
    return ports.toString() + QLatin1Char('\n') + limits.toString();
}

QString describe(const EngineHello &h) {
    QString text = h.summary() + QLatin1Char('\n');
    if (h.kind == EngineKind::Pktgen) {
        QStringList cpus;
        for (qint64 c : h.workerCpus)
            cpus << QString::number(c);
        // pktgen has no lcores and no TSC: its clock is the kernel's, in ns.
        text +=
            QStringLiteral("protocol %1, clock %2 Hz%3, kpktgend threads on CPU(s) %4\n\n")
                .arg(h.protocol)
                .arg(h.tscHz)
                .arg(h.tscSource.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(h.tscSource))
                .arg(cpus.join(QLatin1Char(',')));
        return text + tables(h);
    }
    QStringList workers;
    for (qint64 w : h.workerLcores)
        workers << QString::number(w);
    const QString tscSource =
        h.tscSource.isEmpty()
            ? QString()
            : QStringLiteral(" (%1; DPDK said %2 Hz)").arg(h.tscSource).arg(h.dpdkTscHz);
    text +=
        QStringLiteral("protocol %1, TSC %2 Hz%3, main lcore %4, TX lcores %5, %6 NUMA node(s)\n\n")
            .arg(h.protocol)
            .arg(h.tscHz)
            .arg(tscSource)
            .arg(h.mainLcore)
            .arg(workers.isEmpty() ? QStringLiteral("none") : workers.join(QLatin1Char(',')))
            .arg(h.numaNodes);
    return text + tables(h);
}

} // namespace

int engineInfoCommand(const QStringList &args) {
    const QString command = QStringLiteral("engine-info");
    CliParser parser(command, QStringLiteral("Start the engine, print its hello (versions, ports, "
                                             "parameter limits) and stop it."));
    EngineOptions::add(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("The hello message as sent.")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    QString error;
    const auto launch = EngineOptions::read(parser, &error);
    if (!launch)
        return CliOutput::usageError(command, error);

    EngineClient client;
    QEventLoop loop;
    QObject::connect(&client, &EngineClient::helloReceived, &client, [&] { client.shutdown(); });
    QObject::connect(&client, &EngineClient::exited, &loop, &QEventLoop::quit);
    client.start(EngineCommand::fromLaunch(*launch, EngineCommand::defaultEngineDir()));
    loop.exec();
    if (client.failure() != EngineClient::Failure::None)
        return CliOutput::error(command, ExitEngine, client.errorString());
    if (parser.isSet(QStringLiteral("json")))
        CliOutput::out() << SafeText::json(
            QString::fromUtf8(QJsonDocument(client.hello().raw).toJson(QJsonDocument::Indented)));
    else // a remote engine's words, untrusted
        CliOutput::out() << SafeText::lines(describe(client.hello()));
    return ExitOk;
}

} // namespace burstlab
