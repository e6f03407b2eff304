// netperf's classic tables as imported runs: seed 004's six TCP_RR tables
// with the mail's transactions/s, CPU % and service demand, -1 kept as not
// measured, the stated `gro off` as the next run's setting and nothing
// assumed elsewhere, the 14K pair compared with its change and verdict and
// no pps made up, in the CSV and Markdown exports as in JSON; the three
// sizes compared in pairs; TCP_STREAM and UDP_RR; bad tables
// refused naming the field; hostile text shown escaped; the read bounded; and the CLI's import,
// show and compare on a store.
#include "CliRun.h"
#include "CsvRows.h"
#include "PostText.h"
#include "compare/Comparison.h"
#include "exchange/ImportFormat.h"
#include "exchange/ImportLimits.h"
#include "exchange/NetdevExport.h"
#include "exchange/NetperfImport.h"
#include "exchange/NetperfText.h"
#include "exchange/TableExport.h"
#include "stats/NetperfFigures.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

QString dataFile(const char *name) {
    return QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/") + QLatin1String(name);
}

QList<RunData> seed004() {
    QString error;
    const auto runs =
        importFile(QStringLiteral("netperf"), dataFile("netperf_seed004.txt"), {}, &error);
    if (!runs)
        qWarning("%s", qPrintable(error));
    return runs.value_or(QList<RunData>{});
}

NetperfResult resultOf(const RunData &run) {
    return NetperfResult::of(run.steps.value(0).result).value_or(NetperfResult{});
}

QString errorOf(const QString &text) {
    QString error;
    return NetperfImport::parse(text, {}, &error) ? QStringLiteral("(accepted)") : error;
}

// The line of text whose words start with `start`, blanks made single.
QString lineStarting(const QString &text, const QString &start) {
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.simplified().startsWith(start))
            return line.simplified();
    }
    return {};
}

const QString rrHeader =
    QStringLiteral("MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET\n"
                   "Local /Remote\n"
                   "Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem\n"
                   "Send   Recv   Size    Size   Time    Rate     local  remote local   remote\n"
                   "bytes  bytes  bytes   bytes  secs.   per sec  % S    % U    us/Tr   us/Tr\n"
                   "\n");

QString rrTable(const QString &row) {
    return rrHeader + row + QStringLiteral("\n16384  87380\n");
}

} // namespace

class TestNetperfImport : public QObject {
    Q_OBJECT

  private slots:
    void seed004Imports() {
        const QList<RunData> runs = seed004();
        QCOMPARE(runs.size(), 6);
        // response size, transactions/s, CPU local %, S.dem local us/Tr, as the mail prints them.
        const QList<QStringList> mail{
            {"14336", "8118.31", "1.57", "46.410"}, {"14336", "5837.35", "2.20", "90.628"},
            {"28672", "6732.32", "1.79", "63.819"}, {"28672", "3780.47", "2.32", "147.280"},
            {"7168", "10535.01", "1.52", "34.664"}, {"7168", "8225.17", "1.80", "52.661"}};
        for (qsizetype i = 0; i < runs.size(); ++i) {
            const RunData &run = runs[i];
            QVERIFY(run.run.isImported());
            QCOMPARE(run.run.source, QStringLiteral("import:netperf"));
            QVERIFY(run.run.status == RunStatus::Completed);
            QCOMPARE(run.steps.size(), 1);
            const StepResult &step = run.steps.first().result;
            // No pps, which is not a pps of 0: a transaction is not a packet.
            QVERIFY(!step.statesRate());
            const NetperfResult r = resultOf(run);
            QCOMPARE(r.test, QStringLiteral("TCP_RR"));
            QCOMPARE(r.parameters.value("request_bytes").toString(), QStringLiteral("128"));
            QCOMPARE(r.parameters.value("response_bytes").toString(), mail[i][0]);
            QCOMPARE(r.parameters.value("local_send_socket_bytes").toString(),
                     QStringLiteral("16384"));
            QCOMPARE(r.parameters.value("remote_recv_socket_bytes").toString(),
                     QStringLiteral("87380"));
            QCOMPARE(r.parameters.value("elapsed_s").toString(), QStringLiteral("10.00"));
            QCOMPARE(r.figures.size(), 5);
            QCOMPARE(r.figures[0].name, QStringLiteral("transactions/s"));
            QCOMPARE(r.figures[0].unit, QStringLiteral("trans/s"));
            QCOMPARE(r.figures[0].printed, mail[i][1]);
            QCOMPARE(*r.figures[0].value(), mail[i][1].toDouble());
            QCOMPARE(r.figures[1].name, QStringLiteral("CPU local"));
            QCOMPARE(r.figures[1].printed, mail[i][2]);
            QCOMPARE(r.figures[3].name, QStringLiteral("S.dem local"));
            QCOMPARE(r.figures[3].unit, QStringLiteral("us/Tr"));
            QCOMPARE(r.figures[3].printed, mail[i][3]);
            // The remote side was not measured (no -C): -1 is no number.
            QCOMPARE(r.figures[2].printed, QStringLiteral("-1.00"));
            QVERIFY(!r.figures[2].value());
            QCOMPARE(r.figures[4].printed, QStringLiteral("-1.000"));
            QVERIFY(!r.figures[4].value());
        }
        // The stored form reads back the same.
        QString error;
        const auto back = NetperfResult::fromJson(resultOf(runs[1]).toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->figures[3].printed, QStringLiteral("90.628"));
    }

    void statedSettingsOnlyWhereStated() {
        const QList<RunData> runs = seed004();
        QCOMPARE(runs.size(), 6);
        // `sudo ethtool -K hed0 gro off` precedes the second table of each pair.
        const QJsonObject groOff{{"gro", "off"}};
        for (qsizetype i = 0; i < runs.size(); ++i)
            QCOMPARE(runs[i].run.spec.fixed, i % 2 == 1 ? groOff : QJsonObject{});
        QCOMPARE(runs[0].run.label, QStringLiteral("TCP_RR 128,14336"));
        QCOMPARE(runs[1].run.label, QStringLiteral("TCP_RR 128,14336 gro=off"));
        QVERIFY(runs[1].steps.first().result.recorded.value("note").toString().contains(
            QStringLiteral("stated before it: ")));
        // Not carried over: the third table follows no stated setting.
        QCOMPARE(runs[2].run.label, QStringLiteral("TCP_RR 128,28672"));
        // ethtool's long names, and a feature burstlab does not keep said, not dropped silently.
        const auto two = NetperfImport::parse(
            QStringLiteral("# ethtool -K eth0 generic-receive-offload off tso on lro off\n") +
                rrTable(QStringLiteral("16384 87380 1 1 10.00 30000.00 5.00 -1.00 3.333 -1.000")),
            QStringLiteral("lab"), nullptr);
        QVERIFY(two);
        QCOMPARE(two->first().run.spec.fixed, (QJsonObject{{"gro", "off"}, {"tso", "on"}}));
        QCOMPARE(two->first().run.label, QStringLiteral("lab TCP_RR 1,1 gro=off tso=on"));
        QCOMPARE(two->first().run.spec.importWarnings.size(), 1);
        QVERIFY(two->first().run.spec.importWarnings.first().contains(
            QStringLiteral("lro is not kept")));
    }

    void seed004ComparesInPairs() {
        const QList<RunData> runs = seed004();
        QCOMPARE(runs.size(), 6);
        const QString text = NetdevExport::pairs(Comparison::ofPairs(runs));
        QVERIFY2(fitsPost(text), qPrintable(text));
        // The mail's three sizes, each without gro against with it.
        for (const char *line : {"trans/s 8118.31 -> 5837.35 (-2280.96, -28.1%): insufficient",
                                 "trans/s 6732.32 -> 3780.47 (-2951.85, -43.8%): insufficient",
                                 "trans/s 10535.01 -> 8225.17 (-2309.84, -21.9%): insufficient"})
            QVERIFY2(text.contains(QLatin1String(line)), qPrintable(text));
        QCOMPARE(text.count(QStringLiteral("Comparison of 2 runs against the baseline")), 3);
        // Within a pair the sizes agree: no parameter difference to mind.
        QVERIFY2(!text.contains(QStringLiteral("response_bytes:")), qPrintable(text));
    }

    void seed004ComparesWithAndWithoutGro() {
        const QList<RunData> runs = seed004();
        QCOMPARE(runs.size(), 6);
        const QList<NetperfChange> changes =
            NetperfChange::between(resultOf(runs[0]), resultOf(runs[1]));
        QCOMPARE(changes.size(), 5);
        // The change is this - baseline from the printed figures: a reader redoes it.
        QCOMPARE(changes[0].changeText(), QStringLiteral("-2280.96"));
        QCOMPARE(changes[0].percentText(), QStringLiteral("-28.1%"));
        QCOMPARE(changes[3].changeText(), QStringLiteral("+44.218"));
        QVERIFY(changes[0].verdict == Verdict::Insufficient);
        QVERIFY(!changes[2].change);
        QVERIFY(!changes[4].change);

        const Comparison c = Comparison::of({runs[0], runs[1]});
        const QString text = NetdevExport::comparison(c);
        QVERIFY2(fitsPost(text), qPrintable(text));
        QCOMPARE(lineStarting(text, QStringLiteral("trans/s")),
                 QStringLiteral("trans/s 8118.31 5837.35 -2280.96 -28.1% insufficient"));
        QCOMPARE(lineStarting(text, QStringLiteral("S.dem local")),
                 QStringLiteral("S.dem local us/Tr 46.410 90.628 +44.218 +95.3% insufficient"));
        QCOMPARE(lineStarting(text, QStringLiteral("CPU remote")),
                 QStringLiteral("CPU remote % - - - not measured"));
        QVERIFY2(text.contains(QStringLiteral("gro: not recorded in")), qPrintable(text));
        // Why there is no pps, said once for the runs, not once per run.
        QCOMPARE(text.simplified().count(PointStats::kNetperfOnly), 1);
        QVERIFY2(
            text.simplified().contains(QStringLiteral("Every run: ") + PointStats::kNetperfOnly),
            qPrintable(text));
        // Transactions are never printed as packets.
        QVERIFY2(!text.contains(QStringLiteral("8118 pps")) &&
                     !text.contains(QStringLiteral("-1.0")),
                 qPrintable(text));
        // A pair at other sizes says where its parameters differ.
        const QString other = NetdevExport::comparison(Comparison::of({runs[0], runs[2]}));
        QVERIFY2(other.contains(QStringLiteral("response_bytes: 14336 in [1], 28672 in [2]")),
                 qPrintable(other));
        // JSON carries the same figures and change.
        const QJsonObject json = QJsonDocument::fromJson(TableExport::json(c).toUtf8()).object();
        const QJsonObject second = json.value("points").toArray().at(1).toObject();
        const QJsonObject rate = second.value("netperf_vs_baseline").toArray().at(0).toObject();
        QCOMPARE(rate.value("reference").toString(), QStringLiteral("8118.31"));
        QCOMPARE(rate.value("current").toString(), QStringLiteral("5837.35"));
        QCOMPARE(rate.value("change").toString(), QStringLiteral("-2280.96"));
        QCOMPARE(rate.value("verdict").toString(), QStringLiteral("insufficient"));
        QVERIFY(second.value("pps").isNull());
    }

    void seed004TablesCarryTheJsonsFigures() {
        const QList<RunData> runs = seed004();
        QCOMPARE(runs.size(), 6);
        const Comparison c = Comparison::of({runs[0], runs[1]});
        const QJsonArray points = QJsonDocument::fromJson(TableExport::json(c).toUtf8())
                                      .object()
                                      .value("points")
                                      .toArray();
        QCOMPARE(points.size(), 2);
        const auto csv = csvRows(TableExport::csv(c));
        QCOMPARE(csv.size(), 2);
        // A list is text: one starting with '-' gets a spreadsheet's text mark.
        const auto list = [](QString cell) {
            if (cell.startsWith(QLatin1Char('\'')))
                cell.remove(0, 1);
            return cell.split(QLatin1Char(';'));
        };
        for (qsizetype r = 0; r < 2; ++r) {
            const QJsonObject json = points[r].toObject();
            QStringList printed;
            for (const QJsonValue &f : json.value("netperf").toObject().value("figures").toArray())
                printed << (f.toObject().value("value").isNull()
                                ? QString()
                                : f.toObject().value("printed").toString());
            QCOMPARE(list(csv[r].value("netperf_value")), printed);
            QCOMPARE(csv[r].value("netperf_test"), QStringLiteral("TCP_RR"));
        }
        QCOMPARE(list(csv[0].value("netperf_value")),
                 (QStringList{"8118.31", "1.57", "", "46.410", ""}));
        QCOMPARE(list(csv[1].value("netperf_value")),
                 (QStringList{"5837.35", "2.20", "", "90.628", ""}));
        QCOMPARE(list(csv[1].value("netperf_delta_name")),
                 (QStringList{"transactions/s", "CPU local", "CPU remote", "S.dem local",
                              "S.dem remote"}));
        // The changes and verdicts are the JSON's, not measured left empty.
        const QJsonArray changes = points[1].toObject().value("netperf_vs_baseline").toArray();
        for (const char *field : {"reference", "current", "change", "verdict"}) {
            QStringList fromJson;
            for (const QJsonValue &change : changes)
                fromJson << change.toObject().value(QLatin1String(field)).toString();
            QCOMPARE(list(csv[1].value(QStringLiteral("netperf_delta_") + QLatin1String(field))),
                     fromJson);
        }
        QCOMPARE(list(csv[1].value("netperf_delta_change")),
                 (QStringList{"-2280.96", "+0.63", "", "+44.218", ""}));
        QCOMPARE(list(csv[1].value("netperf_delta_verdict")),
                 (QStringList{"insufficient", "insufficient", "", "insufficient", ""}));
        QVERIFY(csv[0].value("netperf_delta_change").isEmpty());

        // Markdown: the text's rows, "-" and "not measured" where it says so.
        const QString markdown = TableExport::markdown(c);
        const auto row = [&](const QString &figure) {
            for (const QString &line : markdown.split(QLatin1Char('\n'))) {
                const QStringList cells = line.split(QStringLiteral(" | "));
                if (cells.size() == 8 && cells[2] == figure)
                    return cells.mid(3);
            }
            return QStringList();
        };
        QCOMPARE(row(QStringLiteral("trans/s")),
                 (QStringList{"8118.31", "5837.35", "-2280.96", "-28.1%", "insufficient |"}));
        QCOMPARE(row(QStringLiteral("S.dem local us/Tr")),
                 (QStringList{"46.410", "90.628", "+44.218", "+95.3%", "insufficient |"}));
        QCOMPARE(row(QStringLiteral("CPU remote %")),
                 (QStringList{"-", "-", "-", "", "not measured |"}));
        QVERIFY2(markdown.contains(QStringLiteral("| S.dem local us/Tr | 46.410 |")),
                 qPrintable(markdown));
        QVERIFY2(markdown.contains(QStringLiteral("| S.dem local us/Tr | 90.628 |")),
                 qPrintable(markdown));
        QVERIFY2(markdown.contains(NetperfText::verdictRule()), qPrintable(markdown));
        QVERIFY2(!markdown.contains(QStringLiteral("-1.0")), qPrintable(markdown));
    }

    void streamAndUdpLayouts() {
        const auto stream = NetperfImport::parse(
            QStringLiteral(
                "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to lo\n"
                "Recv   Send    Send                          Utilization       Service Demand\n"
                "Socket Socket  Message  Elapsed              Send     Recv     Send    Recv\n"
                "Size   Size    Size     Time     Throughput  local    remote   local   remote\n"
                "bytes  bytes   bytes    secs.    10^6bits/s  % S      % S      us/KB   us/KB\n"
                "\n"
                " 87380  16384  16384    10.00      9413.04   -1.00    25.00    -1.000   0.870\n"),
            {}, nullptr);
        QVERIFY(stream);
        const NetperfResult s = resultOf(stream->first());
        QCOMPARE(s.test, QStringLiteral("TCP_STREAM"));
        QCOMPARE(s.figures[0].name, QStringLiteral("throughput"));
        QCOMPARE(s.figures[0].unit, QStringLiteral("10^6bits/s"));
        QCOMPARE(s.figures[0].printed, QStringLiteral("9413.04"));
        QVERIFY(!s.figures[1].value()); // local CPU: -1, not measured
        QCOMPARE(*s.figures[2].value(), 25.0);
        QCOMPARE(s.figures[4].unit, QStringLiteral("us/KB"));
        QCOMPARE(s.parameters.value("message_bytes").toString(), QStringLiteral("16384"));
        // Without -c/-C there are no CPU columns, so no CPU figures at all.
        const auto plain =
            NetperfImport::parse(QStringLiteral("bytes  bytes   bytes    secs.    10^6bits/sec\n\n"
                                                " 87380  16384  16384    10.00    9413.04\n"),
                                 {}, nullptr);
        QVERIFY(plain);
        QCOMPARE(resultOf(plain->first()).figures.size(), 1);
        QCOMPARE(resultOf(plain->first()).test, QStringLiteral("STREAM"));
        // UDP_RR prints TCP_RR's table.
        QString udp = rrTable(QStringLiteral("65536 65536 1 1 10.00 41234.56 -1.00 -1.00 -1.000 "
                                             "-1.000"));
        udp.replace(QStringLiteral("TCP REQUEST"), QStringLiteral("UDP REQUEST"));
        const auto rr = NetperfImport::parse(udp, {}, nullptr);
        QVERIFY(rr);
        QCOMPARE(resultOf(rr->first()).test, QStringLiteral("UDP_RR"));
    }

    void badTablesNameTheField() {
        const auto bad = [](const QString &row) { return errorOf(rrTable(row)); };
        QCOMPARE(bad(QStringLiteral("16384 87380 128 14336 10.00 8118.31 150.00 -1.00 46.410 "
                                    "-1.000")),
                 QStringLiteral("line 7: '16384 87380 128 14336 10.00 8118.31 150.00 -1.00 "
                                "46.410 -1.000': CPU local: 150.00 is over 100%"));
        QVERIFY(bad(QStringLiteral("16384 87380 128 14336 10.00 8118.31 1.57 -1.00 -2.000 -1.000"))
                    .endsWith(QStringLiteral(
                        "S.dem local: -2.000 is negative (netperf prints -1 for not measured)")));
        // -1 is "not measured" for CPU and service demand only, never a rate.
        QVERIFY(bad(QStringLiteral("16384 87380 128 14336 10.00 -1.00 1.57 -1.00 46.410 -1.000"))
                    .endsWith(QStringLiteral("transactions/s: -1.00 is negative (netperf "
                                             "prints -1 for not measured)")));
        QVERIFY(bad(QStringLiteral("16384 87380 128 14336 10.00 8118.31 1.57 -1.00"))
                    .endsWith(QStringLiteral("a request/response row holds 8 numbers, its header "
                                             "10 columns")));
        QVERIFY(bad(QStringLiteral("16384 87380 0 14336 10.00 8118.31 1.57 -1.00 46.410 -1.000"))
                    .contains(QStringLiteral("request_bytes: ")));
        QVERIFY(bad(QStringLiteral("16384 87380 128 14336 0.00 8118.31 1.57 -1.00 46.410 -1.000"))
                    .endsWith(QStringLiteral("elapsed: '0.00' is no time above 0 s")));
        QVERIFY(bad(QStringLiteral("16384 87380 128 14336 10.00 lots 1.57 -1.00 46.410 -1.000"))
                    .endsWith(QStringLiteral("transactions/s: 'lots' is not a number")));
        // A banner whose table was cut off, and UDP_STREAM's other layout.
        QVERIFY(errorOf(rrHeader.left(rrHeader.indexOf(QLatin1String("Local"))))
                    .endsWith(QStringLiteral("a netperf test with no result table under it "
                                             "(truncated?)")));
        QVERIFY(errorOf(QStringLiteral("MIGRATED UDP UNIDIRECTIONAL SEND TEST from 0.0.0.0\n"))
                    .contains(QStringLiteral("UDP_STREAM's two-row table is not read")));
        QVERIFY(errorOf(QStringLiteral("hello\n")).startsWith(QStringLiteral("no netperf table")));
    }

    void hostileTextShownEscaped() {
        QString text = rrTable(QStringLiteral("16384 87380 1 1 10.00 30000.00 5.00 -1.00 3.333 "
                                              "-1.000"));
        text.replace(QStringLiteral("port 0 AF_INET"),
                     QStringLiteral("port 0 \x1b]0;owned\x07\x1b[2J\u202e AF_INET"));
        const auto runs = NetperfImport::parse(text, QStringLiteral("a\x1b[31mb"), nullptr);
        QVERIFY(runs);
        QList<RunData> pair{runs->first(), runs->first()};
        pair[1].run.id = 2;
        pair[0].run.id = 1;
        const QString post = NetdevExport::comparison(Comparison::of(pair));
        const QString show = NetdevExport::run(runs->first());
        const QString csv = TableExport::csv(Comparison::of(pair));
        const QString markdown = TableExport::markdown(Comparison::of(pair));
        QVERIFY2(csv.contains(QStringLiteral("netperf_delta_change")), qPrintable(csv));
        for (const QString &out : {post, show, csv, markdown}) {
            QVERIFY2(!out.contains(QChar(0x1b)) && !out.contains(QChar(0x07)) &&
                         !out.contains(QChar(0x202e)),
                     qPrintable(out));
            QVERIFY2(out.contains(QStringLiteral("\\x1b]0;owned")), qPrintable(out));
        }
    }

    // A stored object edited since its import (a figure no longer a
    // number) is left out of every output and said so where the run's notes
    // are; a run's note on its one unnamed point reads as the run's own.
    void editedFiguresAreMarkedNotDropped() {
        RunData run = seed004().value(0);
        QJsonObject netperf =
            run.steps[0].result.recorded.value(QStringLiteral("netperf")).toObject();
        QJsonArray figures = netperf.value(QStringLiteral("figures")).toArray();
        QJsonObject first = figures[0].toObject();
        first[QStringLiteral("printed")] = QStringLiteral("nan");
        figures[0] = first;
        netperf[QStringLiteral("figures")] = figures;
        run.steps[0].result.recorded[QStringLiteral("netperf")] = netperf;
        QVERIFY(!NetperfResult::of(run.steps[0].result));
        const QString post = NetdevExport::run(run);
        const QString words = post.simplified();
        QVERIFY2(words.contains(QStringLiteral("Notes: - no pps: the source states netperf's "
                                               "figures (transactions or throughput, not "
                                               "packets) - netperf figures unreadable, left "
                                               "out: netperf.figures[0].printed: 'nan' is not a "
                                               "number - the source notes: MIGRATED")),
                 qPrintable(post));
        QVERIFY2(!post.contains(QStringLiteral("trans/s")), qPrintable(post));
    }

    void readIsBounded() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile big(dir.filePath(QStringLiteral("big.txt")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(maxImportBytes + 1));
        big.close();
        QString error;
        QVERIFY(!importFile(QStringLiteral("netperf"), big.fileName(), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("over the import limit")), qPrintable(error));
        // Tables count towards the row limit as they are found.
        const QString table =
            QStringLiteral("bytes bytes bytes bytes secs. per sec\n\n1 1 1 1 1.00 1.00\n");
        QString many;
        for (qsizetype i = 0; i <= maxImportRows; ++i)
            many += table;
        QCOMPARE(errorOf(many), QStringLiteral("more than 10000 result rows (the import limit)"));
    }

    void netdevImportPointsToNetperf() {
        QString error;
        QVERIFY(!importFile(QStringLiteral("netdev"), dataFile("netperf_seed004.txt"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral(
                     "it holds 6 netperf tables: import them with --format netperf")),
                 qPrintable(error));
    }

    void cliImportsShowsAndCompares() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("runs.db"));
        const CliResult imported =
            CliRun::run(db,
                        {QStringLiteral("import"), QStringLiteral("--format"),
                         QStringLiteral("netperf"), dataFile("netperf_seed004.txt")},
                        60000);
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        QCOMPARE(imported.out.count(QStringLiteral("imported run")), 6);
        // The runs list has no best pps for them, which is not a best pps of 0.
        QString listError;
        const QList<QVariantMap> listed = CliRun::runs(db, &listError);
        QCOMPARE(listed.size(), 6);
        for (const QVariantMap &run : listed)
            QVERIFY2(run.value(QStringLiteral("best_pps")).isNull(),
                     qPrintable(run.value(QStringLiteral("best_pps")).toString()));
        const CliResult compare = CliRun::run(
            db, {QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("2")}, 60000);
        QVERIFY2(compare.code == 0, qPrintable(compare.err));
        QCOMPARE(lineStarting(compare.out, QStringLiteral("trans/s")),
                 QStringLiteral("trans/s 8118.31 5837.35 -2280.96 -28.1% insufficient"));
        QVERIFY2(compare.out.contains(QStringLiteral("gro: not recorded in #1, off in #2")),
                 qPrintable(compare.out));
        // Each size with and without gro, as the mail pairs them.
        const QStringList six{"1", "2", "3", "4", "5", "6"};
        const CliResult pairs = CliRun::run(db, QStringList{"compare", "--pairs"} + six, 60000);
        QVERIFY2(pairs.code == 0, qPrintable(pairs.err));
        QVERIFY2(pairs.out.contains(QStringLiteral(
                     " pair 2: #4 TCP_RR 128,28672 gro=off vs #3 TCP_RR 128,28672\n"
                     "   trans/s 6732.32 -> 3780.47 (-2951.85, -43.8%): insufficient")),
                 qPrintable(pairs.out));
        QVERIFY2(pairs.out.contains(QStringLiteral("gro: not recorded in #5, off in #6")),
                 qPrintable(pairs.out));
        const CliResult json =
            CliRun::run(db, QStringList{"compare", "--pairs", "--json"} + six, 60000);
        QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8())["pairs"].toArray().size(), 3);
        const CliResult odd = CliRun::run(db, {"compare", "--pairs", "1", "2", "3"}, 60000);
        QCOMPARE(odd.code, 2);
        QVERIFY2(odd.err.contains(QStringLiteral("RUN_ID: --pairs takes the runs two at a time")),
                 qPrintable(odd.err));
        const CliResult show =
            CliRun::run(db, {QStringLiteral("show"), QStringLiteral("2")}, 60000);
        QVERIFY2(show.code == 0, qPrintable(show.err));
        QCOMPARE(lineStarting(show.out, QStringLiteral("S.dem local")),
                 QStringLiteral("S.dem local us/Tr 90.628"));
        QCOMPARE(lineStarting(show.out, QStringLiteral("CPU remote")),
                 QStringLiteral("CPU remote % - not measured"));
    }
};

QTEST_GUILESS_MAIN(TestNetperfImport)
#include "tst_netperf_import.moc"
