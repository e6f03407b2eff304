#include "exchange/NetperfImport.h"
#include "exchange/ImportChecks.h"
#include "exchange/ImportLimits.h"
#include "exchange/PerfTableImport.h"
#include "stats/NetperfFigures.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

const QRegularExpression blanks(QStringLiteral("\\s+"));
const QRegularExpression decimal(QStringLiteral("^-?\\d+(?:\\.\\d+)?$"));
// The units lines, blanks made single: "bytes bytes bytes bytes secs. per
// sec % S % U us/Tr us/Tr" (RR) and "bytes bytes bytes secs. 10^6bits/s % S
// % S us/KB us/KB" (STREAM); the CPU columns only with -c or -C.
const QRegularExpression rrUnits(
    QStringLiteral("^bytes bytes bytes bytes secs\\. per sec(?: % \\S % \\S (us/Tr) us/Tr)?$"),
    QRegularExpression::CaseInsensitiveOption);
const QRegularExpression streamUnits(
    QStringLiteral("^bytes bytes bytes secs\\. (\\S+/s(?:ec)?)(?: % \\S % \\S (us/KB) us/KB)?$"),
    QRegularExpression::CaseInsensitiveOption);
// "MIGRATED TCP REQUEST/RESPONSE TEST from ...", "TCP STREAM TEST from ...".
const QRegularExpression banner(QStringLiteral(
    "\\b(TCP|UDP|SCTP) (REQUEST/RESPONSE|STREAM|MAERTS|UNIDIRECTIONAL SEND) TEST\\b"));
// "sudo ethtool -K hed0 gro off", "ethtool --offload eth0 gro off gso off"
const QRegularExpression ethtool(
    QStringLiteral("\\bethtool (?:-K|--offload|--features) (\\S+)((?: \\S+ (?:on|off))+)$"));

// A feature as burstlab's host settings name it, from ethtool's short or long name.
QString settingOf(const QString &feature) {
    static const QList<QPair<QString, QString>> names{
        {QStringLiteral("gro"), QStringLiteral("generic-receive-offload")},
        {QStringLiteral("gso"), QStringLiteral("generic-segmentation-offload")},
        {QStringLiteral("tso"), QStringLiteral("tcp-segmentation-offload")}};
    for (const auto &[name, longName] : names) {
        if (feature == name || feature == longName)
            return name;
    }
    return {};
}

struct Table {
    NetperfResult result;
    QString banner;
    QString row;
    QJsonObject settings; // "gro" -> "off"
    QStringList stated;   // the lines that stated them
    QStringList warnings;
};

class Scanner {
  public:
    Scanner(const QStringList &lines, QString *error) : m_lines(lines), m_error(error) {
        for (QString &line : m_lines)
            line = ImportChecks::unquoted(line).simplified();
    }

    std::optional<QList<Table>> run() {
        qsizetype previousEnd = 0;
        for (qsizetype n = 0; n < m_lines.size(); ++n) {
            const bool rr = rrUnits.match(m_lines[n]).hasMatch();
            if (!rr && !streamUnits.match(m_lines[n]).hasMatch())
                continue;
            if (tooManyImportRows(m_tables.size() + 1, m_error))
                return std::nullopt;
            const auto end = table(n, rr, previousEnd);
            if (!end)
                return std::nullopt;
            previousEnd = *end;
            n = *end - 1;
        }
        // A banner no table followed: a truncated table or a layout this does not read.
        for (qsizetype n = 0; n < m_lines.size(); ++n) {
            const auto m = banner.match(m_lines[n]);
            if (m.hasMatch() && !m_banners.contains(n))
                return fail(n, m.captured(2) == QLatin1String("UNIDIRECTIONAL SEND")
                                   ? QStringLiteral("UDP_STREAM's two-row table is not read "
                                                    "(TCP_RR, UDP_RR and TCP_STREAM are)")
                                   : QStringLiteral("a netperf test with no result table "
                                                    "under it (truncated?)"));
        }
        return m_tables;
    }

  private:
    std::nullopt_t fail(qsizetype n, const QString &why) {
        if (m_error)
            *m_error = ImportChecks::atLine(n, m_lines[n], why);
        return std::nullopt;
    }

    // The table whose units line is n; the index after its last line.
    std::optional<qsizetype> table(qsizetype units, bool rr, qsizetype previousEnd) {
        const auto m = (rr ? rrUnits : streamUnits).match(m_lines[units]);
        const bool cpu = m.hasMatch() && !m.captured(rr ? 1 : 2).isEmpty();
        qsizetype n = units + 1;
        while (n < m_lines.size() && m_lines[n].isEmpty())
            ++n;
        if (n == m_lines.size())
            return fail(units, QStringLiteral("a netperf header with no result row under it"));
        const QStringList cells = m_lines[n].split(u' ');
        const qsizetype expected = (rr ? 6 : 5) + (cpu ? 4 : 0);
        if (cells.size() != expected)
            return fail(n, QStringLiteral("a %1 row holds %2 numbers, its header %3 columns")
                               .arg(rr ? "request/response" : "stream")
                               .arg(cells.size())
                               .arg(expected));
        Table t;
        t.row = m_lines[n];
        const QStringList sizes =
            rr ? QStringList{QStringLiteral("local_send_socket_bytes"),
                             QStringLiteral("local_recv_socket_bytes"),
                             QStringLiteral("request_bytes"), QStringLiteral("response_bytes")}
               : QStringList{QStringLiteral("remote_recv_socket_bytes"),
                             QStringLiteral("local_send_socket_bytes"),
                             QStringLiteral("message_bytes")};
        for (qsizetype i = 0; i < sizes.size(); ++i) {
            if (!size(n, cells[i], sizes[i], t.result.parameters))
                return std::nullopt;
        }
        qsizetype c = sizes.size();
        const QString elapsed = cells[c++];
        if (!decimal.match(elapsed).hasMatch() || !(elapsed.toDouble() > 0))
            return fail(n, QStringLiteral("elapsed: '%1' is no time above 0 s").arg(elapsed));
        t.result.parameters.insert(QStringLiteral("elapsed_s"), elapsed);
        const QString rateName =
            rr ? QStringLiteral("transactions/s") : QStringLiteral("throughput");
        const QString rateUnit = rr ? QStringLiteral("trans/s") : m.captured(1);
        if (!figure(n, cells[c++], rateName, rateUnit, false, t.result))
            return std::nullopt;
        if (cpu) {
            const QString demand = m.captured(rr ? 1 : 2);
            if (!figure(n, cells[c++], QStringLiteral("CPU local"), QStringLiteral("%"), true,
                        t.result) ||
                !figure(n, cells[c++], QStringLiteral("CPU remote"), QStringLiteral("%"), true,
                        t.result) ||
                !figure(n, cells[c++], QStringLiteral("S.dem local"), demand, true, t.result) ||
                !figure(n, cells[c++], QStringLiteral("S.dem remote"), demand, true, t.result))
                return std::nullopt;
        }
        qsizetype end = n + 1;
        // A request/response table's second row: the remote's socket sizes.
        if (rr && end < m_lines.size()) {
            const QStringList remote = m_lines[end].split(u' ');
            QString why;
            if (remote.size() == 2 && ImportChecks::count(remote[0], false, &why) &&
                ImportChecks::count(remote[1], false, &why)) {
                t.result.parameters.insert(QStringLiteral("remote_send_socket_bytes"), remote[0]);
                t.result.parameters.insert(QStringLiteral("remote_recv_socket_bytes"), remote[1]);
                ++end;
            }
        }
        // Where the table starts: its banner, else its column headers (the
        // lines right above its units, up to a blank or a stated setting).
        qsizetype start = units;
        while (start > previousEnd && !m_lines[start - 1].isEmpty() &&
               !ethtool.match(m_lines[start - 1]).hasMatch())
            --start;
        QString protocol;
        for (qsizetype b = units - 1; b >= previousEnd; --b) {
            const auto named = banner.match(m_lines[b]);
            if (!named.hasMatch())
                continue;
            const bool bannerRr = named.captured(2) == QLatin1String("REQUEST/RESPONSE");
            if (bannerRr != rr)
                return fail(b, QStringLiteral("the test named here is not the table's below it "
                                              "(line %1)")
                                   .arg(units + 1));
            protocol = named.captured(1);
            t.banner = m_lines[b];
            m_banners << b;
            start = b;
            break;
        }
        const QString kind =
            rr ? QStringLiteral("RR")
               : (t.banner.contains(QLatin1String(" MAERTS ")) ? QStringLiteral("MAERTS")
                                                               : QStringLiteral("STREAM"));
        t.result.test = protocol.isEmpty() ? kind : protocol + QLatin1Char('_') + kind;
        statedSettings(previousEnd, start, t);
        m_tables << t;
        return end;
    }

    // A size column: a whole number above 0.
    bool size(qsizetype n, const QString &text, const QString &name, QJsonObject &parameters) {
        QString why;
        if (!ImportChecks::count(text, false, &why)) {
            fail(n, QStringLiteral("%1: %2").arg(name, why));
            return false;
        }
        parameters.insert(name, text);
        return true;
    }

    // A figure column; measuredOnly: -1 stands for not measured, and a CPU
    // share is at most 100%.
    bool figure(qsizetype n, const QString &text, const QString &name, const QString &unit,
                bool measuredOnly, NetperfResult &result) {
        const double value = text.toDouble();
        QString why;
        if (!decimal.match(text).hasMatch())
            why = QStringLiteral("'%1' is not a number").arg(text);
        else if (value < 0 && !(measuredOnly && value == -1))
            why = QStringLiteral("%1 is negative (netperf prints -1 for not measured)").arg(text);
        else if (unit == QLatin1String("%") && value > 100)
            why = QStringLiteral("%1 is over 100%").arg(text);
        if (!why.isEmpty()) {
            fail(n, QStringLiteral("%1: %2").arg(name, why));
            return false;
        }
        result.figures << NetperfFigure{name, unit, text};
        return true;
    }

    // `ethtool -K DEV FEATURE on|off ...` between the previous table and this one.
    void statedSettings(qsizetype from, qsizetype to, Table &t) {
        for (qsizetype n = from; n < to; ++n) {
            const auto m = ethtool.match(m_lines[n]);
            if (!m.hasMatch())
                continue;
            const QStringList pairs = m.captured(2).trimmed().split(u' ');
            for (qsizetype i = 0; i + 1 < pairs.size(); i += 2) {
                const QString setting = settingOf(pairs[i]);
                if (setting.isEmpty())
                    t.warnings << ImportChecks::atLine(
                        n, m_lines[n],
                        QStringLiteral("%1 is not kept (gro, gso and tso are)").arg(pairs[i]));
                else
                    t.settings.insert(setting, pairs[i + 1]);
            }
            t.stated << m_lines[n];
        }
    }

    QStringList m_lines;
    QString *m_error;
    QList<Table> m_tables;
    QList<qsizetype> m_banners;
};

} // namespace

std::optional<QList<RunData>> NetperfImport::parse(const QString &text, const QString &label,
                                                   QString *error) {
    const auto tables = Scanner(PerfTableImport::lines(text), error).run();
    if (!tables)
        return std::nullopt;
    if (tables->isEmpty()) {
        if (error)
            *error = QStringLiteral("no netperf table found (expected a units line such as "
                                    "'bytes  bytes  bytes   bytes  secs.   per sec' and its "
                                    "result row)");
        return std::nullopt;
    }
    QList<RunData> runs;
    for (const Table &table : *tables) {
        RunData data;
        const QString sizes =
            table.result.parameters.contains(QStringLiteral("request_bytes"))
                ? QStringLiteral("%1,%2").arg(
                      table.result.parameters.value(QStringLiteral("request_bytes")).toString(),
                      table.result.parameters.value(QStringLiteral("response_bytes")).toString())
                : table.result.parameters.value(QStringLiteral("message_bytes")).toString();
        QStringList labels{label, table.result.test, sizes};
        for (auto it = table.settings.begin(); it != table.settings.end(); ++it)
            labels << it.key() + QLatin1Char('=') + it.value().toString();
        labels.removeAll(QString());
        data.run.label = labels.join(QLatin1Char(' '));
        data.run.name = QStringLiteral("imported netperf table %1").arg(runs.size() + 1);
        data.run.source = QStringLiteral("import:netperf");
        data.run.status = RunStatus::Completed;
        ImportChecks::asPosted(data.run.spec);
        data.run.spec.fixed = table.settings;
        data.run.spec.importWarnings = table.warnings;
        QStringList note{table.banner};
        if (!table.stated.isEmpty())
            note << QStringLiteral("stated before it: ") + table.stated.join(QStringLiteral("; "));
        note.removeAll(QString());
        StepResult step;
        step.status = RunStatus::Completed;
        step.recorded = {{QStringLiteral("netperf"), table.result.toJson()},
                         {QStringLiteral("note"), note.join(QStringLiteral("; "))},
                         {QStringLiteral("line"), table.row}};
        data.appendResult(step);
        runs << data;
    }
    return runs;
}

qsizetype NetperfImport::count(const QString &text) {
    return Scanner(PerfTableImport::lines(text), nullptr).run().value_or(QList<Table>{}).size();
}

} // namespace burstlab
