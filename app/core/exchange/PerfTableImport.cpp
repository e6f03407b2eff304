#include "exchange/PerfTableImport.h"
#include "exchange/ImportChecks.h"
#include "exchange/ImportLimits.h"
#include "model/FieldJson.h"
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

// Where a flattened mail had a line end: the blanks before a quote marker
// ("> " or ">>"), never the '>' of "skb->users" or "-->".
const QRegularExpression quoteMarker(QStringLiteral("[ \\t]+(?=>(?:[\\s>]|$))"));
const QRegularExpression blanks(QStringLiteral("\\s+"));
const QRegularExpression number(QStringLiteral("^\\d+(?:\\.\\d+)?$"));
const QRegularExpression separator(QStringLiteral("^[-_=\\s]+$"));
// "samples pcnt kernel function" (PerfTop) and "# Overhead  Command ..." or
// "# Children  Self  Command ..." (perf report, perf top).
const QRegularExpression perfTopColumns(QStringLiteral("^samples\\s+pcnt\\b"),
                                        QRegularExpression::CaseInsensitiveOption);
const QRegularExpression reportColumns(QStringLiteral("^#?\\s*(?:Children\\s+Self|Overhead)\\b"));
// "PerfTop: 5187 irqs/sec kernel:100.0% [100000 cycles], (all, cpu: 0)"
const QRegularExpression perfTopHeader(QStringLiteral("^PerfTop:"));
const QRegularExpression
    perfTopEvent(QStringLiteral("\\[(?:[\\d.]+\\s*(?:Hz)?\\s+)?([A-Za-z][^\\]\\s,]*)\\]"));
// "# Samples: 12K of event 'cycles'"
const QRegularExpression samplesHeader(
    QStringLiteral("^#\\s*Samples:\\s*(\\d+(?:\\.\\d+)?)\\s*([KMG]?)\\s+of\\s+event\\s+'([^']+)'"));
// What follows the shares of a perf report row: "[Command]  Shared Object  [k] Symbol".
const QRegularExpression
    reportRest(QStringLiteral("^(?:(?:(.+?)\\s+)?(\\S+)\\s+)?\\[([^\\]\\s])\\]\\s+(\\S.*?)\\s*$"));

enum class Layout { PerfTop, Report };

// One row read, or what is wrong with it. complete: every column is in its
// place (a row then, or an error whatever surrounds it); an incomplete one
// is an error only inside a table, where it is a cut or garbled row.
struct Row {
    Layout layout = Layout::PerfTop;
    bool rowLike = false;
    bool complete = false;
    QString problem; // "pcnt: 150.0% is over 100%"
    ProfileFunction function;
};

// "50.9%": its value, or a problem under the column's name.
std::optional<double> percentOf(const QString &token, const QString &column, QString *problem) {
    const QString digits = token.endsWith(QLatin1Char('%')) ? token.chopped(1) : QString();
    if (!number.match(digits).hasMatch()) {
        *problem = QStringLiteral("%1: '%2' is not a percentage").arg(column, token);
        return std::nullopt;
    }
    const double value = digits.toDouble();
    if (value > 100) {
        *problem = QStringLiteral("%1: %2 is over 100%").arg(column, token);
        return std::nullopt;
    }
    return value;
}

// PerfTop's "16688.00 - 50.9% : consume_skb".
Row perfTopRow(const QString &line, bool kernel) {
    const QStringList t = line.split(blanks, Qt::SkipEmptyParts);
    Row row;
    row.rowLike = t.size() >= 2 && t[0].front().isDigit() && t[1] == QLatin1String("-");
    if (!row.rowLike)
        return row;
    row.complete = t.size() == 5 && t[2].endsWith(QLatin1Char('%')) && t[3] == QLatin1String(":");
    if (!number.match(t[0]).hasMatch() || t[0].toDouble() > double(ImportChecks::maxValue)) {
        row.problem = QStringLiteral("samples: '%1' is not a count").arg(t[0]);
        return row;
    }
    if (t.size() < 3) {
        row.problem = QStringLiteral("pcnt: missing");
        return row;
    }
    const auto percent = percentOf(t[2], QStringLiteral("pcnt"), &row.problem);
    if (!percent)
        return row;
    if (t.size() < 5 || t[3] != QLatin1String(":")) {
        row.problem = QStringLiteral("function: missing");
        return row;
    }
    if (t.size() > 5) {
        row.problem = QStringLiteral("function: '%1' is more than one word")
                          .arg(t.mid(4).join(QLatin1Char(' ')));
        return row;
    }
    row.function.name = t[4];
    row.function.module = kernel ? QStringLiteral("[kernel]") : QString();
    row.function.samples = std::llround(t[0].toDouble());
    row.function.percent = percent;
    return row;
}

// perf top's and perf report's "  12.31%  swapper  [kernel.kallsyms]  [k]
// intel_idle", with Children and Self "40.00%  10.00%  ...": Self is the
// function's own share. samples: derived from the total where one is stated.
Row reportRow(const QString &line, std::optional<qint64> total) {
    Row row;
    row.layout = Layout::Report;
    const QStringList t = line.split(blanks, Qt::SkipEmptyParts);
    row.rowLike = !t.isEmpty() && t[0].front().isDigit() && t[0].endsWith(QLatin1Char('%'));
    if (!row.rowLike)
        return row;
    const bool children = t.size() > 1 && t[1].front().isDigit() && t[1].endsWith(QLatin1Char('%'));
    const qsizetype shares = children ? 2 : 1;
    const QString rest = line.trimmed().section(blanks, int(shares), -1);
    const auto m = reportRest.match(rest);
    row.complete = m.hasMatch();
    std::optional<double> percent;
    for (qsizetype i = 0; i < shares; ++i) {
        const QString column = !children ? QStringLiteral("Overhead")
                               : i == 0  ? QStringLiteral("Children")
                                         : QStringLiteral("Self");
        percent = percentOf(t[i], column, &row.problem);
        if (!percent)
            return row;
    }
    if (!m.hasMatch()) {
        row.problem = QStringLiteral("Symbol: missing (expected '[k] name' or '[.] name')");
        return row;
    }
    row.function.name = m.captured(4);
    row.function.module = m.captured(2);
    row.function.percent = percent;
    if (total)
        row.function.samples = std::llround(*percent / 100 * double(*total));
    return row;
}

// What is known of the table to come: the lines above it.
struct Context {
    QString label;
    QString header;
    QString event;
    std::optional<qint64> total;
    bool kernel = false;
    std::optional<Layout> columns; // a column header was seen
    qsizetype columnsLine = -1;
};

class Scanner {
  public:
    Scanner(const QStringList &lines, QString *error) : m_lines(lines), m_error(error) {}

    std::optional<QList<PerfTable>> run() {
        for (qsizetype n = 0; n < m_lines.size(); ++n) {
            if (!take(n))
                return std::nullopt;
        }
        if (!close() || (m_context.columns && !fail(m_context.columnsLine, truncated())))
            return std::nullopt;
        return m_tables;
    }

  private:
    bool take(qsizetype n) {
        const QString line = ImportChecks::unquoted(m_lines[n]).trimmed();
        if (line.isEmpty() || separator.match(line).hasMatch())
            return true;
        Row row = rowOf(line);
        // A row of another layout ends the table and may begin the next.
        if (!isRow(row) && m_open) {
            if (!close())
                return false;
            row = rowOf(line);
        }
        if (isRow(row))
            return row.problem.isEmpty() ? add(n, row) : fail(n, row.problem);
        if (perfTopColumns.match(line).hasMatch() || reportColumns.match(line).hasMatch()) {
            m_context.columns =
                perfTopColumns.match(line).hasMatch() ? Layout::PerfTop : Layout::Report;
            m_context.columnsLine = n;
            m_context.kernel = line.contains(QLatin1String("kernel"), Qt::CaseInsensitive);
        } else if (perfTopHeader.match(line).hasMatch()) {
            m_context.header = line;
            m_context.event = perfTopEvent.match(line).captured(1);
        } else if (const auto m = samplesHeader.match(line); m.hasMatch()) {
            m_context.header = line;
            m_context.event = m.captured(3);
            const double scale = m.captured(2) == QLatin1String("K")   ? 1e3
                                 : m.captured(2) == QLatin1String("M") ? 1e6
                                 : m.captured(2) == QLatin1String("G") ? 1e9
                                                                       : 1;
            m_context.total = std::llround(m.captured(1).toDouble() * scale);
        } else if (!line.startsWith(QLatin1Char('#'))) {
            // Prose: a column header above it had no table under it.
            if (m_context.columns)
                return fail(m_context.columnsLine, truncated());
            constexpr qsizetype longestLabel = 60;
            const bool label = line.endsWith(QLatin1Char(':')) && line.size() <= longestLabel;
            m_context = {};
            if (label)
                m_context.label = line.chopped(1).trimmed();
        }
        return true;
    }

    // A row, or a cut one where a table is (an error then).
    bool isRow(const Row &row) const {
        return row.rowLike && (row.complete || m_open || m_context.columns);
    }

    Row rowOf(const QString &line) const {
        const Layout layout = m_open ? m_layout : m_context.columns.value_or(Layout::PerfTop);
        const Row first = layout == Layout::PerfTop ? perfTopRow(line, m_context.kernel)
                                                    : reportRow(line, m_context.total);
        // Outside a table either layout may begin one.
        if (first.rowLike || m_open || m_context.columns)
            return first;
        return layout == Layout::PerfTop ? reportRow(line, m_context.total)
                                         : perfTopRow(line, m_context.kernel);
    }

    bool add(qsizetype n, const Row &row) {
        if (tooManyImportRows(++m_rows, m_error))
            return false;
        if (!m_open) {
            m_open = true;
            m_layout = row.layout;
            m_table = {};
            m_table.label = m_context.label;
            m_table.header = m_context.header;
            m_table.firstLine = n;
            m_table.profile.event = m_context.event;
            m_table.profile.samples = m_context.total.value_or(0);
            m_table.profile.kernel = m_context.kernel;
        }
        m_table.lastLine = n;
        m_table.profile.functions << row.function;
        m_table.profile.kernel =
            m_table.profile.kernel || row.function.module.contains(QLatin1String("kernel"));
        m_sum += *row.function.percent;
        return true;
    }

    // Ends the table being read: its shares must add up to 100% at most,
    // give or take half the last printed digit of each row.
    bool close() {
        if (!m_open)
            return true;
        m_open = false;
        const qsizetype rows = m_table.profile.functions.size();
        if (m_sum > 100 + 0.05 * double(rows) + 1e-9) {
            const QString column =
                m_layout == Layout::PerfTop ? QStringLiteral("pcnt") : QStringLiteral("Overhead");
            return fail(m_table.firstLine, QStringLiteral("%1: the table's %2 rows add up to "
                                                          "%3%, over 100%")
                                               .arg(column)
                                               .arg(rows)
                                               .arg(m_sum, 0, 'f', 1));
        }
        m_sum = 0;
        m_tables << m_table;
        m_context = {};
        return true;
    }

    QString truncated() const {
        return QStringLiteral("a perf table's column header with no rows under it "
                              "(a truncated table?)");
    }

    bool fail(qsizetype n, const QString &why) {
        if (m_error)
            *m_error = ImportChecks::atLine(n, m_lines[n], why);
        return false;
    }

    const QStringList &m_lines;
    QString *m_error;
    Context m_context;
    bool m_open = false;
    Layout m_layout = Layout::PerfTop;
    PerfTable m_table;
    double m_sum = 0;
    qsizetype m_rows = 0;
    QList<PerfTable> m_tables;
};

} // namespace

QStringList PerfTableImport::lines(const QString &text) {
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        out << line.split(quoteMarker);
    return out;
}

std::optional<QList<PerfTable>> PerfTableImport::tables(const QString &text, QString *error) {
    const QStringList all = lines(text);
    return Scanner(all, error).run();
}

QJsonObject PerfTableImport::recorded(const PerfTable &table, const QStringList &lines) {
    return {{QStringLiteral("profile"), fieldjson::Writer::write(table.profile)},
            {QStringLiteral("note"), table.header},
            {QStringLiteral("line"), lines.value(table.firstLine).trimmed()}};
}

std::optional<QList<RunData>> PerfTableImport::parse(const QString &text, const QString &label,
                                                     QString *error) {
    const QStringList all = lines(text);
    const auto tables = Scanner(all, error).run();
    if (!tables)
        return std::nullopt;
    if (tables->isEmpty()) {
        if (error)
            *error = QStringLiteral("no perf table found (expected rows such as "
                                    "'16688.00 - 50.9% : consume_skb' or "
                                    "'50.90%  [kernel]  [k] consume_skb')");
        return std::nullopt;
    }
    QList<RunData> runs;
    for (const PerfTable &table : *tables) {
        RunData data;
        QStringList labels{label, table.label};
        labels.removeAll(QString());
        data.run.label = labels.join(QLatin1Char(' '));
        data.run.name = QStringLiteral("imported perf table %1").arg(runs.size() + 1);
        data.run.source = QStringLiteral("import:perf");
        data.run.status = RunStatus::Completed;
        ImportChecks::asPosted(data.run.spec);
        StepResult step;
        step.status = RunStatus::Completed;
        step.recorded = recorded(table, all);
        data.appendResult(step);
        runs << data;
    }
    return runs;
}

void PerfTableImport::attach(QList<RunData> &runs, const QString &text) {
    if (runs.isEmpty())
        return;
    const QStringList all = lines(text);
    QString error;
    const auto tables = Scanner(all, &error).run();
    QStringList &warnings = runs.first().run.spec.importWarnings;
    if (!tables) {
        warnings << QStringLiteral("a perf table not attached: ") + error;
        return;
    }
    if (tables->isEmpty())
        return;
    RunData &run = runs.first();
    QSet<QString> points;
    for (const StepData &step : run.steps)
        points.insert(step.result.point.key());
    // The result rows' last line: a profile posted before them is not theirs.
    qsizetype rowsEnd = -1;
    for (const StepData &step : run.steps) {
        const QString row = step.result.recorded.value(QStringLiteral("line")).toString();
        for (qsizetype n = 0; n < all.size() && !row.isEmpty(); ++n) {
            if (all[n].contains(row))
                rowsEnd = std::max(rowsEnd, n);
        }
    }
    const PerfTable &table = tables->first();
    QString why;
    if (runs.size() > 1 || points.size() > 1)
        why = QStringLiteral("%1 runs of %2 points: which one it profiles is not clear")
                  .arg(runs.size())
                  .arg(points.size());
    else if (tables->size() > 1)
        why = QStringLiteral("%1 perf tables for one point").arg(tables->size());
    else if (table.firstLine < rowsEnd)
        why = QStringLiteral("it comes before the result rows");
    if (!why.isEmpty()) {
        for (const PerfTable &t : *tables)
            warnings << QStringLiteral("line %1: a perf table, not attached: %2")
                            .arg(t.firstLine + 1)
                            .arg(why);
        return;
    }
    const QJsonObject profile = recorded(table, all);
    for (StepData &step : run.steps)
        step.result.recorded.insert(QStringLiteral("profile"),
                                    profile.value(QStringLiteral("profile")));
}

} // namespace burstlab
