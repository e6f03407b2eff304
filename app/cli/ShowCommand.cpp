#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "TextTable.h"
#include "engine/EngineMessageParser.h"
#include "exchange/ExportFormat.h"
#include "exchange/NetperfText.h"
#include "exchange/ProfileText.h"
#include "exchange/RunSetup.h"
#include "exchange/SweepCommandLine.h"
#include "exchange/TextLayout.h"
#include "stats/Figure.h"
#include "stats/PointStats.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"
#include "util/ShellText.h"

#include <QJsonDocument>
#include <cmath>

namespace burstlab {
namespace {

QString dash(const std::optional<QString> &text) {
    return text.value_or(QStringLiteral("-"));
}

QString header(const RunData &data, const QList<PointStats> &stats, bool excluded) {
    const Run &r = data.run;
    QStringList lines{QStringLiteral("run %1: %2").arg(r.id).arg(r.name)};
    lines << QStringLiteral("  label: %1   status: %2   created: %3")
                 .arg(r.label.isEmpty() ? QStringLiteral("-") : r.label, toString(r.status),
                      r.created.toLocalTime().toString(Qt::ISODate));
    if (!r.creator().isEmpty())
        lines << QStringLiteral("  stored by: %1").arg(r.creator());
    if (!r.device().isEmpty())
        lines << QStringLiteral("  device: %1").arg(r.device());
    const EngineMessage hello =
        EngineMessageParser::parse(QJsonDocument(r.hello).toJson(QJsonDocument::Compact));
    if (const auto *h = std::get_if<EngineHello>(&hello))
        lines << QStringLiteral("  %1: %2")
                     .arg(r.isImported() ? QStringLiteral("source's engine")
                                         : QStringLiteral("engine"),
                          h->summary());
    if (const QString lcores = RunSetup::lcores(r); !lcores.isEmpty())
        lines << QStringLiteral("  lcores: %1; %2").arg(lcores, RunSetup::queues(r));
    QStringList axes;
    for (const Axis &axis : r.spec.axes)
        axes << axis.describe();
    if (!axes.isEmpty())
        lines << QStringLiteral("  sweep: %1").arg(axes.join(QStringLiteral(" x ")));
    lines << QStringLiteral("  %1: %2")
                 .arg(r.isImported() ? QStringLiteral("imported") : QStringLiteral("measured"),
                      RunSetup::measurement(r));
    if (const QString fixed = RunSetup::fixed(r); !fixed.isEmpty())
        lines << QStringLiteral("  %1: %2")
                     .arg(r.isImported() ? QStringLiteral("source parameters")
                                         : QStringLiteral("fixed"),
                          fixed);
    if (const QString disturbed = RunSetup::disturbance(r, stats, excluded); !disturbed.isEmpty())
        lines << QStringLiteral("  disturbed: ") + disturbed;
    if (const QString precision = RunSetup::precision(r, stats); !precision.isEmpty())
        lines << QStringLiteral("  until precise: ") + precision;
    for (const QString &line : RunSetup::lineRate(r, stats))
        lines << QStringLiteral("  ") + line;
    if (const QString correction = PointStats::correctionText(stats, false); !correction.isEmpty())
        lines << QStringLiteral("  verdicts: ") + correction;
    if (PointStats::anyLatency(stats))
        lines << QStringLiteral("  latency: ") + SinkFigures::clockText(r.hello);
    if (const QStringList args = SweepCommandLine::arguments(r); !args.isEmpty()) {
        QStringList quoted;
        for (const QString &arg : args)
            quoted << ShellText::quote(arg);
        lines << QStringLiteral("  command: burstlab-cli ") + quoted.join(QLatin1Char(' '));
    }
    if (!r.tags.isEmpty())
        lines << QStringLiteral("  tags: %1").arg(r.tags.join(QStringLiteral(", ")));
    if (!r.notes.isEmpty())
        lines << QStringLiteral("  notes: %1").arg(r.notes);
    if (!r.error.isEmpty())
        lines << QStringLiteral("  error: %1").arg(r.error);
    for (const QString &warning : r.spec.importWarnings)
        lines << QStringLiteral("  source %1").arg(warning);
    // The run's own words (name, label, notes, warnings) are untrusted.
    return SafeText::lines(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

// The sink's columns after DISTURBED: none for a run without a sink, the
// latency ones only with timestamps.
QStringList sinkHeads(bool sink, bool latency) {
    QStringList heads;
    if (sink)
        heads << QStringLiteral("RECEIVED") << QStringLiteral("LOST") << QStringLiteral("LOSS%")
              << QStringLiteral("DROPPED") << QStringLiteral("FOREIGN")
              << QStringLiteral("REORDERED");
    if (latency)
        heads << QStringLiteral("P50 NS") << QStringLiteral("P99 NS") << QStringLiteral("MAX NS");
    return heads;
}

QStringList sinkCells(const PointStats &s, bool sink, bool latency) {
    QStringList cells;
    const auto number = [](qint64 n) { return QString::number(n); };
    if (sink) {
        if (s.sink)
            cells << number(s.sink->received) << number(s.sink->lost) << s.sink->lossPercent()
                  << number(s.sink->dropped) << number(s.sink->foreign)
                  << number(s.sink->reordered);
        else
            cells << QList<QString>(6, QStringLiteral("-"));
    }
    if (latency) {
        const LatencySummary *l = s.sink && s.sink->latency ? &*s.sink->latency : nullptr;
        if (l)
            cells << number(l->p50) << number(l->p99) << number(l->max);
        else
            cells << QList<QString>(3, QStringLiteral("-"));
    }
    return cells;
}

QString pointTable(const RunData &data, const QList<PointStats> &stats) {
    using T = TextLayout;
    const bool sink = PointStats::anySink(stats);
    const bool latency = PointStats::anyLatency(stats);
    TextTable table(QStringList{QStringLiteral("POINT"), QStringLiteral("N"),
                                QStringLiteral("INVALID"), QStringLiteral("DISTURBED")}
                    << sinkHeads(sink, latency)
                    << QStringList{QStringLiteral("PPS"), QStringLiteral("NS/PKT"),
                                   QStringLiteral("CV%"), QStringLiteral("PRECISION"),
                                   QStringLiteral("DELTA NS"), QStringLiteral("95% CI NS"),
                                   QStringLiteral("VERDICT"), QStringLiteral("L2 MBIT/S"),
                                   QStringLiteral("L1 MBIT/S"), QStringLiteral("WARNINGS")});
    const QStringList names = data.run.spec.axisNames();
    for (const PointStats &s : stats) {
        const auto &d = s.vsPrevious;
        table.addRow(
            QStringList{s.point.describe(names), QString::number(s.ppsSummary.n),
                        QString::number(s.invalid), QString::number(s.disturbance.disturbed)}
            << sinkCells(s, sink, latency)
            << QStringList{
                   dash(s.ppsFigure ? std::optional(QString::number(*s.ppsFigure)) : std::nullopt),
                   dash(s.nsFigure() ? std::optional(T::fixed2(*s.nsFigure())) : std::nullopt),
                   dash(std::isfinite(s.ppsSummary.cv)
                            ? std::optional(T::fixed2(s.ppsSummary.cv * 100))
                            : std::nullopt),
                   s.precision.shareText(),
                   dash(d ? std::optional(T::fixed2(d->ns)) : std::nullopt),
                   dash(d && d->hasInterval() ? std::optional(QStringLiteral("%1..%2").arg(
                                                    T::fixed2(d->nsCiLow), T::fixed2(d->nsCiHigh)))
                                              : std::nullopt),
                   d ? QLatin1String(toString(d->verdict)) : QString(),
                   dash(s.l2Bps() ? std::optional(T::mbits(*s.l2Bps())) : std::nullopt),
                   dash(s.l1Bps() ? std::optional(T::mbits(*s.l1Bps())) : std::nullopt),
                   s.notes().join(QStringLiteral("; "))});
    }
    return table.toString();
}

// A run on several devices: each point's pps per device, which add up to
// the point's own (each device's is the median of its own repetitions, so
// the sum can differ from the point's median by what the medians do).
QString deviceTable(const RunData &data, const QList<PointStats> &stats) {
    TextTable table({QStringLiteral("POINT"), QStringLiteral("DEVICE"), QStringLiteral("PPS"),
                     QStringLiteral("NS/PKT")});
    const QStringList names = data.run.spec.axisNames();
    for (const PointStats &s : stats) {
        for (const PointStats::DeviceFigure &d : s.devices) {
            const auto ns = d.pps ? Figure::ns(*d.pps) : std::nullopt;
            table.addRow({s.point.describe(names), d.device,
                          dash(d.pps ? std::optional(QString::number(*d.pps)) : std::nullopt),
                          dash(ns ? std::optional(TextLayout::fixed2(*ns)) : std::nullopt)});
        }
    }
    return table.isEmpty() ? QString() : QLatin1Char('\n') + table.toString();
}

// Each point's top functions and imported netperf figures, as the netdev text lists them.
QString profileLines(const RunData &data, const QList<PointStats> &stats) {
    QStringList labels;
    for (const PointStats &s : stats)
        labels << s.point.describe(data.run.spec.axisNames());
    QStringList lines = ProfileText::run(stats, labels) + NetperfText::run(stats, labels);
    if (const QString missing = ProfileText::unavailable(data.run); !missing.isEmpty())
        lines << missing;
    return lines.isEmpty() ? QString()
                           : QLatin1Char('\n') + SafeText::lines(lines.join(QLatin1Char('\n'))) +
                                 QLatin1Char('\n');
}

} // namespace

int showCommand(const QStringList &args) {
    const QString command = QStringLiteral("show");
    CliParser parser(command, QStringLiteral("Show a run: its setup and per-point statistics."));
    parser.addPositional(QStringLiteral("RUN_ID"), QStringLiteral("The run (see `runs`)."),
                         QStringLiteral("RUN_ID"));
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("The run as stored plus per-point statistics, as JSON.")});
    parser.addOption({QStringLiteral("exclude-disturbed"),
                      QStringLiteral("Leave disturbed repetitions out of the statistics.")});
    if (const auto code = parser.parse(args, 1, 1))
        return *code;
    CliStore store(command);
    if (const auto code = store.openToRead(parser.db()))
        return *code;
    int code = ExitOk;
    const auto id = store.parseId(parser.positional().first(), &code);
    const auto data = id ? store.load(*id, &code) : std::nullopt;
    if (!data)
        return code;
    NetdevOptions options;
    options.stats.excludeDisturbed = parser.isSet(QStringLiteral("exclude-disturbed"));
    if (parser.isSet(QStringLiteral("json"))) {
        CliOutput::out() << exportRuns(ExportFormat::Json, {*data}, options);
        return ExitOk;
    }
    const QList<PointStats> stats = PointStats::ofRun(*data, options.stats);
    CliOutput::out() << header(*data, stats, options.stats.excludeDisturbed) << '\n'
                     << pointTable(*data, stats) << deviceTable(*data, stats)
                     << profileLines(*data, stats);
    return ExitOk;
}

} // namespace burstlab
