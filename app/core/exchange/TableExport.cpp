#include "exchange/TableExport.h"
#include "exchange/NetperfColumns.h"
#include "exchange/NetperfText.h"
#include "exchange/ProfileColumns.h"
#include "exchange/TextLayout.h"
#include "util/SafeText.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

// One row per (run, point): column names in order, and the values.
struct Rows {
    QStringList columns;
    QList<QJsonObject> rows;
};

QJsonValue number(double v) {
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

template <typename V> QJsonValue optional(const std::optional<V> &v) {
    return v ? QJsonValue(*v) : QJsonValue();
}

void put(QJsonObject &row, QStringList &columns, const QString &key, const QJsonValue &value) {
    columns << key;
    row.insert(key, value);
}

void addDelta(QJsonObject &row, QStringList &columns, const QString &prefix,
              const std::optional<Delta> &d) {
    put(row, columns, prefix + QStringLiteral("_delta_ns"), d ? number(d->ns) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_delta_pps"), d ? QJsonValue(d->pps) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_delta_ns_ci_low"),
        d ? number(d->nsCiLow) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_delta_ns_ci_high"),
        d ? number(d->nsCiHigh) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_p"), d ? number(d->p) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_p_holm"), d ? number(d->pHolm) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_holm_tests"),
        d && d->tested() ? QJsonValue(d->tests) : QJsonValue());
    put(row, columns, prefix + QStringLiteral("_verdict"),
        d ? QJsonValue(QLatin1String(toString(d->verdict))) : QJsonValue());
}

void addSummary(QJsonObject &row, QStringList &columns, const QString &prefix, const Summary &s) {
    const QList<std::pair<QString, double>> values{
        {QStringLiteral("median"), s.median}, {QStringLiteral("mean"), s.mean},
        {QStringLiteral("stddev"), s.stddev}, {QStringLiteral("cv"), s.cv},
        {QStringLiteral("ci_low"), s.ciLow},  {QStringLiteral("ci_high"), s.ciHigh},
        {QStringLiteral("min"), s.min},       {QStringLiteral("max"), s.max}};
    for (const auto &[key, value] : values)
        put(row, columns, prefix + key, number(value));
}

QString lineRateText(const PointStats &s, const QString &unknownReason) {
    if (!s.linePps)
        return QStringLiteral("not checked: ") + unknownReason;
    if (!s.ppsFigure)
        return QStringLiteral("no figure");
    return s.aboveLineRate ? QStringLiteral("above") : QStringLiteral("below");
}

void addLineRate(QJsonObject &row, QStringList &columns, const PointStats &s, const Run &run) {
    put(row, columns, QStringLiteral("frame_bytes"), optional(s.frameBytes));
    put(row, columns, QStringLiteral("l2_bps"), optional(s.l2Bps()));
    put(row, columns, QStringLiteral("l1_bps"), optional(s.l1Bps()));
    put(row, columns, QStringLiteral("link_speed_mbps"), optional(run.linkSpeedMbps()));
    put(row, columns, QStringLiteral("line_rate_pps"), optional(s.linePps));
    put(row, columns, QStringLiteral("line_share"), optional(s.lineShare()));
    put(row, columns, QStringLiteral("above_line_rate"),
        s.linePps ? QJsonValue(s.aboveLineRate) : QJsonValue());
    put(row, columns, QStringLiteral("line_rate"), lineRateText(s, run.linkSpeedUnknownReason()));
}

// The point's disturbed repetitions (Disturbance) and its precision.
void addNoise(QJsonObject &row, QStringList &columns, const PointStats &s, const Run &run) {
    const Disturbance &d = s.disturbance;
    put(row, columns, QStringLiteral("disturbed"), d.disturbed);
    put(row, columns, QStringLiteral("disturbed_replaced"), d.replaced);
    put(row, columns, QStringLiteral("disturbed_excluded"), d.excluded && d.disturbed > 0);
    put(row, columns, QStringLiteral("disturbed_cpu_share_min"), number(d.lowestCpuShare));
    put(row, columns, QStringLiteral("disturbed_cpu_share_max"), number(d.highestCpuShare));
    put(row, columns, QStringLiteral("disturbed_steal_share_max"), optional(d.highestSteal));
    put(row, columns, QStringLiteral("disturbance"), d.text());
    const Precision &p = s.precision;
    put(row, columns, QStringLiteral("precision"), number(p.share));
    const bool adaptive = run.spec.untilPrecise.has_value();
    put(row, columns, QStringLiteral("precision_target"),
        adaptive ? number(p.targetShare) : QJsonValue());
    put(row, columns, QStringLiteral("precision_reached"),
        adaptive ? QJsonValue(p.reached()) : QJsonValue());
}

// A run on several devices: each device's pps at the point (PointStats),
// in the engine's order; an empty array with one device.
QJsonArray devicePps(const PointStats &s) {
    QJsonArray devices;
    for (const PointStats::DeviceFigure &d : s.devices)
        devices.append(QJsonObject{{QStringLiteral("device"), d.device},
                                   {QStringLiteral("pps"), optional(d.pps)}});
    return devices;
}

// "dummy0=1234;dummy1=1230": a device_pps cell of CSV or Markdown.
QString devicePpsText(const QJsonValue &value) {
    QStringList parts;
    for (const QJsonValue &v : value.toArray()) {
        const QJsonObject d = v.toObject();
        const QJsonValue pps = d.value(QStringLiteral("pps"));
        parts << d.value(QStringLiteral("device")).toString() + QLatin1Char('=') +
                     (pps.isDouble() ? QString::number(pps.toInteger()) : QStringLiteral("-"));
    }
    return parts.join(QLatin1Char(';'));
}

// Every repetition as the statistics saw it: its rate, 1e9 over it, its
// status and the reason an invalid one was left out, whether it was
// disturbed (and replaced by a later attempt) with its thread figures, and
// the per-lcore figures of its stored totals.
QJsonArray repetitions(const PointStats &s) {
    QJsonArray reps;
    for (qsizetype i = 0; i < s.repetitions.size(); ++i) {
        const StepResult &step = s.repetitions[i];
        const RepetitionNoise &noise = s.disturbance.perStep[i];
        const double pps = step.effectivePps();
        const auto ns = step.nsPerPacket();
        reps.append(
            QJsonObject{{QStringLiteral("rep"), step.rep},
                        {QStringLiteral("seq"), step.seq},
                        {QStringLiteral("status"), toString(step.status)},
                        {QStringLiteral("reason"), step.error},
                        {QStringLiteral("pps"), number(pps)},
                        {QStringLiteral("ns_per_pkt"), ns ? QJsonValue(*ns) : QJsonValue()},
                        {QStringLiteral("disturbed"), noise.disturbed},
                        {QStringLiteral("replaced"), noise.replaced},
                        {QStringLiteral("cpu_share"),
                         noise.thread ? QJsonValue(noise.thread->minCpuShare) : QJsonValue()},
                        {QStringLiteral("steal_share"),
                         noise.thread ? optional(noise.thread->maxStealShare) : QJsonValue()},
                        {QStringLiteral("cpu_pps"),
                         noise.thread ? QJsonValue(noise.thread->cpuPps) : QJsonValue()},
                        {QStringLiteral("lcores"),
                         step.measured ? step.measured->lcoresJson() : QJsonArray()}});
    }
    return reps;
}

// What the sink saw of the point (SinkFigures), with the latency columns
// when the comparison has any: columns only for a comparison with a sink.
void addSink(QJsonObject &row, QStringList &columns, const PointStats &s, const Run &run,
             bool latency) {
    const std::optional<SinkFigures> &f = s.sink;
    const auto count = [&](qint64 SinkFigures::*field) {
        return f ? QJsonValue((*f).*field) : QJsonValue();
    };
    put(row, columns, QStringLiteral("sink_sent"), count(&SinkFigures::sent));
    put(row, columns, QStringLiteral("sink_received"), count(&SinkFigures::received));
    put(row, columns, QStringLiteral("sink_lost"), count(&SinkFigures::lost));
    put(row, columns, QStringLiteral("sink_loss_share"),
        f ? QJsonValue(f->lossShare()) : QJsonValue());
    put(row, columns, QStringLiteral("sink_dropped"), count(&SinkFigures::dropped));
    put(row, columns, QStringLiteral("sink_foreign"), count(&SinkFigures::foreign));
    put(row, columns, QStringLiteral("sink_late"), count(&SinkFigures::late));
    put(row, columns, QStringLiteral("sink_duplicates"), count(&SinkFigures::duplicates));
    put(row, columns, QStringLiteral("sink_reordered"), count(&SinkFigures::reordered));
    put(row, columns, QStringLiteral("lossy"), f ? QJsonValue(f->lossy()) : QJsonValue());
    if (!latency)
        return;
    const LatencySummary *l = f && f->latency ? &*f->latency : nullptr;
    put(row, columns, QStringLiteral("latency_samples"), l ? QJsonValue(l->samples) : QJsonValue());
    put(row, columns, QStringLiteral("latency_p50_ns"), l ? QJsonValue(l->p50) : QJsonValue());
    put(row, columns, QStringLiteral("latency_p99_ns"), l ? QJsonValue(l->p99) : QJsonValue());
    put(row, columns, QStringLiteral("latency_max_ns"), l ? QJsonValue(l->max) : QJsonValue());
    put(row, columns, QStringLiteral("latency_min_ns"), l ? QJsonValue(l->min) : QJsonValue());
    put(row, columns, QStringLiteral("latency_clock"),
        l ? QJsonValue(SinkFigures::clockText(run.hello)) : QJsonValue());
}

// Whether any point of the comparison has sink figures, and latency ones.
std::pair<bool, bool> sinkColumns(const Comparison &c) {
    bool sink = false, latency = false;
    for (const auto &cells : c.cells) {
        for (const auto &cell : cells) {
            sink = sink || (cell && cell->sink);
            latency = latency || (cell && cell->sink && cell->sink->latency);
        }
    }
    return {sink, latency};
}

// Whether any run of the comparison is kernel pktgen's, whose own rate
// (PointStats::pktgenPpsFigure) then has a column.
bool pktgenColumn(const Comparison &c) {
    return std::any_of(c.runs.begin(), c.runs.end(), [](const RunData &data) {
        return data.run.spec.engine.kind == EngineKind::Pktgen && !data.run.isImported();
    });
}

// An imported netperf table's figures, and their changes against the
// baseline's (CSV's and Markdown's in NetperfColumns).
void addNetperf(QJsonObject &row, QStringList &columns, const PointStats &cell,
                const std::optional<PointStats> &base) {
    const auto result = NetperfText::of(cell);
    put(row, columns, QStringLiteral("netperf"), result ? result->toJson() : QJsonValue());
    const auto before = base ? NetperfText::of(*base) : std::nullopt;
    QJsonArray changes;
    if (result && before) {
        for (const NetperfChange &change : NetperfChange::between(*before, *result))
            changes << change.toJson();
    }
    put(row, columns, QStringLiteral("netperf_vs_baseline"),
        result && before ? QJsonValue(changes) : QJsonValue());
}

Rows rowsOf(const Comparison &c) {
    Rows out;
    const QStringList names = c.names();
    const auto [sink, latency] = sinkColumns(c);
    const bool pktgen = pktgenColumn(c);
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        const Run &run = c.runs[r].run;
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            if (!cell)
                continue;
            QStringList columns;
            QJsonObject row;
            put(row, columns, QStringLiteral("run_id"), run.id);
            put(row, columns, QStringLiteral("run"), names[r]);
            put(row, columns, QStringLiteral("label"), run.label);
            put(row, columns, QStringLiteral("baseline"), r == 0);
            for (qsizetype a = 0; a < cell->point.values.size(); ++a)
                put(row, columns, c.axisNames.value(a, QStringLiteral("axis%1").arg(a + 1)),
                    cell->point.values[a].toJson());
            put(row, columns, QStringLiteral("n"), cell->ppsSummary.n);
            put(row, columns, QStringLiteral("invalid"), cell->invalid);
            put(row, columns, QStringLiteral("invalid_reasons"),
                cell->invalidReasons.join(QStringLiteral("; ")));
            put(row, columns, QStringLiteral("pps"), optional(cell->ppsFigure));
            put(row, columns, QStringLiteral("ns_per_pkt"), optional(cell->nsFigure()));
            if (pktgen)
                put(row, columns, QStringLiteral("pktgen_pps"), optional(cell->pktgenPpsFigure));
            addSummary(row, columns, QStringLiteral("pps_"), cell->ppsSummary);
            addSummary(row, columns, QStringLiteral("ns_"), cell->nsSummary);
            addDelta(row, columns, QStringLiteral("prev"), cell->vsPrevious);
            addDelta(row, columns, QStringLiteral("base"), cell->vsBaseline);
            addNoise(row, columns, *cell, run);
            put(row, columns, QStringLiteral("target_pps"), optional(cell->targetPps));
            put(row, columns, QStringLiteral("below_target"),
                cell->targetPps ? QJsonValue(cell->belowTarget()) : QJsonValue());
            addLineRate(row, columns, *cell, run);
            put(row, columns, QStringLiteral("device_pps"), devicePps(*cell));
            if (sink)
                addSink(row, columns, *cell, run, latency);
            put(row, columns, QStringLiteral("warnings"),
                cell->warnings.join(QStringLiteral("; ")));
            put(row, columns, QStringLiteral("note"), cell->sourceNotes.join(QStringLiteral("; ")));
            // "engine", or where an import came from (Run::source).
            put(row, columns, QStringLiteral("source"), run.source);
            put(row, columns, QStringLiteral("imported_from"),
                run.spec.importOrigin ? run.spec.importOrigin->describe() : QString());
            put(row, columns, QStringLiteral("profile"), ProfileColumns::point(*cell));
            const auto &base = c.cells[0][p];
            put(row, columns, QStringLiteral("profile_vs_baseline"),
                r > 0 && base ? ProfileColumns::vsBaseline(*base, *cell) : QJsonValue());
            addNetperf(row, columns, *cell, r > 0 ? base : std::nullopt);
            put(row, columns, QStringLiteral("repetitions"), repetitions(*cell));
            out.columns = columns;
            out.rows << row;
        }
    }
    return out;
}

// A CSV field: quoted where it holds a separator, a quote or a line break
// (a text cell has no line break left: SafeText::spreadsheetCell).
QString csvField(const QString &text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) +
           QLatin1Char('"');
}

// The repetitions column of a CSV row becomes one column per field, each a
// ';'-separated list in repetition order; lcores holds the per-repetition
// arrays as one JSON array.
// The fields of a repetition that become ';'-separated rep_* columns.
const QStringList repListed{QStringLiteral("pps"),       QStringLiteral("ns_per_pkt"),
                            QStringLiteral("status"),    QStringLiteral("reason"),
                            QStringLiteral("disturbed"), QStringLiteral("replaced"),
                            QStringLiteral("cpu_share"), QStringLiteral("steal_share")};

QStringList repColumnNames() {
    QStringList names;
    for (const QString &field : repListed)
        names << QStringLiteral("rep_") + field;
    return names << QStringLiteral("rep_lcores");
}

QStringList repFields(const QJsonArray &reps) {
    QList<QStringList> listed(repListed.size());
    QJsonArray lcores;
    for (const QJsonValue &v : reps) {
        const QJsonObject rep = v.toObject();
        for (qsizetype f = 0; f < repListed.size(); ++f)
            listed[f] << TextLayout::cell(rep.value(repListed[f]));
        lcores.append(rep.value(QStringLiteral("lcores")));
    }
    QStringList fields;
    for (const QStringList &values : listed)
        fields << values.join(QLatin1Char(';'));
    return fields << QString::fromUtf8(QJsonDocument(lcores).toJson(QJsonDocument::Compact));
}

QString mdNumber(const QJsonValue &v, int decimals) {
    return v.isDouble() ? QString::number(v.toDouble(), 'f', decimals) : QStringLiteral("-");
}

QString mdPercent(const QJsonValue &v) {
    return v.isDouble() ? SinkFigures::percent(v.toDouble()) : QStringLiteral("-");
}

QString mdDelta(const QJsonValue &v) {
    return v.isDouble() ? TextLayout::fixed2(v.toDouble()) : QStringLiteral("-");
}

QString mdBits(const QJsonValue &v) {
    return v.isDouble() ? TextLayout::mbits(v.toDouble()) : QStringLiteral("-");
}

// The correction of each family of verdicts: "#3 x: verdicts vs previous
// point: Welch's t-test, Holm-corrected over 4 deltas, alpha 5%", one per
// run, and "verdicts vs the baseline: ..." for a comparison.
QStringList corrections(const Comparison &c) {
    QStringList out;
    const QStringList names = c.names();
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        QList<PointStats> stats;
        for (const auto &cell : c.cells[r]) {
            if (cell)
                stats << *cell;
        }
        if (const QString correction = PointStats::correctionText(stats, false);
            !correction.isEmpty())
            out << QStringLiteral("%1: verdicts vs previous point: %2").arg(names[r], correction);
    }
    if (const QString correction = c.correctionText(); !correction.isEmpty())
        out << QStringLiteral("verdicts vs the baseline: ") + correction;
    return out;
}

QJsonObject comparisonObject(const Comparison &comparison) {
    QJsonArray runs;
    for (const RunData &r : comparison.runs)
        runs.append(r.toJson());
    QJsonArray points;
    for (const QJsonObject &row : rowsOf(comparison).rows)
        points.append(row);
    return {{QStringLiteral("runs"), runs},
            {QStringLiteral("points"), points},
            {QStringLiteral("verdict_corrections"),
             QJsonArray::fromStringList(corrections(comparison))},
            {QStringLiteral("host_differences"),
             QJsonArray::fromStringList(comparison.hostDifferences)},
            {QStringLiteral("transient_differences"),
             QJsonArray::fromStringList(comparison.transientDifferences)},
            {QStringLiteral("setting_differences"),
             QJsonArray::fromStringList(comparison.settingDifferences)},
            {QStringLiteral("unmatched"), QJsonArray::fromStringList(comparison.unmatched)}};
}

QString document(const QJsonObject &out) {
    return SafeText::json(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented)));
}

} // namespace

QString TableExport::csv(const RunData &data) {
    return csv(Comparison::of({data}));
}

QString TableExport::csv(const Comparison &comparison) {
    const Rows rows = rowsOf(comparison);
    QStringList columns = rows.columns;
    // Arrays and objects become lists of their own columns, at the end.
    for (const QString &listed : {QStringLiteral("repetitions"), QStringLiteral("profile"),
                                  QStringLiteral("profile_vs_baseline"), QStringLiteral("netperf"),
                                  QStringLiteral("netperf_vs_baseline")})
        columns.removeAll(listed);
    const bool netperf = NetperfColumns::any(comparison);
    QStringList lines{(columns + repColumnNames() + ProfileColumns::csvNames() +
                       (netperf ? NetperfColumns::csvNames() : QStringList()))
                          .join(QLatin1Char(','))};
    for (const QJsonObject &row : rows.rows) {
        QStringList fields;
        for (const QString &column : columns) {
            const QJsonValue value = row.value(column);
            const QString text =
                value.isArray() ? devicePpsText(value) : TextLayout::cell(value); // device_pps
            fields << (value.isDouble() ? text : SafeText::spreadsheetCell(text));
        }
        // Lists, never one number: text to a spreadsheet.
        for (const QString &list : repFields(row.value(QStringLiteral("repetitions")).toArray()) +
                                       ProfileColumns::csvFields(row) +
                                       (netperf ? NetperfColumns::csvFields(row) : QStringList()))
            fields << SafeText::spreadsheetCell(list);
        for (QString &field : fields)
            field = csvField(field);
        lines << fields.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString TableExport::markdown(const RunData &data) {
    return markdown(Comparison::of({data}));
}

QString TableExport::markdown(const Comparison &comparison) {
    const Rows rows = rowsOf(comparison);
    const auto [sink, latency] = sinkColumns(comparison);
    // The sink's columns (addSink) in the order they are shown.
    QList<std::pair<QString, QString>> sinkCells;
    if (sink)
        sinkCells << std::pair{QStringLiteral("received"), QStringLiteral("sink_received")}
                  << std::pair{QStringLiteral("lost"), QStringLiteral("sink_lost")}
                  << std::pair{QStringLiteral("loss"), QStringLiteral("sink_loss_share")}
                  << std::pair{QStringLiteral("dropped"), QStringLiteral("sink_dropped")}
                  << std::pair{QStringLiteral("foreign"), QStringLiteral("sink_foreign")}
                  << std::pair{QStringLiteral("reordered"), QStringLiteral("sink_reordered")};
    if (latency)
        sinkCells << std::pair{QStringLiteral("p50 ns"), QStringLiteral("latency_p50_ns")}
                  << std::pair{QStringLiteral("p99 ns"), QStringLiteral("latency_p99_ns")}
                  << std::pair{QStringLiteral("max ns"), QStringLiteral("latency_max_ns")};
    QStringList headers{QStringLiteral("run")};
    headers << comparison.axisNames;
    headers << QStringLiteral("n") << QStringLiteral("invalid") << QStringLiteral("disturbed");
    for (const auto &cell : sinkCells)
        headers << cell.first;
    const bool devices = std::any_of(rows.rows.begin(), rows.rows.end(), [](const QJsonObject &r) {
        return !r.value(QStringLiteral("device_pps")).toArray().isEmpty();
    });
    headers << QStringLiteral("pps");
    if (devices)
        headers << QStringLiteral("pps per device");
    headers << QStringLiteral("ns/pkt") << QStringLiteral("Δ prev ns") << QStringLiteral("vs prev")
            << QStringLiteral("Δ baseline ns") << QStringLiteral("vs baseline")
            << QStringLiteral("L2 Mbit/s") << QStringLiteral("L1 Mbit/s")
            << QStringLiteral("line rate") << QStringLiteral("warnings")
            << QStringLiteral("source note");
    QStringList lines{QStringLiteral("| ") + headers.join(QStringLiteral(" | ")) +
                      QStringLiteral(" |")};
    lines << QStringLiteral("|") + QStringLiteral("---|").repeated(headers.size());
    for (const QJsonObject &row : rows.rows) {
        QStringList cells{SafeText::markdownCell(row.value(QStringLiteral("run")).toString())};
        for (const QString &axis : comparison.axisNames)
            cells << SafeText::markdownCell(TextLayout::cell(row.value(axis)));
        cells << TextLayout::cell(row.value(QStringLiteral("n")))
              << TextLayout::cell(row.value(QStringLiteral("invalid")))
              << TextLayout::cell(row.value(QStringLiteral("disturbed")));
        for (const auto &[header, key] : sinkCells)
            cells << (key == QLatin1String("sink_loss_share") ? mdPercent(row.value(key))
                                                              : mdNumber(row.value(key), 0));
        cells << mdNumber(row.value(QStringLiteral("pps")), 0);
        if (devices)
            cells << SafeText::markdownCell(devicePpsText(row.value(QStringLiteral("device_pps"))));
        cells << mdDelta(row.value(QStringLiteral("ns_per_pkt")))
              << mdDelta(row.value(QStringLiteral("prev_delta_ns")))
              << SafeText::markdownCell(row.value(QStringLiteral("prev_verdict")).toString())
              << mdDelta(row.value(QStringLiteral("base_delta_ns")))
              << SafeText::markdownCell(row.value(QStringLiteral("base_verdict")).toString())
              << mdBits(row.value(QStringLiteral("l2_bps")))
              << mdBits(row.value(QStringLiteral("l1_bps")))
              << SafeText::markdownCell(row.value(QStringLiteral("line_rate")).toString())
              << SafeText::markdownCell(row.value(QStringLiteral("warnings")).toString())
              << SafeText::markdownCell(row.value(QStringLiteral("note")).toString());
        lines << QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    QStringList notes;
    const QStringList names = comparison.names();
    for (const QString &correction : corrections(comparison))
        notes << QStringLiteral("> ") + SafeText::markdownCell(correction);
    for (qsizetype r = 0; r < comparison.runs.size(); ++r) {
        if (const auto &origin = comparison.runs[r].run.spec.importOrigin)
            notes << QStringLiteral("> %1: not measured by burstlab: from %2")
                         .arg(SafeText::markdownCell(names[r]),
                              SafeText::markdownCell(origin->describe()));
        for (const QString &warning : comparison.runs[r].run.spec.importWarnings)
            notes << QStringLiteral("> %1: source %2")
                         .arg(SafeText::markdownCell(names[r]), SafeText::markdownCell(warning));
    }
    for (const QString &d : comparison.caveats() + comparison.transientDifferences)
        notes << QStringLiteral("> ") + SafeText::markdownCell(d);
    if (latency) {
        QStringList clocks;
        for (const QJsonObject &row : rows.rows) {
            const QString clock = row.value(QStringLiteral("latency_clock")).toString();
            if (!clock.isEmpty() && !clocks.contains(clock))
                clocks << clock;
        }
        for (const QString &clock : clocks)
            notes << QStringLiteral("> latency: ") + SafeText::markdownCell(clock);
    }
    if (!notes.isEmpty())
        lines << QString() << notes;
    lines << ProfileColumns::markdown(comparison) << NetperfColumns::markdown(comparison);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString TableExport::json(const RunData &data) {
    return json(Comparison::of({data}));
}

QString TableExport::json(const Comparison &comparison) {
    return document(comparisonObject(comparison));
}

QString TableExport::json(const QList<Comparison> &pairs) {
    QJsonArray each;
    for (const Comparison &pair : pairs)
        each.append(comparisonObject(pair));
    return document({{QStringLiteral("pairs"), each}});
}

} // namespace burstlab
