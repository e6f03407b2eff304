#include "exchange/NetdevImport.h"
#include "exchange/ImportChecks.h"
#include "exchange/ImportLimits.h"
#include "exchange/TextLayout.h"
#include "stats/Figure.h"
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <utility>

namespace burstlab {

namespace {

// skb_burst=2  tx:6942821 pps ( 35.46 ns)   |   skb_burst=0  2421076 pps
// The value and the rate are taken as any word (or none) and checked, so
// that a row with a negative, absurd, missing or non-numeric figure (-5,
// 5.5e6, NaN, "tx: pps") is an error naming its line and column instead of
// a line silently skipped.
const QRegularExpression sweepLine(
    QStringLiteral("^\\s*([A-Za-z_][A-Za-z0-9_]*)=(\\S+)\\s+(?:tx:\\s*)?(\\S*?)\\s*pps\\b(.*)$"));
// * patch3:   5,608,781 pps --> 178.29ns per pkt   |   * Baseline  : 12,815,925 pps
const QRegularExpression
    seriesLine(QStringLiteral("^\\s*\\*\\s*([^:]*[^:\\s])\\s*:\\s*(\\S*?)\\s*pps\\b(.*)$"));
// "clone=64:" above a table (burstlab's netdev text of a 2-D sweep): the
// table is that series.
const QRegularExpression
    seriesHeading(QStringLiteral("^\\s*([A-Za-z_][A-Za-z0-9_]*)=([^\\s:]+):\\s*$"));
// Seed 000's " ( 35.46 ns)" and " ( -1.38 ns (worse))" after the rate.
const QRegularExpression sweepDelta(
    QStringLiteral("^\\s*\\(\\s*([-+]?\\d+(?:\\.\\d+)?)\\s*ns\\s*(\\(worse\\))?\\s*\\)"));
// Seed 002's " --> 170.73ns ( -7.56ns)" and " --> 178.29ns per pkt" after the rate.
const QRegularExpression
    seriesNs(QStringLiteral("^\\s*-->\\s*(\\d+(?:\\.\\d+)?)\\s*ns(?:\\s+per\\s+pkt)?"
                            "(?:\\s*\\(\\s*([-+]?\\d+(?:\\.\\d+)?)\\s*ns\\s*\\))?"));
// What a poster writes before a remark beside a row: seed 002's "-- TXSZ=1024".
const QRegularExpression remarkLead(QStringLiteral("^[\\s\\-:;,]+"));
// Seed 000's summary: " (1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns".
const QRegularExpression summaryLine(QStringLiteral(
    "\\(1/([\\d,]+)\\*10\\^9\\)\\s*-\\s*\\(1/([\\d,]+)\\*10\\^9\\)\\s*=\\s*([-+]?\\d+(?:\\.\\d+)?)"
    "\\s*ns"));

// One table being read: its axis, its steps and what was odd in it.
struct Table {
    bool series = false;
    QString axis;
    qsizetype firstLine = 0;
    // The second parameter's name and value when the table is one series
    // of a 2-D sweep.
    std::optional<std::pair<QString, AxisValue>> outer;
    RunData data;
    qint64 lastPps = 0;

    void add(const AxisValue &value, qint64 pps, const QString &note, const QString &line) {
        StepResult r;
        r.point = Point{{value}};
        r.status = RunStatus::Completed;
        r.pps = double(pps);
        r.recorded = {{QStringLiteral("pps"), r.pps},
                      {QStringLiteral("note"), note},
                      {QStringLiteral("line"), line.trimmed()}};
        data.appendResult(r);
        lastPps = pps;
    }
    void warn(qsizetype n, const QString &why) {
        data.run.spec.importWarnings << QStringLiteral("line %1: %2").arg(n + 1).arg(why);
    }
};

// The same table: one axis, the same values with the same rates in order.
bool sameRows(const RunData &a, const RunData &b) {
    if (a.run.spec.axisNames() != b.run.spec.axisNames() || a.steps.size() != b.steps.size())
        return false;
    for (qsizetype i = 0; i < a.steps.size(); ++i) {
        const StepResult &x = a.steps[i].result;
        const StepResult &y = b.steps[i].result;
        if (!(x.point == y.point) || x.pps != y.pps)
            return false;
    }
    return true;
}

// A table under a "clone=64:" heading is one series of a 2-D sweep: it
// joins the run of the series before it, or starts one.
void addSeries(QList<RunData> &runs, const Table &t) {
    const auto &[name, value] = *t.outer;
    if (runs.isEmpty() || runs.last().run.spec.axisNames() != QStringList{t.axis, name}) {
        RunData run = t.data;
        run.steps.clear();
        run.run.spec.importWarnings.clear();
        run.run.spec.axes = {Axis{t.axis, {}}, Axis{name, {}}};
        run.run.name =
            QStringLiteral("imported %1 x %2 sweep %3").arg(t.axis, name).arg(runs.size() + 1);
        runs << run;
    }
    RunData &run = runs.last();
    if (!run.run.spec.axes[1].values.contains(value))
        run.run.spec.axes[1].values << value;
    for (const StepData &step : t.data.steps) {
        StepResult r = step.result;
        r.point = Point{{r.point.values.first(), value}};
        run.appendResult(r);
    }
    run.run.spec.importWarnings << t.data.run.spec.importWarnings;
}

Table newTable(bool series, const QString &axis, const QString &label, int number) {
    Table t;
    t.series = series;
    t.axis = axis;
    t.data.run.label = label;
    t.data.run.name = series ? QStringLiteral("imported series %1").arg(number)
                             : QStringLiteral("imported %1 sweep %2").arg(axis).arg(number);
    t.data.run.source = QStringLiteral("import:netdev");
    t.data.run.status = RunStatus::Completed;
    ImportChecks::asPosted(t.data.run.spec);
    t.data.run.spec.axes = {Axis{axis, {}}};
    return t;
}

// The printed delta of a sweep row (seed 000's " ( 35.46 ns)") against its printed pps.
void checkSweepRow(Table &t, qsizetype n, qint64 previousPps, qint64 pps,
                   const QRegularExpressionMatch &m) {
    const double printed = m.captured(1).toDouble();
    if (previousPps <= 0) {
        t.warn(n, QStringLiteral("a delta (%1 ns) on the first row of a table").arg(m.captured(1)));
        return;
    }
    // Seed 000 prints previous - this: positive is fewer ns per packet.
    if (const QString why = ImportChecks::deltaMismatch(printed, previousPps, pps); !why.isEmpty())
        t.warn(n, QStringLiteral("delta ") + why);
    if (!m.captured(2).isEmpty() && printed >= 0)
        t.warn(n, QStringLiteral("marked (worse) but the delta %1 ns is not negative")
                      .arg(m.captured(1)));
}

// The printed ns and change of a series row (seed 002's " --> 170.73ns ( -7.56ns)").
void checkSeriesRow(Table &t, qsizetype n, qint64 previousPps, qint64 pps,
                    const QRegularExpressionMatch &m) {
    if (const QString why = ImportChecks::nsMismatch(m.captured(1).toDouble(), pps); !why.isEmpty())
        t.warn(n, why);
    if (m.captured(2).isEmpty() || previousPps <= 0)
        return;
    // Seed 002 prints this - previous: negative is fewer ns per packet.
    if (const QString why = ImportChecks::deltaMismatch(m.captured(2).toDouble(), pps, previousPps);
        !why.isEmpty())
        t.warn(n, QStringLiteral("change ") + why);
}

// A row's printed figures checked against its printed pps; gives the row's
// remark, what follows those figures (seed 002's "-- TXSZ=1024" gives
// "TXSZ=1024"), which the point keeps as its note.
QString checkRow(Table &t, qsizetype n, qint64 previousPps, qint64 pps, const QString &rest) {
    const auto m = (t.series ? seriesNs : sweepDelta).match(rest);
    if (m.hasMatch() && t.series)
        checkSeriesRow(t, n, previousPps, pps, m);
    else if (m.hasMatch())
        checkSweepRow(t, n, previousPps, pps, m);
    return rest.mid(m.hasMatch() ? m.capturedEnd() : 0).trimmed().remove(remarkLead);
}

// A summary line anywhere: its arithmetic redone from its own numbers.
QString checkSummary(const QString &line) {
    const auto m = summaryLine.match(line);
    if (!m.hasMatch())
        return {};
    QString why;
    const auto from = ImportChecks::count(m.captured(1), false, &why);
    const auto to = from ? ImportChecks::count(m.captured(2), false, &why) : std::nullopt;
    if (!to)
        return QStringLiteral("summary: ") + why;
    const QString mismatch = ImportChecks::deltaMismatch(m.captured(3).toDouble(), *from, *to);
    return mismatch.isEmpty() ? QString() : QStringLiteral("summary ") + mismatch;
}

} // namespace

std::optional<QList<RunData>> NetdevImport::parse(const QString &text, const QString &label,
                                                  QString *error) {
    QList<RunData> runs;
    std::optional<Table> table;
    QStringList pending;                                  // odd lines seen before any table
    std::optional<std::pair<QString, AxisValue>> heading; // for the next table
    const auto close = [&] {
        if (table && !table->data.steps.isEmpty() && table->outer) {
            addSeries(runs, *table);
        } else if (table && !table->data.steps.isEmpty()) {
            // A reply quotes the table it answers: the same rows again are
            // one table, said so.
            const auto same = std::find_if(runs.begin(), runs.end(), [&](const RunData &r) {
                return sameRows(r, table->data);
            });
            if (same == runs.end())
                runs << table->data;
            else
                same->run.spec.importWarnings
                    << QStringLiteral("line %1: the same table again (a quoted copy?), "
                                      "imported once")
                           .arg(table->firstLine + 1);
        }
        table.reset();
    };
    qsizetype rows = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const auto fail = [&](qsizetype n, qsizetype column, const QString &why) {
        if (error)
            *error = ImportChecks::atLine(n, lines[n], why, column);
        return std::nullopt;
    };
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString line = ImportChecks::unquoted(lines[n]);
        // Columns count in the line as written, its quoting included.
        const qsizetype quoted = lines[n].size() - line.size();
        const auto sweep = sweepLine.match(line);
        const auto series = seriesLine.match(line);
        if (!sweep.hasMatch() && !series.hasMatch()) {
            if (const QString why = checkSummary(line); !why.isEmpty()) {
                const QString warning = QStringLiteral("line %1: %2").arg(n + 1).arg(why);
                if (table)
                    table->data.run.spec.importWarnings << warning;
                else if (!runs.isEmpty())
                    runs.last().run.spec.importWarnings << warning;
                else
                    pending << warning;
            }
            close();
            if (const auto h = seriesHeading.match(line); h.hasMatch()) {
                QString why;
                const auto number = ImportChecks::count(h.captured(2), true, &why);
                heading = {ImportChecks::parameterName(h.captured(1)),
                           number ? AxisValue(*number) : AxisValue(h.captured(2))};
            }
            continue;
        }
        if (tooManyImportRows(++rows, error))
            return std::nullopt;
        const bool isSeries = !sweep.hasMatch();
        const auto &m = isSeries ? series : sweep;
        const QString axis =
            isSeries ? QStringLiteral("patch") : ImportChecks::parameterName(m.captured(1));
        if (table && (table->series != isSeries || table->axis != axis))
            close();
        if (!table) {
            table = newTable(isSeries, axis, label, int(runs.size()) + 1);
            table->firstLine = n;
            table->outer = std::exchange(heading, std::nullopt);
            // A table under pktgen's own names (seed 000's skb_burst=) is
            // pktgen's: it prints and compares as a pktgen run.
            if (!isSeries && axis != m.captured(1))
                table->data.run.spec.engine.kind = EngineKind::Pktgen;
        }
        QString why;
        const int ppsGroup = isSeries ? 2 : 3;
        const auto pps = ImportChecks::count(m.captured(ppsGroup), false, &why);
        if (!pps)
            return fail(n, quoted + m.capturedStart(ppsGroup), QStringLiteral("pps: ") + why);
        std::optional<AxisValue> value;
        if (isSeries) {
            value = AxisValue(m.captured(1));
        } else if (const auto number = ImportChecks::count(m.captured(2), true, &why)) {
            value = AxisValue(*number);
        } else {
            return fail(n, quoted + m.capturedStart(2),
                        QStringLiteral("%1: %2").arg(m.captured(1), why));
        }
        const QString remark =
            checkRow(*table, n, table->lastPps, *pps, m.captured(isSeries ? 3 : 4));
        table->add(*value, *pps, remark, lines[n]);
    }
    close();
    if (runs.isEmpty()) {
        if (error)
            *error = QStringLiteral("no result table found (expected lines such as "
                                    "'burst=2 tx:6942821 pps' or '* patch3: 5,608,781 pps')");
        return std::nullopt;
    }
    runs.first().run.spec.importWarnings = pending + runs.first().run.spec.importWarnings;
    return runs;
}

} // namespace burstlab
