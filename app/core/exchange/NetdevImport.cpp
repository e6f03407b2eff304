#include "exchange/NetdevImport.h"
#include "exchange/ImportLimits.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

const QRegularExpression quoting(QStringLiteral("^(\\s*>)+ ?"));
// skb_burst=2  tx:6942821 pps ( 35.46 ns)   |   skb_burst=0  2421076 pps
const QRegularExpression sweepLine(
    QStringLiteral("^\\s*([A-Za-z_][A-Za-z0-9_]*)=(\\d+)\\s+(?:tx:\\s*)?([\\d,]+)\\s*pps\\b(.*)$"));
// * patch3:   5,608,781 pps --> 178.29ns per pkt   |   * Baseline  : 12,815,925 pps
const QRegularExpression
    seriesLine(QStringLiteral("^\\s*\\*\\s*([^:]*[^:\\s])\\s*:\\s*([\\d,]+)\\s*pps\\b(.*)$"));

// The kernel pktgen knobs under burstlab's names for the same experiment.
QString ourName(const QString &name) {
    if (name == QLatin1String("skb_burst"))
        return QStringLiteral("burst");
    if (name == QLatin1String("clone_skb"))
        return QStringLiteral("clone");
    return name;
}

// One table being read: its axis and its steps.
struct Table {
    bool series = false;
    QString axis;
    RunData data;

    void add(const AxisValue &value, double pps, const QString &note, const QString &line) {
        StepResult r;
        r.point = Point{{value}};
        r.status = RunStatus::Completed;
        r.pps = pps;
        r.nsPerPkt = 1e9 / pps;
        r.totals = {{QStringLiteral("pps"), pps},
                    {QStringLiteral("ns_per_pkt"), r.nsPerPkt},
                    {QStringLiteral("note"), note.trimmed()},
                    {QStringLiteral("line"), line.trimmed()}};
        data.appendResult(r);
    }
};

Table newTable(bool series, const QString &axis, const QString &label, int number) {
    Table t;
    t.series = series;
    t.axis = axis;
    t.data.run.label = label;
    t.data.run.name = series ? QStringLiteral("imported series %1").arg(number)
                             : QStringLiteral("imported %1 sweep %2").arg(axis).arg(number);
    t.data.run.source = QStringLiteral("import:netdev");
    t.data.run.status = RunStatus::Completed;
    t.data.run.spec.reps = 1;
    t.data.run.spec.axes = {Axis{axis, {}}};
    return t;
}

} // namespace

std::optional<QList<RunData>> NetdevImport::parse(const QString &text, const QString &label,
                                                  QString *error) {
    QList<RunData> runs;
    std::optional<Table> table;
    const auto close = [&] {
        if (table && !table->data.steps.isEmpty())
            runs << table->data;
        table.reset();
    };
    qsizetype rows = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype n = 0; n < lines.size(); ++n) {
        QString line = lines[n];
        line.remove(quoting);
        const auto sweep = sweepLine.match(line);
        const auto series = seriesLine.match(line);
        if (!sweep.hasMatch() && !series.hasMatch()) {
            close();
            continue;
        }
        if (tooManyImportRows(++rows, error))
            return std::nullopt;
        const bool isSeries = !sweep.hasMatch();
        const auto &m = isSeries ? series : sweep;
        const QString axis = isSeries ? QStringLiteral("patch") : ourName(m.captured(1));
        if (table && (table->series != isSeries || table->axis != axis))
            close();
        if (!table)
            table = newTable(isSeries, axis, label, int(runs.size()) + 1);
        bool ok = false;
        const double pps =
            QString(m.captured(isSeries ? 2 : 3)).remove(QLatin1Char(',')).toDouble(&ok);
        if (!ok || pps <= 0) {
            if (error)
                *error = QStringLiteral("line %1: '%2' has no usable pps").arg(n + 1).arg(lines[n]);
            return std::nullopt;
        }
        const AxisValue value =
            isSeries ? AxisValue(m.captured(1)) : AxisValue(m.captured(2).toLongLong());
        table->add(value, pps, m.captured(isSeries ? 3 : 4), lines[n]);
    }
    close();
    if (runs.isEmpty()) {
        if (error)
            *error = QStringLiteral("no result table found (expected lines such as "
                                    "'burst=2 tx:6942821 pps' or '* patch3: 5,608,781 pps')");
        return std::nullopt;
    }
    return runs;
}

} // namespace burstlab
