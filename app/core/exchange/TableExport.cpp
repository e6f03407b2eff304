#include "exchange/TableExport.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace burstlab {

namespace {

// One row per (run, point): column names in order, and the values.
struct Rows {
    QStringList columns;
    QList<QJsonObject> rows;
};

QJsonValue number(double v) {
    return std::isnan(v) ? QJsonValue() : QJsonValue(v);
}

void addDelta(QJsonObject &row, QStringList &columns, const QString &prefix,
              const std::optional<Delta> &d) {
    const QList<std::pair<QString, QJsonValue>> values{
        {prefix + QStringLiteral("_delta_ns"), d ? number(d->ns) : QJsonValue()},
        {prefix + QStringLiteral("_delta_ns_ci_low"), d ? number(d->nsCiLow) : QJsonValue()},
        {prefix + QStringLiteral("_delta_ns_ci_high"), d ? number(d->nsCiHigh) : QJsonValue()},
        {prefix + QStringLiteral("_delta_pps"), d ? number(d->pps) : QJsonValue()},
        {prefix + QStringLiteral("_p"), d ? number(d->p) : QJsonValue()},
        {prefix + QStringLiteral("_verdict"),
         d ? QJsonValue(QLatin1String(toString(d->verdict))) : QJsonValue()}};
    for (const auto &[key, value] : values) {
        columns << key;
        row.insert(key, value);
    }
}

void addSummary(QJsonObject &row, QStringList &columns, const QString &prefix, const Summary &s) {
    const QList<std::pair<QString, double>> values{
        {QStringLiteral("median"), s.median}, {QStringLiteral("mean"), s.mean},
        {QStringLiteral("stddev"), s.stddev}, {QStringLiteral("cv"), s.cv},
        {QStringLiteral("ci_low"), s.ciLow},  {QStringLiteral("ci_high"), s.ciHigh},
        {QStringLiteral("min"), s.min},       {QStringLiteral("max"), s.max}};
    for (const auto &[key, value] : values) {
        columns << prefix + key;
        row.insert(prefix + key, number(value));
    }
}

Rows rowsOf(const Comparison &c) {
    Rows out;
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            if (!cell)
                continue;
            QStringList columns{QStringLiteral("run_id"), QStringLiteral("run")};
            QJsonObject row{{QStringLiteral("run_id"), c.runs[r].run.id},
                            {QStringLiteral("run"), Comparison::runTitle(c.runs[r].run)}};
            for (qsizetype a = 0; a < cell->point.values.size(); ++a) {
                const QString name = c.axisNames.value(a, QStringLiteral("axis%1").arg(a + 1));
                columns << name;
                row.insert(name, cell->point.values[a].toJson());
            }
            columns << QStringLiteral("n");
            row.insert(QStringLiteral("n"), cell->ppsSummary.n);
            addSummary(row, columns, QStringLiteral("pps_"), cell->ppsSummary);
            addSummary(row, columns, QStringLiteral("ns_"), cell->nsSummary);
            addDelta(row, columns, QStringLiteral("prev"), cell->vsPrevious);
            addDelta(row, columns, QStringLiteral("base"), cell->vsBaseline);
            columns << QStringLiteral("above_line_rate") << QStringLiteral("warnings");
            row.insert(QStringLiteral("above_line_rate"), cell->aboveLineRate);
            row.insert(QStringLiteral("warnings"), cell->warnings.join(QStringLiteral("; ")));
            out.columns = columns;
            out.rows << row;
        }
    }
    return out;
}

QString cellText(const QJsonValue &v) {
    if (v.isDouble()) {
        const double d = v.toDouble();
        return d == std::floor(d) && std::fabs(d) < 1e15 ? QString::number(qint64(d))
                                                         : QString::number(d, 'g', 10);
    }
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.toString();
}

QString csvField(const QString &text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) +
           QLatin1Char('"');
}

QString markdownCell(const QJsonValue &v) {
    const bool fraction = v.isDouble() && v.toDouble() != std::floor(v.toDouble());
    QString text = fraction ? QString::number(v.toDouble(), 'f', 2) : cellText(v);
    return text.replace(QLatin1Char('|'), QLatin1String("\\|"));
}

} // namespace

QString TableExport::csv(const RunData &data) {
    return csv(Comparison::of({data}));
}

QString TableExport::csv(const Comparison &comparison) {
    const Rows rows = rowsOf(comparison);
    QStringList lines{rows.columns.join(QLatin1Char(','))};
    for (const QJsonObject &row : rows.rows) {
        QStringList fields;
        for (const QString &column : rows.columns)
            fields << csvField(cellText(row.value(column)));
        lines << fields.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString TableExport::markdown(const RunData &data) {
    return markdown(Comparison::of({data}));
}

QString TableExport::markdown(const Comparison &comparison) {
    const Rows rows = rowsOf(comparison);
    QStringList columns{QStringLiteral("run")};
    QStringList headers{QStringLiteral("run")};
    for (const QString &axis : comparison.axisNames) {
        columns << axis;
        headers << axis;
    }
    const QList<std::pair<QString, QString>> shown{
        {QStringLiteral("n"), QStringLiteral("n")},
        {QStringLiteral("pps_median"), QStringLiteral("median pps")},
        {QStringLiteral("ns_mean"), QStringLiteral("ns/pkt")},
        {QStringLiteral("ns_ci_low"), QStringLiteral("95% CI low")},
        {QStringLiteral("ns_ci_high"), QStringLiteral("95% CI high")},
        {QStringLiteral("prev_delta_ns"), QStringLiteral("Δ prev ns")},
        {QStringLiteral("prev_verdict"), QStringLiteral("vs prev")},
        {QStringLiteral("base_delta_ns"), QStringLiteral("Δ baseline ns")},
        {QStringLiteral("base_verdict"), QStringLiteral("vs baseline")},
        {QStringLiteral("warnings"), QStringLiteral("warnings")}};
    for (const auto &[key, header] : shown) {
        columns << key;
        headers << header;
    }
    QStringList lines{QStringLiteral("| ") + headers.join(QStringLiteral(" | ")) +
                      QStringLiteral(" |")};
    lines << QStringLiteral("|") + QStringLiteral("---|").repeated(headers.size());
    for (const QJsonObject &row : rows.rows) {
        QStringList cells;
        for (const QString &column : columns)
            cells << markdownCell(row.value(column));
        lines << QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    for (const QString &d : comparison.hostDifferences)
        lines << QString() << QStringLiteral("> ") + d;
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString TableExport::json(const RunData &data) {
    return json(Comparison::of({data}));
}

QString TableExport::json(const Comparison &comparison) {
    QJsonArray runs;
    for (const RunData &r : comparison.runs)
        runs.append(r.toJson());
    QJsonArray points;
    for (const QJsonObject &row : rowsOf(comparison).rows)
        points.append(row);
    const QJsonObject out{{QStringLiteral("runs"), runs},
                          {QStringLiteral("points"), points},
                          {QStringLiteral("host_differences"),
                           QJsonArray::fromStringList(comparison.hostDifferences)}};
    return QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented));
}

} // namespace burstlab
