#include "exchange/NetdevExport.h"
#include "exchange/TextLayout.h"
#include "host/CheckResult.h"
#include "stats/LineRate.h"
#include <QHash>
#include <QMap>
#include <cmath>

namespace burstlab {

namespace {

using T = TextLayout;

// Tables print whole packets per second, and all their arithmetic uses the
// printed numbers, so a reader can redo it from the post.
qint64 printedPps(const PointStats &s) {
    return std::llround(s.representativePps());
}

double nsOf(qint64 pps) {
    return pps > 0 ? 1e9 / double(pps) : 0;
}

// Seed 002 prints ns/packet cut (not rounded) to 2 decimals: in hundredths.
qint64 truncatedCentiNs(qint64 pps) {
    return pps > 0 ? qint64(std::floor(1e11 / double(pps) + 1e-6)) : 0;
}

QString centiText(qint64 centi) {
    return T::fixed2(double(centi) / 100.0);
}

// Seed 000: " burst=2   tx:6942821 pps ( 35.46 ns)".
QStringList sweepTable(const QString &axis, const QList<PointStats> &series) {
    QStringList labels, pps, deltas;
    for (qsizetype i = 0; i < series.size(); ++i) {
        labels << axis + QLatin1Char('=') + series[i].point.values.first().toString();
        pps << QString::number(printedPps(series[i]));
        deltas << (i == 0
                       ? QString()
                       : T::fixed2(nsOf(printedPps(series[i - 1])) - nsOf(printedPps(series[i]))));
    }
    const qsizetype labelWidth = T::widest(labels) + 2;
    const qsizetype ppsWidth = T::widest(pps);
    const qsizetype deltaWidth = T::widest(deltas);
    QStringList lines;
    for (qsizetype i = 0; i < series.size(); ++i) {
        QString line = QLatin1Char(' ') + T::padRight(labels[i], labelWidth) +
                       QStringLiteral("tx:") + T::padLeft(pps[i], ppsWidth) +
                       QStringLiteral(" pps");
        if (i > 0)
            line += QStringLiteral(" ( %1 ns%2)")
                        .arg(T::padLeft(deltas[i], deltaWidth),
                             deltas[i].startsWith(QLatin1Char('-')) ? QStringLiteral(" (worse)")
                                                                    : QString());
        // With repetitions, whether the step stands out of the noise.
        const auto &previous = series[i].vsPrevious;
        if (previous && previous->verdict != Verdict::Insufficient)
            line += QLatin1Char(' ') + QLatin1String(toString(previous->verdict));
        lines << line;
    }
    return lines;
}

// Seed 000's summary between two points of a series.
QStringList summary(const QString &axis, const PointStats &from, const PointStats &to) {
    const qint64 a = printedPps(from);
    const qint64 b = printedPps(to);
    const double ns = nsOf(a) - nsOf(b);
    return {QStringLiteral("%1=(%2 vs %3) %4:")
                .arg(axis, from.point.values.first().toString(), to.point.values.first().toString(),
                     ns < 0 ? QStringLiteral("regression") : QStringLiteral("improvement")),
            QStringLiteral(" (1/%1*10^9)-(1/%2*10^9) = %3 ns").arg(a).arg(b).arg(T::fixed2(ns)),
            QStringLiteral("  %1 %2 pps")
                .arg(b >= a ? QLatin1Char('+') : QLatin1Char('-'))
                .arg(std::llabs(b - a))};
}

struct SeriesRow {
    QString label;
    qint64 pps = 0;
    QString suffix; // after the ns column (verdicts)
};

// Seed 002: " * patch4:   5,857,065 pps --> 170.73ns ( -7.56ns)".
QStringList seriesTable(const QList<SeriesRow> &rows) {
    QStringList labels, pps, deltas;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        labels << rows[i].label + QLatin1Char(':');
        pps << T::thousands(rows[i].pps);
        deltas << (i == 0 ? QString()
                          : centiText(truncatedCentiNs(rows[i].pps) -
                                      truncatedCentiNs(rows[i - 1].pps)));
    }
    const qsizetype labelWidth = T::widest(labels) + 1;
    const qsizetype ppsWidth = T::widest(pps);
    const qsizetype deltaWidth = std::max<qsizetype>(T::widest(deltas), 6);
    QStringList lines;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        lines << QStringLiteral(" * %1%2 pps --> %3ns %4%5")
                     .arg(T::padRight(labels[i], labelWidth), T::padLeft(pps[i], ppsWidth),
                          centiText(truncatedCentiNs(rows[i].pps)),
                          i == 0 ? QStringLiteral("per pkt")
                                 : QStringLiteral("(%1ns)").arg(T::padLeft(deltas[i], deltaWidth)),
                          rows[i].suffix);
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

// The pps of every run at every point, one column per run, in as many
// tables side by side as the line width needs.
QStringList ppsColumns(const Comparison &c, const QStringList &titles, const QStringList &labels) {
    constexpr qsizetype minColumn = 11;
    constexpr qsizetype maxColumn = 22;
    const QString unit = QStringLiteral("  (pps)");
    const qsizetype labelWidth = T::widest(labels) + 2;
    const qsizetype column = std::clamp<qsizetype>(T::widest(titles) + 2, minColumn, maxColumn);
    const qsizetype perTable =
        std::max<qsizetype>(1, (NetdevExport::maxColumns - 1 - labelWidth - unit.size()) / column);
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
                row += T::padLeft(cell ? QString::number(printedPps(*cell)) : QStringLiteral("-"),
                                  column);
            }
            lines << row;
        }
    }
    return lines;
}

const PointStats *find(const QList<PointStats> &series, const std::optional<Point> &point) {
    if (!point)
        return nullptr;
    for (const PointStats &s : series) {
        if (s.point.values.first() == point->values.value(0))
            return &s;
    }
    return nullptr;
}

QStringList header(const RunData &data) {
    const Run &run = data.run;
    QStringList lines;
    QString title = run.id > 0 ? QStringLiteral("Run %1: %2").arg(run.id).arg(run.name)
                               : QStringLiteral("Run: %1").arg(run.name);
    if (!run.label.isEmpty() && run.label != run.name)
        title += QStringLiteral(" [%1]").arg(run.label);
    lines << title;
    if (run.source != QLatin1String("engine"))
        lines << QStringLiteral(" Imported (%1)").arg(run.source);
    else
        lines << QStringLiteral(" Sweep: %1").arg(run.spec.describe());
    if (!run.device().isEmpty())
        lines << QStringLiteral(" Device: %1%2")
                     .arg(run.device(),
                          run.linkSpeedMbps()
                              ? QStringLiteral(", %1 Mbit/s").arg(*run.linkSpeedMbps())
                              : QString());
    if (run.spec.reps > 1)
        lines << QStringLiteral(" pps per point: median of %1 repetitions").arg(run.spec.reps);
    if (run.status != RunStatus::Completed)
        lines << QStringLiteral(" Status: %1 %2").arg(toString(run.status), run.error);
    return lines;
}

QStringList warnings(const QList<PointStats> &stats, const QStringList &axisNames, const Run &run) {
    // One warning shared by every point is said once; warnings come in the
    // order of the first point that has them, so the notes read like the table.
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
        lines << QStringLiteral(" - %1: %2")
                     .arg(points.size() == stats.size() && stats.size() > 1
                              ? QStringLiteral("every point")
                              : points.join(QStringLiteral(", ")),
                          text);
    }
    if (const auto speed = run.linkSpeedMbps()) {
        lines << QStringLiteral(" - line rate %1 pps (%2 Mbit/s, %3 B frames = %4 B on the wire)")
                     .arg(std::llround(LineRate::pps(*speed, run.frameSize())))
                     .arg(*speed)
                     .arg(run.frameSize())
                     .arg(LineRate::wireBytes(run.frameSize()));
    }
    if (lines.isEmpty())
        return {};
    lines.prepend(QStringLiteral("Notes:"));
    return lines;
}

// A checklist item's id is its short name: "tuned_profile" -> "tuned profile".
QString shortTitle(const CheckResult &item) {
    return item.id.isEmpty() ? item.title : QString(item.id).replace(u'_', u' ');
}

// As in seed 000, the notes say what was set; what was not is named in one
// line, and what could not be probed is only counted.
QStringList checklistNotes(const QList<CheckResult> &items) {
    QStringList lines = CheckResult::setupNotes(items);
    QStringList untuned;
    qsizetype unknown = 0;
    for (const CheckResult &item : items) {
        if (item.status == CheckStatus::Warn || item.status == CheckStatus::Fail)
            untuned << shortTitle(item);
        else if (item.status == CheckStatus::Unknown)
            ++unknown;
    }
    if (!untuned.isEmpty())
        lines << QStringLiteral(" - not tuned: ") + untuned.join(QStringLiteral(", "));
    if (unknown > 0)
        lines << QStringLiteral(" - %1 %2 could not be probed")
                     .arg(unknown)
                     .arg(unknown == 1 ? QStringLiteral("item") : QStringLiteral("items"));
    return lines;
}

QString factText(const QJsonObject &fingerprint, const char *key) {
    const QJsonValue v = fingerprint.value(QLatin1String(key));
    const QString text = v.isDouble() ? QString::number(v.toDouble()) : v.toString();
    return text == QLatin1String("unknown") ? QString() : text;
}

// " - CPU: Intel Xeon ... (2 CPUs, SMT off)", then kernel, DPDK and port
// driver on one line and the burstlab build on another.
QStringList fingerprintNotes(const QJsonObject &f) {
    QStringList lines;
    QStringList cpuFacts;
    if (const QString cpus = factText(f, "cpu_count"); !cpus.isEmpty())
        cpuFacts << cpus + (cpus == QLatin1String("1") ? QStringLiteral(" CPU")
                                                       : QStringLiteral(" CPUs"));
    if (const QString smt = factText(f, "smt"); !smt.isEmpty())
        cpuFacts << QStringLiteral("SMT ") + smt;
    const QString cpu = factText(f, "cpu_model");
    if (!cpu.isEmpty() || !cpuFacts.isEmpty())
        lines << QStringLiteral(" - CPU: %1%2")
                     .arg(cpu.isEmpty() ? QStringLiteral("unknown") : cpu,
                          cpuFacts.isEmpty()
                              ? QString()
                              : QStringLiteral(" (%1)").arg(cpuFacts.join(QStringLiteral(", "))));
    QStringList system;
    if (const QString kernel = factText(f, "kernel_release"); !kernel.isEmpty())
        system << QStringLiteral("Kernel ") + kernel;
    if (QString dpdk = factText(f, "dpdk_version"); !dpdk.isEmpty()) {
        if (dpdk.startsWith(QLatin1String("DPDK ")))
            dpdk = dpdk.mid(5); // runs recorded before the fingerprint dropped rte_version()'s word
        system << QStringLiteral("DPDK ") + dpdk;
    }
    if (const QString driver = factText(f, "port_driver"); !driver.isEmpty())
        system << QStringLiteral("port driver ") + driver;
    if (!system.isEmpty())
        lines << QStringLiteral(" - ") + system.join(QStringLiteral(", "));
    if (const QString version = factText(f, "burstlab_version"); !version.isEmpty()) {
        const QString git = factText(f, "burstlab_git");
        lines << QStringLiteral(" - burstlab %1%2")
                     .arg(version,
                          git.isEmpty() ? QString() : QStringLiteral(" (git %1)").arg(git));
    }
    return lines;
}

QStringList setupNotes(const Run &run) {
    QStringList lines = checklistNotes(CheckResult::fromJsonArray(run.checklist));
    lines << fingerprintNotes(run.fingerprint);
    if (lines.isEmpty())
        return {};
    lines.prepend(QStringLiteral("Setup notes:"));
    return lines;
}

} // namespace

QString NetdevExport::run(const RunData &data, const NetdevOptions &options) {
    const QList<PointStats> stats = PointStats::ofRun(data, options.stats);
    const QStringList axes = data.run.spec.axisNames();
    QStringList lines = header(data);
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
            from = from ? from : &series.first();
            to = to ? to : &series.last();
            if (from != to)
                lines << QString() << summary(axes.first(), *from, *to);
        } else {
            QList<SeriesRow> rows;
            for (const PointStats &s : series)
                rows << SeriesRow{
                    s.point.values.value(0, AxisValue(Comparison::runTitle(data.run))).toString(),
                    printedPps(s), QString()};
            lines << seriesTable(rows);
        }
        lines << QString();
    }
    lines << warnings(stats, axes, data.run) << QString();
    if (options.setupNotes)
        lines << setupNotes(data.run);
    return TextLayout::render(lines, maxColumns);
}

QString NetdevExport::comparison(const Comparison &c) {
    QStringList titles;
    for (const RunData &r : c.runs)
        titles << Comparison::runTitle(r.run);
    QStringList lines{QStringLiteral("Comparison: %1").arg(titles.join(QStringLiteral(" vs ")))};
    for (const QString &d : c.hostDifferences)
        lines << QStringLiteral(" ! ") + d;
    lines << QString();
    if (c.points.size() <= 1) {
        // One result per run: a patch series as in seed 002.
        QList<SeriesRow> rows;
        for (qsizetype r = 0; r < c.runs.size(); ++r) {
            const auto &cell = c.cells[r].value(0);
            if (!cell)
                continue;
            QString verdict;
            if (cell->vsBaseline && cell->vsBaseline->verdict != Verdict::Insufficient)
                verdict = QLatin1Char(' ') + QLatin1String(toString(cell->vsBaseline->verdict));
            rows << SeriesRow{titles[r], printedPps(*cell), verdict};
        }
        lines << seriesTable(rows);
    } else {
        QStringList labels;
        for (const Point &p : c.points)
            labels << p.describe(c.axisNames);
        const qsizetype labelWidth = T::widest(labels) + 2;
        lines << ppsColumns(c, titles, labels);
        for (qsizetype r = 1; r < c.runs.size(); ++r) {
            lines << QString()
                  << QStringLiteral("%1 vs %2 (ns/pkt, + = fewer ns = better):")
                         .arg(titles[r], titles[0]);
            for (qsizetype p = 0; p < c.points.size(); ++p) {
                const auto &cell = c.cells[r][p];
                if (!cell || !cell->vsBaseline)
                    continue;
                const Delta &d = *cell->vsBaseline;
                QString row =
                    QStringLiteral(" %1( %2 ns)")
                        .arg(T::padRight(labels[p], labelWidth), T::padLeft(T::fixed2(d.ns), 6));
                if (!std::isnan(d.nsCiLow))
                    row += QStringLiteral(" CI [%1, %2]")
                               .arg(T::fixed2(d.nsCiLow), T::fixed2(d.nsCiHigh));
                lines << row + QLatin1Char(' ') + QLatin1String(toString(d.verdict));
            }
        }
    }
    return TextLayout::render(lines, maxColumns);
}

} // namespace burstlab
