#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "model/JsonReader.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace burstlab {
namespace {

QJsonObject toJson(const RunSummary &r) {
    return {{QStringLiteral("id"), r.id},
            {QStringLiteral("name"), r.name},
            {QStringLiteral("label"), r.label},
            {QStringLiteral("tags"), QJsonArray::fromStringList(r.tags)},
            {QStringLiteral("created"), dateTimeText(r.created)},
            {QStringLiteral("status"), toString(r.status)},
            {QStringLiteral("device"), r.device},
            {QStringLiteral("sweep"), r.sweep},
            {QStringLiteral("best_pps"), r.bestPps ? QJsonValue(*r.bestPps) : QJsonValue()},
            {QStringLiteral("steps"), r.steps},
            {QStringLiteral("source"), r.source}};
}

} // namespace

int runsCommand(const QStringList &args) {
    const QString command = QStringLiteral("runs");
    CliParser parser(command, QStringLiteral("List the runs in the store, newest first."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("A JSON array, for scripts.")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    CliStore store(command);
    if (const auto code = store.open(parser.db()))
        return *code;
    const auto runs = store.store().listRuns();
    if (!runs)
        return store.storeError();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const RunSummary &r : *runs)
            array.append(toJson(r));
        CliOutput::out() << QJsonDocument(array).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    TextTable table({QStringLiteral("ID"), QStringLiteral("STATUS"), QStringLiteral("CREATED"),
                     QStringLiteral("LABEL"), QStringLiteral("DEVICE"), QStringLiteral("SWEEP"),
                     QStringLiteral("STEPS"), QStringLiteral("BEST PPS"), QStringLiteral("NAME")});
    for (const RunSummary &r : *runs)
        table.addRow({QString::number(r.id), toString(r.status),
                      r.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), r.label,
                      r.device, r.sweep, QString::number(r.steps),
                      r.bestPps ? QString::number(qRound64(*r.bestPps)) : QStringLiteral("-"),
                      r.name});
    CliOutput::out() << table.toString();
    return ExitOk;
}

} // namespace burstlab
