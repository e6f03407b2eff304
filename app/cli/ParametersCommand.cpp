#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "model/StepParameters.h"
#include "util/ExitCode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace burstlab {

namespace {

QJsonArray toJson() {
    QJsonArray out;
    for (const StepParameter &p : StepParameters::all()) {
        QJsonObject o{
            {QStringLiteral("name"), p.name},           {QStringLiteral("type"), p.typeName()},
            {QStringLiteral("allowed"), p.allowed()},   {QStringLiteral("sweepable"), p.sweepable},
            {QStringLiteral("unit"), p.unit},           {QStringLiteral("help"), p.help},
            {QStringLiteral("set_by_port"), p.fromPort}};
        if (!p.defaultValue.isUndefined())
            o.insert(QStringLiteral("default"), p.defaultValue);
        if (!p.pktgenDefault.isUndefined())
            o.insert(QStringLiteral("pktgen_default"), p.pktgenDefault);
        if (p.type == ParameterType::Integer || p.type == ParameterType::PortRange)
            o.insert(QStringLiteral("range"), QJsonArray{p.min, p.max});
        if (p.type == ParameterType::Choice)
            o.insert(QStringLiteral("choices"), QJsonArray::fromStringList(p.choices));
        if (!p.olderFormOf.isEmpty())
            o.insert(QStringLiteral("older_form_of"), p.olderFormOf);
        QJsonArray engines;
        for (EngineKind kind : {EngineKind::Dpdk, EngineKind::Pktgen}) {
            if (p.takenBy(kind))
                engines.append(engineKindName(kind));
        }
        o.insert(QStringLiteral("engines"), engines);
        if (p.takenBy(EngineKind::Pktgen))
            o.insert(QStringLiteral("pktgen_name"), p.pktgen);
        out.append(o);
    }
    return out;
}

} // namespace

int parametersCommand(const QStringList &args) {
    const QString command = QStringLiteral("parameters");
    CliParser parser(command,
                     QStringLiteral("List the engine's step parameters (--set, --sweep): type, "
                                    "range, default, whether a sweep can vary them, unit, which "
                                    "engines take them (pktgen: under which name) and meaning. "
                                    "An engine narrows some ranges to its port and lcores; "
                                    "`engine-info` prints its own."));
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("text (default), md (the table in docs/protocol.md) or json."),
                      QStringLiteral("FORMAT"), QStringLiteral("text")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    const QString format = parser.value(QStringLiteral("format"));
    if (format == QLatin1String("md"))
        CliOutput::out() << StepParameters::markdown();
    else if (format == QLatin1String("json"))
        CliOutput::out() << QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
    else if (format == QLatin1String("text"))
        CliOutput::out() << StepParameters::text();
    else
        return CliOutput::usageError(
            command, QStringLiteral("--format '%1': must be text, md or json").arg(format));
    return ExitOk;
}

} // namespace burstlab
