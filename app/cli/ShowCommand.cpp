#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "engine/EngineMessageParser.h"
#include "exchange/TableExport.h"
#include "stats/PointStats.h"

#include <QJsonDocument>
#include <cmath>

namespace burstlab {
namespace {

QString fixed(double v, int decimals) {
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

QString header(const RunData &data) {
    const Run &r = data.run;
    QString text = QStringLiteral("run %1: %2\n").arg(r.id).arg(r.name);
    text += QStringLiteral("  label: %1   status: %2   created: %3\n")
                .arg(r.label.isEmpty() ? QStringLiteral("-") : r.label, toString(r.status),
                     r.created.toLocalTime().toString(Qt::ISODate));
    if (!r.device().isEmpty())
        text += QStringLiteral("  device: %1\n").arg(r.device());
    const EngineMessage hello =
        EngineMessageParser::parse(QJsonDocument(r.hello).toJson(QJsonDocument::Compact));
    if (const auto *h = std::get_if<EngineHello>(&hello))
        text += QStringLiteral("  engine: %1\n").arg(h->summary());
    if (!r.spec.axes.isEmpty())
        text +=
            QStringLiteral("  sweep: %1, %2\n")
                .arg(r.spec.describe(),
                     r.spec.randomize ? QStringLiteral("random order (seed %1)").arg(r.spec.seed)
                                      : QStringLiteral("sequential"));
    if (!r.tags.isEmpty())
        text += QStringLiteral("  tags: %1\n").arg(r.tags.join(QStringLiteral(", ")));
    if (!r.notes.isEmpty())
        text += QStringLiteral("  notes: %1\n").arg(r.notes);
    if (!r.error.isEmpty())
        text += QStringLiteral("  error: %1\n").arg(r.error);
    return text;
}

QString pointTable(const RunData &data) {
    TextTable table({QStringLiteral("POINT"), QStringLiteral("N"), QStringLiteral("MEDIAN PPS"),
                     QStringLiteral("NS/PKT"), QStringLiteral("CV%"), QStringLiteral("95% CI PPS"),
                     QStringLiteral("DELTA NS"), QStringLiteral("VERDICT"),
                     QStringLiteral("WARNINGS")});
    const QStringList names = data.run.spec.axisNames();
    for (const PointStats &s : PointStats::ofRun(data, {})) {
        const Summary &p = s.ppsSummary;
        table.addRow({s.point.describe(names), QString::number(p.n),
                      QString::number(qRound64(s.representativePps())),
                      fixed(s.representativeNs(), 2), fixed(p.cv * 100, 2),
                      std::isnan(p.ciLow)
                          ? QStringLiteral("-")
                          : QStringLiteral("%1..%2").arg(qRound64(p.ciLow)).arg(qRound64(p.ciHigh)),
                      s.vsPrevious ? fixed(s.vsPrevious->ns, 2) : QStringLiteral("-"),
                      s.vsPrevious ? QLatin1String(toString(s.vsPrevious->verdict)) : QString(),
                      s.warnings.join(QStringLiteral("; "))});
    }
    return table.toString();
}

} // namespace

int showCommand(const QStringList &args) {
    const QString command = QStringLiteral("show");
    CliParser parser(command, QStringLiteral("Show a run: its setup and per-point statistics."));
    parser.addPositional(QStringLiteral("RUN_ID"), QStringLiteral("The run (see `runs`)."),
                         QStringLiteral("RUN_ID"));
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("The run as stored plus per-point statistics, as JSON.")});
    if (const auto code = parser.parse(args, 1, 1))
        return *code;
    CliStore store(command);
    if (const auto code = store.open(parser.db()))
        return *code;
    int code = ExitOk;
    const auto id = store.parseId(parser.positional().first(), &code);
    const auto data = id ? store.load(*id, &code) : std::nullopt;
    if (!data)
        return code;
    if (parser.isSet(QStringLiteral("json")))
        CliOutput::out() << TableExport::json(*data);
    else
        CliOutput::out() << header(*data) << '\n' << pointTable(*data);
    return ExitOk;
}

} // namespace burstlab
