#include "exchange/NetdevExport.h"
#include "exchange/NetperfText.h"
#include "exchange/ProfileText.h"
#include "exchange/RunSetup.h"
#include "exchange/SweepCommandLine.h"
#include "exchange/TextChart.h"
#include "exchange/TextLayout.h"
#include "stats/Figure.h"
#include <QHash>
#include <QMap>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

using T = TextLayout;
constexpr int columns = NetdevExport::maxColumns;

QString ppsText(const PointStats &s) {
    return s.ppsFigure ? QString::number(*s.ppsFigure) : QStringLiteral("-");
}

QString nsText(const PointStats &s) {
    const auto ns = s.nsFigure();
    return ns ? T::fixed2(*ns) : QStringLiteral("-");
}

// What a row without a figure says instead: why it has none.
QString noFigure(const PointStats &s) {
    const QString noRate = s.noRateReason();
    return noRate.isEmpty() ? QStringLiteral("no valid repetition") : noRate;
}

// Whether any point has a rate to chart: runs of imported profiles alone have none.
bool anyFigure(const QList<PointStats> &stats) {
    return std::any_of(stats.begin(), stats.end(),
                       [](const PointStats &s) { return s.ppsFigure.has_value(); });
}

// What follows a row's delta: the verdict and the points to mind.
QString marks(const PointStats &s, const std::optional<Delta> &d) {
    QStringList m;
    if (d && d->verdict != Verdict::Insufficient)
        m << QLatin1String(toString(d->verdict));
    if (s.invalid > 0)
        m << QStringLiteral("[%1 invalid]").arg(s.invalid);
    if (s.disturbance.disturbed > 0)
        m << QStringLiteral("[%1 disturbed]").arg(s.disturbance.disturbed);
    if (s.aboveLineRate)
        m << QStringLiteral("[above line rate]");
    if (s.belowTarget())
        m << QStringLiteral("[below target]");
    if (s.lossy())
        m << QStringLiteral("[lossy]");
    return m.isEmpty() ? QString() : QLatin1Char(' ') + m.join(QLatin1Char(' '));
}

// Seed 000's "( 35.46 ns)" and seed 002's "( -7.56ns)": the number
// right-aligned in width. The seeds' "(worse)" after a negative one is not
// written: better or worse is the verdict's word (marks()), and a delta
// without one (a single repetition, an imported table) says no more than
// its sign.
QString deltaCell(const QString &number, qsizetype width, bool seed002) {
    return seed002 ? QStringLiteral("(%1ns)").arg(T::padLeft(number, width))
                   : QStringLiteral("( %1 ns)").arg(T::padLeft(number, width));
}

// Seed 000: " burst=2   tx:6942821 pps ( 35.46 ns)".
QStringList sweepTable(const QString &axis, const QList<PointStats> &series) {
    QStringList labels, pps, deltas;
    for (const PointStats &s : series) {
        labels << axis + QLatin1Char('=') + s.point.values.first().toString();
        pps << ppsText(s);
        deltas << (s.vsPrevious ? T::fixed2(s.vsPrevious->ns) : QString());
    }
    const qsizetype labelWidth = T::widest(labels) + 2;
    const qsizetype ppsWidth = T::widest(pps);
    const qsizetype deltaWidth = T::widest(deltas);
    QStringList lines;
    for (qsizetype i = 0; i < series.size(); ++i) {
        const PointStats &s = series[i];
        QString line = QLatin1Char(' ') + T::padRight(labels[i], labelWidth);
        if (!s.ppsFigure) {
            lines << line + noFigure(s) + marks(s, std::nullopt);
            continue;
        }
        line += QStringLiteral("tx:") + T::padLeft(pps[i], ppsWidth) + QStringLiteral(" pps");
        if (s.vsPrevious)
            line += QLatin1Char(' ') + deltaCell(deltas[i], deltaWidth, false);
        lines << line + marks(s, s.vsPrevious);
    }
    return lines;
}

// Seed 000's summary: "burst=(0 vs 32) improvement:" and its arithmetic.
// Between paced points the rate was the input: no improvement or regression.
QStringList summary(const QString &title, const PointStats &from, const PointStats &to) {
    const auto ns = Figure::deltaNs(*from.ppsFigure, *to.ppsFigure);
    if (!ns)
        return {};
    const QString word = from.targetPps || to.targetPps
                             ? QStringLiteral("change, paced (the rate was the input)")
                         : *ns < 0 ? QStringLiteral("regression")
                                   : QStringLiteral("improvement");
    const qint64 fromPps = *from.ppsFigure;
    const qint64 toPps = *to.ppsFigure;
    return {QStringLiteral("%1 %2:").arg(title, word),
            QStringLiteral(" (1/%1*10^9)-(1/%2*10^9) = %3 ns")
                .arg(fromPps)
                .arg(toPps)
                .arg(T::fixed2(*ns)),
            QStringLiteral("  %1 %2 pps")
                .arg(toPps >= fromPps ? QLatin1Char('+') : QLatin1Char('-'))
                .arg(std::llabs(toPps - fromPps))};
}

struct SeriesRow {
    QString label;
    const PointStats *stats = nullptr;
    std::optional<Delta> delta; // against the row before, or the baseline
};

// Seed 002: " * patch4:   5,857,065 pps --> 170.73ns ( -7.56ns)". Its
// change is seed 002's, this - the row it is against (negative: fewer ns),
// the Delta's ns with its sign turned, so the layout reads as its readers
// know it (and imports back without a warning).
QStringList seriesTable(const QList<SeriesRow> &rows) {
    QStringList labels, pps, deltas;
    for (const SeriesRow &row : rows) {
        labels << row.label + QLatin1Char(':');
        pps << (row.stats->ppsFigure ? T::thousands(*row.stats->ppsFigure) : QStringLiteral("-"));
        deltas << (row.delta ? T::fixed2(-row.delta->ns) : QString());
    }
    const qsizetype labelWidth = T::widest(labels) + 1;
    const qsizetype ppsWidth = T::widest(pps);
    const qsizetype deltaWidth = std::max<qsizetype>(T::widest(deltas), 6);
    QStringList lines;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const PointStats &s = *rows[i].stats;
        QString line = QStringLiteral(" * ") + T::padRight(labels[i], labelWidth);
        if (!s.ppsFigure) {
            lines << line + noFigure(s) + marks(s, std::nullopt);
            continue;
        }
        line += QStringLiteral("%1 pps --> %2ns ").arg(T::padLeft(pps[i], ppsWidth), nsText(s));
        line += rows[i].delta ? deltaCell(deltas[i], deltaWidth, true) : QStringLiteral("per pkt");
        lines << line + marks(s, rows[i].delta);
    }
    return lines;
}

// Points grouped by series (values after the first), in order.
QList<QList<PointStats>> seriesOf(const QList<PointStats> &stats) {
    QList<QList<PointStats>> series;
    QMap<QString, qsizetype> index;
    for (const PointStats &s : stats) {
        const QString key = Point{s.point.values.mid(1)}.key();
        if (!index.contains(key)) {
            index.insert(key, series.size());
            series << QList<PointStats>{};
        }
        series[index.value(key)] << s;
    }
    return series;
}

const PointStats *find(const QList<PointStats> &series, const std::optional<Point> &point) {
    if (!point)
        return nullptr;
    for (const PointStats &s : series) {
        if (s.point.values.first() == point->values.value(0) && s.ppsFigure)
            return &s;
    }
    return nullptr;
}

const PointStats *firstWithFigure(const QList<PointStats> &series, bool last) {
    const PointStats *found = nullptr;
    for (const PointStats &s : series) {
        if (!s.ppsFigure)
            continue;
        found = &s;
        if (!last)
            break;
    }
    return found;
}

// For a pktgen run: how far pktgen's own Result rates (PointStats::
// pktgenPpsFigure) lie from the figures printed, which are computed from
// the same packets and microseconds; empty for any other run.
QString pktgenAgreement(const QList<PointStats> &stats) {
    std::optional<qint64> widest;
    for (const PointStats &s : stats) {
        if (s.ppsFigure && s.pktgenPpsFigure)
            widest = std::max(widest.value_or(0), std::abs(*s.ppsFigure - *s.pktgenPpsFigure));
    }
    if (!widest)
        return {};
    return QStringLiteral(" pktgen's own Result rate of each point: within %1 pps of it")
        .arg(*widest);
}

// " Device: ...", " Sweep: ...", " Fixed: ...", " Command:" and so on.
QStringList setupLines(const Run &run, const QList<PointStats> &stats, bool excluded) {
    QStringList lines;
    if (!run.device().isEmpty())
        lines << QStringLiteral(" Device: ") + run.device();
    if (!run.isImported()) {
        QStringList engine;
        if (run.spec.engine.kind == EngineKind::Pktgen)
            engine << QStringLiteral("kernel pktgen");
        if (const QString lcores = RunSetup::lcores(run); !lcores.isEmpty())
            engine << lcores;
        engine << RunSetup::queues(run);
        lines << QStringLiteral(" Engine: ") + engine.join(QStringLiteral("; "));
    }
    if (const QString sweep = RunSetup::sweep(run); !sweep.isEmpty())
        lines << QStringLiteral(" Sweep: ") + sweep;
    lines << (run.isImported() ? QStringLiteral(" Imported: ") : QStringLiteral(" Measured: ")) +
                 RunSetup::measurement(run);
    if (const QString fixed = RunSetup::fixed(run); !fixed.isEmpty())
        lines << (run.isImported() ? QStringLiteral(" Source parameters: ")
                                   : QStringLiteral(" Fixed: ")) +
                     fixed;
    if (const QString disturbed = RunSetup::disturbance(run, stats, excluded); !disturbed.isEmpty())
        lines << QStringLiteral(" Disturbed: ") + disturbed;
    if (run.status != RunStatus::Completed)
        lines << QStringLiteral(" Status: %1 %2").arg(toString(run.status), run.error);
    return lines;
}

QStringList commandLines(const Run &run, int indent) {
    return SweepCommandLine::lines(run, columns, indent);
}

QStringList header(const RunData &data, const QList<PointStats> &stats, bool excluded) {
    const Run &run = data.run;
    QString title = run.id > 0 ? QStringLiteral("Run %1: %2").arg(run.id).arg(run.name)
                               : QStringLiteral("Run: %1").arg(run.name);
    if (!run.label.isEmpty() && run.label != run.name)
        title += QStringLiteral(" [%1]").arg(run.label);
    QStringList lines{title};
    lines << setupLines(run, stats, excluded);
    lines << (run.isImported() ? QStringLiteral(" pps per point: as the source printed it")
                               : QStringLiteral(" pps per point: median of the valid repetitions"));
    if (const QString own = pktgenAgreement(stats); !own.isEmpty())
        lines << own;
    if (const QStringList command = commandLines(run, 2); !command.isEmpty())
        lines << QStringLiteral(" Command:") << command;
    return lines;
}

// One warning shared by every point is said once; warnings come in the
// order of the first point that has them, so the notes read like the table.
// "#2 patch1, burst=32: " for a note on one point of a run; a run without
// axes has one point without a name, whose notes are the run's own.
QString noteSubject(const QString &prefix, const QString &point) {
    QString subject = prefix + point;
    if (point.isEmpty())
        subject.chop(prefix.endsWith(QStringLiteral(", ")) ? 2 : 0);
    return subject.isEmpty() ? subject : subject + QStringLiteral(": ");
}

QStringList pointNotes(const QList<PointStats> &stats, const QStringList &axisNames,
                       const QString &prefix) {
    QStringList texts;
    QHash<QString, QStringList> where;
    for (const PointStats &s : stats) {
        for (const QString &w : s.warnings) {
            if (!where.contains(w))
                texts << w;
            where[w] << s.point.describe(axisNames);
        }
    }
    QStringList lines;
    for (const QString &text : texts) {
        const QStringList &points = where.value(text);
        lines << QStringLiteral(" - ") +
                     noteSubject(prefix, points.size() == stats.size() && stats.size() > 1
                                             ? QStringLiteral("every point")
                                             : points.join(QStringLiteral(", "))) +
                     text;
    }
    return lines;
}

// " - burst=1: sink: lost 288 (0.41%), foreign 3" for every point whose
// sink figures are not all 0, and " - patch=patch2: the source notes:
// TXSZ=1024" for every point whose source rows had a remark.
QStringList perPointNotes(const QList<PointStats> &stats, const QStringList &axisNames,
                          const QString &prefix) {
    QStringList lines;
    for (const PointStats &s : stats) {
        const QString lead =
            QStringLiteral(" - ") + noteSubject(prefix, s.point.describe(axisNames));
        if (const QString note = s.sink ? s.sink->note() : QString(); !note.isEmpty())
            lines << lead + QStringLiteral("sink: ") + note;
        if (const QString note = s.sourceNoteText(); !note.isEmpty())
            lines << lead + note;
    }
    return lines;
}

QStringList runNotes(const Run &run, const QList<PointStats> &stats, const QString &prefix) {
    QStringList lines = pointNotes(stats, RunSetup::axisNames(run), prefix);
    lines << perPointNotes(stats, RunSetup::axisNames(run), prefix);
    if (const QString precision = RunSetup::precision(run, stats); !precision.isEmpty())
        lines << QStringLiteral(" - %1until precise: %2").arg(prefix, precision);
    for (const QString &line : RunSetup::lineRate(run, stats))
        lines << QStringLiteral(" - ") + prefix + line;
    for (const QString &warning : run.spec.importWarnings)
        lines << QStringLiteral(" - ") + prefix + QStringLiteral("source ") + warning;
    if (const QString missing = ProfileText::unavailable(run); !missing.isEmpty())
        lines << QStringLiteral(" - ") + prefix + missing;
    return lines;
}

QString bitRateRow(const QString &label, const PointStats &s) {
    if (!s.ppsFigure)
        return QStringLiteral(" %1  -").arg(label);
    QString row =
        QStringLiteral(" %1  L2 %2  L1 %3")
            .arg(label, T::padLeft(T::mbits(*s.l2Bps()), 9), T::padLeft(T::mbits(*s.l1Bps()), 9));
    if (const auto share = s.lineShare())
        row += QStringLiteral("  %1% of line rate").arg(*share * 100, 5, 'f', 1);
    if (s.aboveLineRate)
        row += QStringLiteral(" ABOVE");
    return row;
}

// A run on several devices: each point's pps and ns/packet per device, as
// pktgen's multi-device scripts print a result per device (PointStats: each
// the median of its own repetitions, which sum about to the point's).
QStringList deviceRates(const QStringList &labels, const QList<const PointStats *> &stats) {
    QStringList lines;
    const qsizetype width = T::widest(labels);
    qsizetype deviceWidth = 0;
    for (const PointStats *s : stats) {
        for (const PointStats::DeviceFigure &d : s->devices)
            deviceWidth = std::max(deviceWidth, d.device.size());
    }
    for (qsizetype i = 0; i < stats.size(); ++i) {
        QString label = labels[i];
        for (const PointStats::DeviceFigure &d : stats[i]->devices) {
            const auto ns = d.pps ? Figure::ns(*d.pps) : std::nullopt;
            lines << QStringLiteral(" %1  %2  %3 pps  %4 ns/packet")
                         .arg(T::padRight(label, width), T::padRight(d.device, deviceWidth),
                              T::padLeft(d.pps ? T::thousands(*d.pps) : QStringLiteral("-"), 11),
                              T::padLeft(ns ? T::fixed2(*ns) : QStringLiteral("-"), 9));
            label.clear();
        }
    }
    if (lines.isEmpty())
        return {};
    return QStringList{QStringLiteral("Per device (each the median of its repetitions):")} + lines
           << QString();
}

// Points without a frame size (imports whose source states none) have no
// bit rates: they are left out, and why is said.
QStringList bitRates(const QStringList &labels, const QList<const PointStats *> &stats) {
    QStringList lines{QStringLiteral("Bit rates, Mbit/s (L2: frames as sent; L1: on the wire):")};
    const qsizetype width = T::widest(labels);
    QStringList without;
    QString reason;
    for (qsizetype i = 0; i < stats.size(); ++i) {
        if (stats[i]->frameBytes) {
            lines << bitRateRow(T::padRight(labels[i], width), *stats[i]);
        } else {
            without << labels[i].trimmed();
            reason = stats[i]->frameUnknownReason;
        }
    }
    if (without.size() == stats.size())
        return {QStringLiteral("Bit rates: left out, %1.").arg(reason)};
    if (!without.isEmpty())
        lines
            << QStringLiteral(" left out (%1): %2").arg(reason, without.join(QStringLiteral(", ")));
    return lines;
}

// What the sink saw of each point, one row per point, and with timestamps
// its latency; clocks: each run's SinkFigures::clockText, said once each.
QStringList sinkTables(const QStringList &labels, const QList<const PointStats *> &stats,
                       QStringList clocks) {
    const QStringList heads{QStringLiteral("received"), QStringLiteral("lost"),
                            QStringLiteral("loss"),     QStringLiteral("dropped"),
                            QStringLiteral("foreign"),  QStringLiteral("reordered")};
    QList<QStringList> cells;
    QList<qsizetype> widths;
    for (const QString &head : heads)
        widths << head.size();
    bool latency = false;
    for (const PointStats *s : stats) {
        QStringList row;
        if (s->sink)
            row << QString::number(s->sink->received) << QString::number(s->sink->lost)
                << s->sink->lossPercent() << QString::number(s->sink->dropped)
                << QString::number(s->sink->foreign) << QString::number(s->sink->reordered);
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
        cells << row;
        latency = latency || (s->sink && s->sink->latency);
    }
    const qsizetype labelWidth = T::widest(labels);
    // "dropped" is by the sink's own port; "lost" never reached it.
    QStringList lines{QStringLiteral("Sink per point (loss = lost / sent; * = lossy, over %1):")
                          .arg(SinkFigures::lossyThreshold())};
    QString head = QLatin1Char(' ') + QString(labelWidth, QLatin1Char(' '));
    for (qsizetype c = 0; c < heads.size(); ++c)
        head += QStringLiteral("  ") + T::padLeft(heads[c], widths[c]);
    lines << head;
    for (qsizetype i = 0; i < stats.size(); ++i) {
        QString row = QLatin1Char(' ') + T::padRight(labels[i], labelWidth);
        if (cells[i].isEmpty()) {
            lines << row + QStringLiteral("  no sink figures");
            continue;
        }
        for (qsizetype c = 0; c < heads.size(); ++c)
            row += QStringLiteral("  ") + T::padLeft(cells[i][c], widths[c]);
        lines << row + (stats[i]->lossy() ? QStringLiteral(" *") : QString());
    }
    if (!latency)
        return lines;
    clocks.removeAll(QString());
    lines << QString()
          << (clocks.isEmpty()
                  ? QStringLiteral("Latency, ns:")
                  : QStringLiteral("Latency, ns (%1):").arg(clocks.join(QStringLiteral("; "))));
    for (qsizetype i = 0; i < stats.size(); ++i) {
        if (stats[i]->sink && stats[i]->sink->latency)
            lines << QStringLiteral(" %1  %2").arg(T::padRight(labels[i], labelWidth),
                                                   stats[i]->sink->latency->text());
    }
    return lines;
}

TextChart::Row ppsRow(const QString &label, const PointStats &s) {
    return {label, s.ppsFigure ? std::optional<double>(double(*s.ppsFigure)) : std::nullopt,
            ppsText(s)};
}

TextChart::Row deltaRow(const QString &label, const std::optional<Delta> &d) {
    if (!d)
        return {label, std::nullopt, QString()};
    const QString text = T::fixed2(d->ns);
    return {label, d->ns, text.startsWith(QLatin1Char('-')) ? text : QLatin1Char('+') + text};
}

QStringList runCharts(const QList<PointStats> &stats, const QStringList &axisNames) {
    QList<TextChart::Row> pps, deltas;
    bool anyDelta = false;
    for (const PointStats &s : stats) {
        const QString label = s.point.describe(axisNames);
        pps << ppsRow(label, s);
        deltas << deltaRow(label, s.vsPrevious);
        anyDelta = anyDelta || s.vsPrevious;
    }
    QStringList lines = TextChart::bars(QStringLiteral("pps"), QStringLiteral("pps"), pps, columns);
    if (anyDelta)
        lines << QString()
              << TextChart::signedBars(QStringLiteral("ns saved vs previous point"),
                                       QStringLiteral("ns, right = fewer ns"), deltas, columns);
    return lines;
}

} // namespace

QString NetdevExport::run(const RunData &data, const NetdevOptions &options) {
    const QList<PointStats> stats = PointStats::ofRun(data, options.stats);
    const QStringList axes = RunSetup::axisNames(data.run);
    QStringList lines = header(data, stats, options.stats.excludeDisturbed);
    lines << QString() << QStringLiteral("Performance");
    const bool numeric = !data.run.spec.axes.isEmpty() && data.run.spec.axes.first().isNumeric();
    for (const QList<PointStats> &series : seriesOf(stats)) {
        if (axes.size() > 1)
            lines << Point{series.first().point.values.mid(1)}.describe(axes.mid(1)) +
                         QLatin1Char(':');
        if (numeric) {
            lines << sweepTable(axes.first(), series);
            const PointStats *from = find(series, options.summaryFrom);
            const PointStats *to = find(series, options.summaryTo);
            from = from ? from : firstWithFigure(series, false);
            to = to ? to : firstWithFigure(series, true);
            if (from && to && from != to)
                lines << QString()
                      << summary(QStringLiteral("%1=(%2 vs %3)")
                                     .arg(axes.first(), from->point.values.first().toString(),
                                          to->point.values.first().toString()),
                                 *from, *to);
        } else {
            QList<SeriesRow> rows;
            for (const PointStats &s : series)
                rows << SeriesRow{
                    s.point.values.value(0, AxisValue(Comparison::runTitle(data.run))).toString(),
                    &s, s.vsPrevious};
            lines << seriesTable(rows);
        }
        lines << QString();
    }
    if (options.chart && anyFigure(stats))
        lines << runCharts(stats, axes) << QString();
    QStringList labels;
    QList<const PointStats *> rows;
    for (const PointStats &s : stats) {
        labels << s.point.describe(axes);
        rows << &s;
    }
    if (!stats.isEmpty())
        lines << bitRates(labels, rows) << QString() << deviceRates(labels, rows);
    if (const QStringList profiles = ProfileText::run(stats, labels); !profiles.isEmpty())
        lines << profiles << QString();
    lines << NetperfText::run(stats, labels);
    if (PointStats::anySink(stats))
        lines << sinkTables(labels, rows, {SinkFigures::clockText(data.run.hello)}) << QString();
    QStringList notes = runNotes(data.run, stats, QString());
    if (const QString correction = PointStats::correctionText(stats, false); !correction.isEmpty())
        notes << QStringLiteral(" - verdicts: ") + correction;
    if (!notes.isEmpty())
        lines << QStringLiteral("Notes:") << notes << QString();
    if (options.setupNotes) {
        if (const QStringList notes = RunSetup::setupNotes(data.run); !notes.isEmpty())
            lines << QStringLiteral("Setup notes:") << notes;
    }
    return TextLayout::render(lines, maxColumns);
}

namespace {

// The pps of every run at every point, one column per run, in as many
// tables side by side as the line width needs.
QStringList ppsColumns(const Comparison &c, const QStringList &titles, const QStringList &labels) {
    constexpr qsizetype minColumn = 11;
    constexpr qsizetype maxColumn = 22;
    const QString unit = QStringLiteral("  (pps)");
    const qsizetype labelWidth = T::widest(labels) + 2;
    const qsizetype column = std::clamp<qsizetype>(T::widest(titles) + 2, minColumn, maxColumn);
    const qsizetype perTable =
        std::max<qsizetype>(1, (columns - 1 - labelWidth - unit.size()) / column);
    QStringList lines;
    for (qsizetype first = 0; first < c.runs.size(); first += perTable) {
        const qsizetype last = std::min(first + perTable, c.runs.size());
        QString head = QLatin1Char(' ') + QString(labelWidth, QLatin1Char(' '));
        for (qsizetype r = first; r < last; ++r) {
            const QString title = titles[r].size() > column - 2
                                      ? titles[r].left(column - 3) + QLatin1Char('~')
                                      : titles[r];
            head += T::padLeft(title, column);
        }
        lines << QString() << head + unit;
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            QString row = QLatin1Char(' ') + T::padRight(labels[p], labelWidth);
            for (qsizetype r = first; r < last; ++r) {
                const auto &cell = c.cells[r][p];
                QString text = cell ? ppsText(*cell) : QStringLiteral("-");
                if (cell && (cell->invalid > 0 || cell->disturbance.disturbed > 0 ||
                             cell->aboveLineRate || cell->belowTarget() || cell->lossy()))
                    text += QLatin1Char('*');
                row += T::padLeft(text, column);
            }
            lines << row;
        }
    }
    return lines;
}

QStringList comparisonCharts(const Comparison &c, const QStringList &labels) {
    QList<TextChart::Row> pps, deltas;
    const qsizetype width = T::widest(labels);
    for (qsizetype p = 0; p < c.points.size(); ++p) {
        bool firstOfPoint = true;
        for (qsizetype r = 0; r < c.runs.size(); ++r) {
            const auto &cell = c.cells[r][p];
            if (!cell)
                continue;
            const QString label = T::padRight(firstOfPoint ? labels[p] : QString(), width) +
                                  QLatin1Char(' ') + c.tag(r);
            firstOfPoint = false;
            pps << ppsRow(label, *cell);
        }
        bool firstDelta = true;
        for (qsizetype r = 1; r < c.runs.size(); ++r) {
            const auto &cell = c.cells[r][p];
            if (!cell || !cell->vsBaseline)
                continue;
            deltas << deltaRow(T::padRight(firstDelta ? labels[p] : QString(), width) +
                                   QLatin1Char(' ') + c.tag(r),
                               cell->vsBaseline);
            firstDelta = false;
        }
    }
    QStringList lines = TextChart::bars(QStringLiteral("pps"), QStringLiteral("pps"), pps, columns);
    if (!deltas.isEmpty())
        lines << QString()
              << TextChart::signedBars(QStringLiteral("ns saved vs the baseline %1").arg(c.tag(0)),
                                       QStringLiteral("ns, right = fewer ns"), deltas, columns);
    return lines;
}

QStringList deltaTables(const Comparison &c, const QStringList &names, const QStringList &labels) {
    QStringList lines;
    if (const QString correction = c.correctionText(); !correction.isEmpty())
        lines << QString() << QStringLiteral("Verdicts vs the baseline: ") + correction;
    const qsizetype labelWidth = T::widest(labels) + 2;
    for (qsizetype r = 1; r < c.runs.size(); ++r) {
        lines << QString()
              << QStringLiteral("%1 vs %2 (ns/pkt saved, + = fewer ns = better):")
                     .arg(names[r], names[0]);
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            if (!cell)
                continue;
            QString row = QLatin1Char(' ') + T::padRight(labels[p], labelWidth);
            if (!cell->vsBaseline) {
                lines << row + QStringLiteral("no delta (no figure here or in the baseline)") +
                             marks(*cell, std::nullopt);
                continue;
            }
            const Delta &d = *cell->vsBaseline;
            row += deltaCell(T::fixed2(d.ns), 6, false);
            if (d.hasInterval())
                row +=
                    QStringLiteral(" CI [%1, %2]").arg(T::fixed2(d.nsCiLow), T::fixed2(d.nsCiHigh));
            lines << row + marks(*cell, d);
        }
    }
    return lines;
}

QStringList runList(const Comparison &c, const QStringList &names) {
    QStringList lines{QStringLiteral("Comparison of %1 runs against the baseline %2:")
                          .arg(c.runs.size())
                          .arg(names.value(0))};
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        const Run &run = c.runs[r].run;
        QStringList parts;
        if (const QString sweep = RunSetup::sweep(run); !sweep.isEmpty())
            parts << sweep;
        if (!run.isImported() && run.spec.engine.kind == EngineKind::Pktgen)
            parts << QStringLiteral("kernel pktgen");
        parts << (run.isImported()
                      ? QStringLiteral("imported (%1)")
                            .arg(run.spec.importOrigin ? run.spec.importOrigin->describe()
                                                       : run.source)
                      : run.spec.describe().section(QStringLiteral("; "), 1));
        if (!run.device().isEmpty())
            parts << run.device();
        lines << QStringLiteral(" %1%2: %3")
                     .arg(names[r], r == 0 ? QStringLiteral(" (baseline)") : QString(),
                          parts.join(QStringLiteral(", ")));
    }
    for (const QString &d : c.caveats())
        lines << QStringLiteral(" ! ") + d;
    for (const QString &d : c.transientDifferences)
        lines << QStringLiteral(" - ") + d;
    return lines;
}

QStringList setupSection(const Comparison &c, const QStringList &names, bool excluded) {
    QStringList lines;
    const QStringList baseNotes = RunSetup::setupNotes(c.runs.first().run);
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        const Run &run = c.runs[r].run;
        QList<PointStats> stats;
        for (const auto &cell : c.cells[r]) {
            if (cell)
                stats << *cell;
        }
        QStringList details = setupLines(run, stats, excluded);
        const QStringList notes = RunSetup::setupNotes(run);
        if (r > 0 && notes == baseNotes && !notes.isEmpty())
            details << QStringLiteral(" Setup notes as for %1").arg(names[0]);
        else
            details << notes;
        if (const QStringList command = commandLines(run, 2); !command.isEmpty())
            details << QStringLiteral(" Command:") << command;
        lines << QStringLiteral("Setup of %1:").arg(names[r]) << details << QString();
    }
    return lines;
}

QStringList largestChange(const Comparison &c, const QStringList &names) {
    const auto change = c.largestChange();
    if (!change)
        return c.runs.size() > 1
                   ? QStringList{QStringLiteral("Largest change: none called better or worse")}
                   : QStringList{};
    const PointStats &cell = *c.cells[change->run][change->point];
    const auto &base = c.cells[0][change->point];
    const QString point = c.points[change->point].describe(c.axisNames);
    const QString verdict = QLatin1String(toString(cell.vsBaseline->verdict));
    return QStringList{QStringLiteral("Largest change: %1 vs %2 at %3 (%4)")
                           .arg(names[change->run], names[0], point, verdict)}
           << summary(QStringLiteral("%1 (%2 vs %3)")
                          .arg(point.isEmpty() ? QStringLiteral("pps") : point, c.tag(0),
                               c.tag(change->run)),
                      *base, cell);
}

// The one reason every point has no pps, when none has one and they agree.
QString noRateOfAny(const QList<PointStats> &cells) {
    if (cells.isEmpty())
        return {};
    const QString why = cells.first().noRateReason();
    for (const PointStats &cell : cells) {
        if (cell.ppsFigure || cell.noRateReason() != why)
            return {};
    }
    return why;
}

// A pair's answer in one line: netperf's rate as it changed; else the
// point of the largest change called better or worse, or the only point;
// the pps beside the delta, so it can be redone.
QString pairHeadline(const Comparison &pair) {
    if (const QList<NetperfVs> vs = NetperfText::against(pair);
        !vs.isEmpty() && !vs.first().changes.isEmpty()) {
        const NetperfChange &rate = vs.first().changes.first();
        return QStringLiteral("%1 %2 -> %3 (%4%5): %6")
            .arg(NetperfText::figureName(rate.reference), NetperfText::valueText(rate.reference),
                 NetperfText::valueText(rate.current), rate.changeText(),
                 rate.percentText().isEmpty() ? QString()
                                              : QStringLiteral(", ") + rate.percentText(),
                 NetperfText::verdictText(rate));
    }
    std::optional<qsizetype> point;
    if (const auto change = pair.largestChange())
        point = change->point;
    else if (pair.points.size() == 1)
        point = 0;
    const auto &base = point ? pair.cells[0][*point] : std::nullopt;
    const auto &cell = point ? pair.cells[1][*point] : std::nullopt;
    if (!base || !cell || !cell->vsBaseline)
        return pair.points.size() == 1
                   ? QStringLiteral("no delta (no figure here or in its baseline)")
                   : QStringLiteral("none of %1 points called better or worse")
                         .arg(pair.points.size());
    const QString at = pair.points[*point].describe(pair.axisNames);
    return QStringLiteral("%1%2 -> %3 pps (%4 ns/pkt saved): %5")
        .arg(at.isEmpty() ? QString() : at + QStringLiteral(": "), ppsText(*base), ppsText(*cell),
             T::fixed2(cell->vsBaseline->ns), QLatin1String(toString(cell->vsBaseline->verdict)));
}

} // namespace

QString NetdevExport::comparison(const Comparison &c, const NetdevOptions &options) {
    const QStringList names = c.names();
    QStringList lines = runList(c, names);
    lines << QString();
    QStringList labels;
    for (const Point &p : c.points)
        labels << p.describe(c.axisNames);
    QList<PointStats> cells;
    for (const auto &run : c.cells) {
        for (const auto &cell : run) {
            if (cell)
                cells << *cell;
        }
    }
    const QString noRate = noRateOfAny(cells);
    if (!noRate.isEmpty()) {
        // Imported tables with no pps at all (netperf's): the reason once,
        // not a row of it per run.
        lines << QStringLiteral("Every run: %1.").arg(noRate);
    } else if (c.points.size() <= 1) {
        // One result per run: a patch series as in seed 002, against the baseline.
        QList<SeriesRow> rows;
        for (qsizetype r = 0; r < c.runs.size() && !c.points.isEmpty(); ++r) {
            if (const std::optional<PointStats> &cell = c.cells[r].first())
                rows << SeriesRow{names[r], &*cell, cell->vsBaseline};
        }
        lines << QStringLiteral("pps (median of the valid repetitions), ns/pkt and its change "
                                "vs %1 (- = fewer ns):")
                     .arg(names[0])
              << seriesTable(rows);
        if (const QString correction = c.correctionText(); !correction.isEmpty())
            lines << QStringLiteral("Verdicts vs the baseline: ") + correction;
    } else {
        lines << QStringLiteral("pps per point (median of the valid repetitions; * see notes):")
              << ppsColumns(c, names, labels) << deltaTables(c, names, labels);
    }
    lines << QString();
    if (options.chart && anyFigure(cells))
        lines << comparisonCharts(c, labels) << QString();
    if (const QStringList profiles = ProfileText::comparison(c, names, labels); !profiles.isEmpty())
        lines << profiles << QString();
    if (const QStringList netperf = NetperfText::comparison(c, names, labels); !netperf.isEmpty())
        lines << netperf << QString();
    QStringList rateLabels, notes, clocks;
    QList<const PointStats *> rates;
    const qsizetype labelWidth = T::widest(labels);
    bool sink = false;
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        QList<PointStats> stats;
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            if (const auto &cell = c.cells[r][p]) {
                rateLabels << T::padRight(labels[p], labelWidth) + QLatin1Char(' ') + c.tag(r);
                rates << &*cell;
                stats << *cell;
                // Said once above for every run.
                stats.last().warnings.removeAll(noRate);
            }
        }
        notes << runNotes(c.runs[r].run, stats, names[r] + QStringLiteral(", "));
        const QString clock = SinkFigures::clockText(c.runs[r].run.hello);
        if (PointStats::anyLatency(stats) && !clocks.contains(clock))
            clocks << clock;
        sink = sink || PointStats::anySink(stats);
    }
    if (!rates.isEmpty() && noRate.isEmpty())
        lines << bitRates(rateLabels, rates) << QString();
    if (sink)
        lines << sinkTables(rateLabels, rates, clocks) << QString();
    if (!notes.isEmpty())
        lines << QStringLiteral("Notes:") << notes << QString();
    if (options.setupNotes)
        lines << setupSection(c, names, options.stats.excludeDisturbed);
    lines << largestChange(c, names);
    return TextLayout::render(lines, maxColumns);
}

QString NetdevExport::pairs(const QList<Comparison> &pairs, const NetdevOptions &options) {
    QStringList lines{QStringLiteral("Paired comparison of %1 runs in %2 pair%3, each second run "
                                     "against the first:")
                          .arg(pairs.size() * 2)
                          .arg(pairs.size())
                          .arg(pairs.size() == 1 ? "" : "s")};
    QString correction;
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        const QStringList names = pairs[i].names();
        lines << QStringLiteral(" pair %1: %2 vs %3").arg(i + 1).arg(names.value(1), names.value(0))
              << QStringLiteral("   ") + pairHeadline(pairs[i]);
        if (correction.isEmpty())
            correction = pairs[i].correctionText();
    }
    if (!correction.isEmpty())
        lines << QStringLiteral("Verdicts of all the pairs: ") + correction;
    QString text = T::render(lines, columns);
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        const QString heading = QStringLiteral("Pair %1 of %2 ").arg(i + 1).arg(pairs.size());
        text += QLatin1Char('\n') + heading.leftJustified(columns, QLatin1Char('-')) +
                QLatin1Char('\n') + comparison(pairs[i], options);
    }
    return text;
}

} // namespace burstlab
