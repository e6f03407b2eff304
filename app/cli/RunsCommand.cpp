#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "TextTable.h"
#include "model/JsonReader.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <limits>

namespace burstlab {
namespace {

// About a terminal's worth of the newest runs: a store of thousands is
// listed in the time of a small one. --all or --limit for more.
constexpr int defaultLimit = 50;

std::optional<RunFilter> runFilter(const CliParser &parser, QString *error) {
    if (parser.isSet(QStringLiteral("all")) && parser.isSet(QStringLiteral("limit"))) {
        *error = QStringLiteral("--all and --limit exclude each other");
        return std::nullopt;
    }
    const auto limit = parser.integer(QStringLiteral("limit"), defaultLimit, 1,
                                      std::numeric_limits<int>::max(), error);
    if (!limit)
        return std::nullopt;
    RunFilter filter;
    filter.limit = parser.isSet(QStringLiteral("all")) ? 0 : int(*limit);
    filter.label = parser.value(QStringLiteral("label"));
    filter.tag = parser.value(QStringLiteral("tag"));
    if (parser.isSet(QStringLiteral("status"))) {
        const QString text = parser.value(QStringLiteral("status"));
        filter.status = runStatusFromString(text);
        // "invalid" is a status of steps, never of runs.
        if (!filter.status || *filter.status == RunStatus::Invalid) {
            *error = QStringLiteral("--status %1: must be one of running, completed, failed, "
                                    "interrupted")
                         .arg(text);
            return std::nullopt;
        }
    }
    return filter;
}

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
            {QStringLiteral("source"), r.source},
            {QStringLiteral("created_by"), r.createdBy},
            {QStringLiteral("created_host"), r.createdHost},
            {QStringLiteral("import_origin"),
             r.importOrigin ? QJsonValue(r.importOrigin->toJson()) : QJsonValue()}};
}

} // namespace

int runsCommand(const QStringList &args) {
    const QString command = QStringLiteral("runs");
    CliParser parser(command, QStringLiteral("List the runs in the store, newest first."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("A JSON array, for scripts.")});
    parser.addOption({QStringLiteral("limit"),
                      QStringLiteral("At most N runs, the newest (default %1).").arg(defaultLimit),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("Every run (no limit).")});
    parser.addOption({QStringLiteral("label"), QStringLiteral("Only runs with this label."),
                      QStringLiteral("TEXT")});
    parser.addOption(
        {QStringLiteral("tag"), QStringLiteral("Only runs with this tag."), QStringLiteral("TAG")});
    parser.addOption({QStringLiteral("status"),
                      QStringLiteral("Only runs in this state: running, completed, failed, "
                                     "interrupted."),
                      QStringLiteral("STATUS")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    QString error;
    const auto filter = runFilter(parser, &error);
    if (!filter)
        return CliOutput::usageError(command, error);
    CliStore store(command);
    if (const auto code = store.openToRead(parser.db()))
        return *code;
    auto runs = store.store().listRuns(*filter);
    if (!runs)
        return store.storeError();
    if (filter->limit > 0 && runs->size() == filter->limit) {
        const auto total = store.store().countRuns(*filter);
        if (!total)
            return store.storeError();
        if (*total > filter->limit)
            CliOutput::err() << QStringLiteral("burstlab-cli %1: the newest %2 of %3 runs; "
                                               "--limit N or --all for more")
                                    .arg(command)
                                    .arg(filter->limit)
                                    .arg(*total)
                             << Qt::endl;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const RunSummary &r : *runs)
            array.append(toJson(r));
        CliOutput::out() << SafeText::json(
            QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    TextTable table({QStringLiteral("ID"), QStringLiteral("STATUS"), QStringLiteral("CREATED"),
                     QStringLiteral("LABEL"), QStringLiteral("DEVICE"), QStringLiteral("SWEEP"),
                     QStringLiteral("STEPS"), QStringLiteral("BEST PPS"), QStringLiteral("BY"),
                     QStringLiteral("NAME")});
    for (const RunSummary &r : *runs)
        table.addRow({QString::number(r.id), toString(r.status),
                      r.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), r.label,
                      r.isImported() ? r.importedText() : r.device, r.sweep,
                      QString::number(r.steps),
                      r.bestPps ? QString::number(qint64(*r.bestPps)) : QStringLiteral("-"),
                      r.creator().isEmpty() ? QStringLiteral("-") : r.creator(), r.name});
    CliOutput::out() << table.toString();
    return ExitOk;
}

} // namespace burstlab
