// burstlab-cli end to end: a sweep on net_null into a temporary store, the
// listing, export and comparison of its runs, an import, usage errors that
// name the field and exit 2, an engine failure exiting 3, and SIGINT during
// a sweep leaving an interrupted run and exit 130, and the run list of a
// store with more runs than it shows by default.
#include "StoreFixtures.h"
#include "engine/EngineHello.h"
#include "exchange/ImportLimits.h"
#include "store/RunStore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <utility>

#include <csignal>

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

struct Result {
    int code = -1;
    QString out;
    QString err;
};

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

    Result cli(const QStringList &args, int timeoutMs = 30000) {
        QProcess p;
        p.start(kCli, QStringList{QStringLiteral("--db"), m_db} + args);
        Result r;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    QJsonArray runs() {
        const Result r = cli({QStringLiteral("runs"), QStringLiteral("--json")});
        if (r.code != 0)
            return {};
        return QJsonDocument::fromJson(r.out.toUtf8()).array();
    }

    QString sweep(const QString &label) {
        const Result r =
            cli({QStringLiteral("sweep"), QStringLiteral("--vdev"), QStringLiteral("net_null0"),
                 QStringLiteral("--sweep"), QStringLiteral("burst=1,32"), QStringLiteral("--reps"),
                 QStringLiteral("2"), QStringLiteral("--duration-ms"), QStringLiteral("100"),
                 QStringLiteral("--label"), label});
        if (r.code != 0)
            qWarning("%s", qPrintable(r.err));
        return r.code == 0 ? r.out : QString();
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("cli.sqlite"));
    }

    void sweepStoresTheRunAndPrintsTheNetdevTable() {
        const QString table = sweep(QStringLiteral("baseline"));
        QVERIFY2(table.contains(QStringLiteral(" burst=1 ")), qPrintable(table));
        QVERIFY2(
            table.contains(QRegularExpression(QStringLiteral(R"(burst=32\s+tx:\s*\d+ pps \()"))),
            qPrintable(table));
        QVERIFY(table.contains(QStringLiteral("burst=(1 vs 32)")));
        for (const QString &line : table.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 72 && !line.contains(QLatin1Char('\t')), qPrintable(line));

        const QJsonArray list = runs();
        QCOMPARE(list.size(), 1);
        const QJsonObject run = list[0].toObject();
        QCOMPARE(run[QStringLiteral("status")].toString(), QStringLiteral("completed"));
        QCOMPARE(run[QStringLiteral("label")].toString(), QStringLiteral("baseline"));
        QCOMPARE(run[QStringLiteral("steps")].toInt(), 4);
        QVERIFY(run[QStringLiteral("best_pps")].toDouble() > 0);

        // No --warmup-ms: a fifth of the 100 ms steps is warm-up.
        const Result shown =
            cli({QStringLiteral("show"), QString::number(run[QStringLiteral("id")].toInteger()),
                 QStringLiteral("--json")});
        const QJsonObject stored = QJsonDocument::fromJson(shown.out.toUtf8())
                                       .object()[QStringLiteral("runs")][0][QStringLiteral("run")]
                                       .toObject();
        QCOMPARE(stored[QStringLiteral("sweep")][QStringLiteral("warmup_ms")].toInt(), 20);
    }

    void exportsShowsAndCompares() {
        QVERIFY(!sweep(QStringLiteral("patch1")).isEmpty());
        const QJsonArray list = runs();
        QCOMPARE(list.size(), 2);
        const QString a = QString::number(list[0].toObject()[QStringLiteral("id")].toInteger());
        const QString b = QString::number(list[1].toObject()[QStringLiteral("id")].toInteger());

        const Result netdev = cli(
            {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("netdev"), a});
        QCOMPARE(netdev.code, 0);
        QVERIFY(netdev.out.contains(QStringLiteral("burst=32")));
        const QString file = m_dir.filePath(QStringLiteral("runs.csv"));
        QCOMPARE(cli({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("csv"),
                      a, b, QStringLiteral("-o"), file})
                     .code,
                 0);
        QVERIFY(QFileInfo(file).size() > 0);
        const Result show = cli({QStringLiteral("show"), a});
        QCOMPARE(show.code, 0);
        QVERIFY2(show.out.contains(QStringLiteral("NS/PKT")) &&
                     show.out.contains(QStringLiteral("L1 MBIT/S")),
                 qPrintable(show.out));
        QVERIFY(show.out.contains(QStringLiteral("line rate not checked: net_null0 (net_null) has "
                                                 "no wire")));
        QVERIFY(show.out.contains(QStringLiteral("burst=32")));
        const Result json = cli({QStringLiteral("show"), a, QStringLiteral("--json")});
        QVERIFY(QJsonDocument::fromJson(json.out.toUtf8()).isObject());
        const Result compare =
            cli({QStringLiteral("compare"), a, b, QStringLiteral("--baseline"), b});
        QCOMPARE(compare.code, 0);
        QVERIFY(!compare.out.isEmpty());
        // Every form ends its last line, so a shell prompt starts on its own.
        QVERIFY2(compare.out.endsWith(QLatin1Char('\n')), qPrintable(compare.out.right(80)));
        for (const QString &form : {QStringLiteral("--json"), QStringLiteral("--no-chart")}) {
            const Result other = cli({QStringLiteral("compare"), a, b, form});
            QCOMPARE(other.code, 0);
            QVERIFY2(other.out.endsWith(QLatin1Char('\n')), qPrintable(form));
        }
        QCOMPARE(cli({QStringLiteral("show"), QStringLiteral("999")}).code, 1);
    }

    void importsANetdevTable() {
        const QString file = m_dir.filePath(QStringLiteral("table.txt"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Performance\n skb_burst=0  tx:5614370 pps\n skb_burst=1  tx:5571279 pps ( -1.38 "
                "ns (worse))\n skb_burst=2  tx:6942821 pps ( 35.46 ns)\n");
        f.close();
        const qsizetype before = runs().size();
        const Result r =
            cli({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("netdev"),
                 file, QStringLiteral("--label"), QStringLiteral("seed")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(runs().size(), before + 1);
    }

    void usageErrorsNameTheFieldAndExit2_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("engine limit")
            << QStringList{"sweep", "--sweep", "burst=0..4", "--duration-ms", "50"}
            << "--sweep burst=0..4: burst must be in 1..512, got 0";
        QTest::newRow("unknown parameter")
            << QStringList{"sweep", "--sweep", "bogus=1..4"}
            << "--sweep bogus=1..4: bogus is not a parameter a sweep can vary (one of burst, ";
        QTest::newRow("unknown fixed")
            << QStringList{"sweep",    "--sweep",       "burst=1", "--set",
                           "colour=3", "--duration-ms", "50"}
            << "--set colour=3: colour is not a step parameter";
        QTest::newRow("bad range")
            << QStringList{"sweep", "--sweep", "burst=1..x"} << "--sweep burst=1..x: burst";
        QTest::newRow("reps") << QStringList{"sweep", "--sweep", "burst=1", "--reps", "0"}
                              << "--reps 0";
        QTest::newRow("warm-up")
            << QStringList{"sweep", "--sweep",     "burst=1", "--duration-ms",
                           "50",    "--warmup-ms", "50"}
            << "--warmup-ms 50: the warm-up (50 ms) must be at least 0 ms and shorter than the "
               "step (50 ms)";
        QTest::newRow("duration past an int")
            << QStringList{"sweep", "--sweep", "burst=1", "--duration-ms", "99999999999"}
            << "--duration-ms must be in 1..86400000, got 99999999999";
        // Options only the engine can judge: it refuses them (its exit code
        // 2), and so does the CLI, with the engine's words.
        QTest::newRow("vdev the engine refuses")
            << QStringList{"sweep", "--vdev", "net_nosuch0", "--sweep", "burst=1"}
            << "the device must be named after one of net_null";
        QTest::newRow("pcap path the engine refuses")
            << QStringList{"sweep", "--vdev", "net_pcap0,tx_pcap=/tmp/burstlab-no-such-dir/x.pcap",
                           "--sweep", "burst=1"}
            << "is in a directory that does not exist";
        QTest::newRow("vlan") << QStringList{"sweep", "--sweep", "burst=1", "--set", "vlan=4095"}
                              << "--set vlan=4095: vlan must be in 0..4094, got 4095";
        QTest::newRow("tag on the default size")
            << QStringList{"sweep", "--sweep", "burst=1", "--set", "vlan=100"}
            << "--set pkt_size (not given): pkt_size must be at least 64 with a VLAN tag";
        QTest::newRow("launch") << QStringList{"sweep", "--sweep", "burst=1", "--launch", "rsh"}
                                << "--launch rsh";
        QTest::newRow("three axes") << QStringList{"sweep",   "--sweep", "burst=1",    "--sweep",
                                                   "clone=0", "--sweep", "pkt_size=60"}
                                    << "--sweep: a sweep varies one or two parameters, got 3";
        QTest::newRow("link speed")
            << QStringList{"sweep", "--sweep", "burst=1", "--link-speed", "10X"}
            << "--link-speed: '10X' is not a link speed: expected e.g. 10G, 25000M or 100G";
        QTest::newRow("import link speed")
            << QStringList{"import", "--format", "netdev", "x.txt", "--link-speed", "0"}
            << "--link-speed: '0' is not a link speed";
        QTest::newRow("export format")
            << QStringList{"export", "--format", "xml", "1"} << "--format xml";
        QTest::newRow("command") << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
        QTest::newRow("run id") << QStringList{"show", "abc"} << "RUN_ID 'abc'";
        QTest::newRow("limit") << QStringList{"runs", "--limit", "0"}
                               << "--limit 0: must be an integer in 1..2147483647";
        QTest::newRow("limit and all") << QStringList{"runs", "--limit", "3", "--all"}
                                       << "--all and --limit exclude each other";
        QTest::newRow("run status")
            << QStringList{"runs", "--status", "invalid"}
            << "--status invalid: must be one of running, completed, failed, interrupted";
    }
    // A count that cannot fill a valid window on any host is refused before
    // the engine starts, naming the least count that can.
    void aCountTooSmallIsRefusedBeforeTheSweep() {
        const Result r = cli({"sweep", "--vdev", "net_null0", "--sweep", "burst=1,32", "--set",
                              "count=3000", "--reps", "1", "--duration-ms", "100"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--set count=3000: count=3000 at burst=32 makes at "
                                               "most 93 tx_burst calls, fewer than the 100 a "
                                               "valid repetition needs: count must be at least "
                                               "3200")),
                 qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("stored")));
    }

    // Every packet sent within the warm-up: every repetition is invalid,
    // the run is stored and printed, and the sweep exits 1.
    void aSweepWithEveryRepetitionInvalidExits1() {
        const Result r =
            cli({"sweep", "--vdev", "net_null0", "--sweep", "burst=1", "--set", "count=3200",
                 "--warmup-ms", "50", "--reps", "1", "--duration-ms", "100", "--no-chart"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains(QStringLiteral("no valid repetition")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("every repetition of run ")) &&
                     r.err.contains(QStringLiteral(" was invalid")),
                 qPrintable(r.err));
    }

    void pacedTooSlowlyIsRefusedBeforeTheSweep() {
        const Result r = cli({"sweep", "--vdev", "net_null0", "--sweep", "rate_pps=10000,100000",
                              "--duration-ms", "300"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("rate_pps=10000 with burst=32 makes about 75 "
                                               "tx_burst calls")),
                 qPrintable(r.err));
    }

    void usageErrorsNameTheFieldAndExit2() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // --link-speed flags what a virtual device sends above the wire's speed,
    // and the command the netdev text prints runs the same sweep again.
    void linkSpeedAndTheReproducingCommand() {
        const Result r = cli(
            {QStringLiteral("sweep"), QStringLiteral("--vdev"), QStringLiteral("net_null0"),
             QStringLiteral("--sweep"), QStringLiteral("burst=1,32"), QStringLiteral("--set"),
             QStringLiteral("pkt_size=1514"), QStringLiteral("--reps"), QStringLiteral("2"),
             QStringLiteral("--duration-ms"), QStringLiteral("60"), QStringLiteral("--link-speed"),
             QStringLiteral("1G"), QStringLiteral("--label"), QStringLiteral("wire")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // net_null sends far more than 81274 pps of 1514-byte frames.
        QVERIFY2(r.out.contains(QStringLiteral("[above line rate]")), qPrintable(r.out));
        QVERIFY(r.out.contains(
            QStringLiteral("line rate 81274 pps (1G, 1514 B frames = 1538 B on the wire)")));
        // clone is named at its default: a reader needs it beside the bursts
        QVERIFY(r.out.contains(QStringLiteral(" Fixed: clone=0 pkt_size=1514\n")));
        QVERIFY(r.out.contains(QStringLiteral("Chart: pps")));

        QStringList command;
        bool in = false;
        for (QString line : r.out.split(u'\n')) {
            if (line == QLatin1String(" Command:")) {
                in = true;
                continue;
            }
            if (!in)
                continue;
            const bool more = line.endsWith(QStringLiteral(" \\"));
            if (more)
                line.chop(2);
            command << line.split(u' ', Qt::SkipEmptyParts);
            if (!more)
                break;
        }
        QCOMPARE(command.mid(0, 2), (QStringList{"burstlab-cli", "sweep"}));
        QVERIFY2(command.contains(QStringLiteral("--link-speed")), qPrintable(command.join(u' ')));
        const Result again = cli(command.mid(1) + QStringList{QStringLiteral("--no-chart")});
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY(!again.out.contains(QStringLiteral("Chart:")));

        // The two runs have the same sweep, fixed parameters, order and link speed.
        const QJsonArray list = runs();
        const auto sweepOf = [&](const QJsonValue &run) {
            const Result shown =
                cli({QStringLiteral("show"), QString::number(run[QStringLiteral("id")].toInteger()),
                     QStringLiteral("--json")});
            const QJsonObject data = QJsonDocument::fromJson(shown.out.toUtf8()).object();
            QJsonObject sweep =
                data[QStringLiteral("runs")][0][QStringLiteral("run")][QStringLiteral("sweep")]
                    .toObject();
            // The seed's order of points: on a busy host an invalid
            // repetition is stored and run again, an attempt more, which
            // changes the steps but not the order planned.
            QMap<int, QString> order;
            for (const QJsonValue &step :
                 data[QStringLiteral("runs")][0][QStringLiteral("steps")].toArray()) {
                if (step[QStringLiteral("status")].toString() != QLatin1String("invalid"))
                    order.insert(step[QStringLiteral("seq")].toInt(),
                                 QString::number(step[QStringLiteral("point")][0].toInt()));
            }
            sweep.insert(QStringLiteral("order"), order.values().join(u','));
            return sweep;
        };
        QCOMPARE(list[0][QStringLiteral("label")].toString(), QStringLiteral("wire"));
        QCOMPARE(list[1][QStringLiteral("label")].toString(), QStringLiteral("wire"));
        QCOMPARE(sweepOf(list[0]), sweepOf(list[1]));
        QCOMPARE(sweepOf(list[0])[QStringLiteral("link_speed_mbps")].toDouble(), 1000.0);
    }

    // Four runs from four hosts: each difference (the item and both runs'
    // values, a long one cut in its middle) is one line of the text, in the
    // same order every time and said once (nothing on stderr); --full gives
    // them whole and --json carries them whole.
    void compareFitsEachDifferenceOnALine() {
        const QString db = m_dir.filePath(QStringLiteral("hosts.sqlite"));
        QStringList ids;
        {
            burstlab::RunStore store;
            QVERIFY2(store.open(db), qPrintable(store.lastError()));
            for (int host = 0; host < 4; ++host) {
                burstlab::Run run = burstlab::sampleRun(QStringLiteral("host%1").arg(host));
                run.label = QStringLiteral("lab-host-%1-with-a-long-label").arg(host);
                QStringList cmdline;
                for (int word = 0; word < 200; ++word)
                    cmdline << QStringLiteral("option%1=value%2").arg(word).arg(host * word);
                run.fingerprint = {
                    {QStringLiteral("hostname"), QStringLiteral("lab%1.example.org").arg(host)},
                    {QStringLiteral("kernel_cmdline"), cmdline.join(QLatin1Char(' '))},
                    {QStringLiteral("cpu_model"),
                     QStringLiteral("Vendor CPU model %1 ").arg(host).repeated(8)}};
                QJsonArray checklist;
                for (int item = 0; item < 14 - 4 * host; ++item)
                    checklist << QJsonObject{
                        {QStringLiteral("id"), QStringLiteral("item%1").arg(item)},
                        {QStringLiteral("title"), QStringLiteral("Checklist item %1").arg(item)},
                        {QStringLiteral("status"), QStringLiteral("pass")}};
                run.checklist = checklist;
                const auto id = store.createRun(run);
                QVERIFY2(id, qPrintable(store.lastError()));
                QVERIFY(store.setRunContext(*id, run.hello, run.fingerprint, run.checklist));
                QVERIFY(burstlab::measure(store, *id, 1, 0, 1e6 * (host + 1)));
                QVERIFY(store.setRunStatus(*id, burstlab::RunStatus::Completed));
                ids << QString::number(*id);
            }
        }
        const auto compare = [&](const QStringList &more) {
            QProcess p;
            p.start(kCli, QStringList{QStringLiteral("--db"), db, QStringLiteral("compare")} + ids +
                              more);
            p.waitForFinished(30000);
            return Result{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                          QString::fromUtf8(p.readAllStandardError())};
        };
        const Result text = compare({});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.err.isEmpty(), qPrintable(text.err));
        const QStringList lines = text.out.split(QLatin1Char('\n'));
        const QStringList marked = lines.filter(QRegularExpression(QStringLiteral("^ ! ")));
        // None goes on over a second line (the text's continuation indent).
        for (qsizetype i = 1; i < lines.size(); ++i)
            QVERIFY2(!lines[i - 1].startsWith(QStringLiteral(" ! ")) ||
                         !lines[i].startsWith(QStringLiteral("   ")),
                     qPrintable(lines[i - 1] + QLatin1Char('\n') + lines[i]));
        // Per other run: host, kernel command line, CPU; and apart, the
        // items only the baseline probed, not known to differ.
        QCOMPARE(marked.filter(QStringLiteral("hosts differ: ")).size(), 3 * 3);
        QCOMPARE(marked.filter(QStringLiteral("hosts: probed only in ")).size(), 3);
        for (const QString &line : marked) {
            QVERIFY2(line.size() <= 100, qPrintable(line));
            if (line.contains(QStringLiteral("hosts differ: CPU: "))) {
                // Both values are there, each cut in its middle.
                QVERIFY2(line.count(QStringLiteral("…")) == 2 &&
                             line.count(QStringLiteral("Vendor CPU")) == 2,
                         qPrintable(line));
            }
        }
        QVERIFY2(marked.filter(QStringLiteral("probed only in #%1").arg(ids[0])).size() == 3,
                 qPrintable(marked.join(QLatin1Char('\n'))));
        QCOMPARE(compare({}).out, text.out);

        const Result full = compare({QStringLiteral("--full")});
        QCOMPARE(full.code, 0);
        QVERIFY(full.err.isEmpty());
        QVERIFY2(full.out.contains(QStringLiteral("Checklist item 13")) &&
                     !full.out.contains(QStringLiteral("…")),
                 qPrintable(full.out));
        const Result json = compare({QStringLiteral("--json")});
        const QJsonArray hosts = QJsonDocument::fromJson(json.out.toUtf8())
                                     .object()
                                     .value(QStringLiteral("host_differences"))
                                     .toArray();
        QCOMPARE(hosts.size(), 3 * 4);
        QVERIFY(json.err.isEmpty());
        for (const QJsonValue &line : hosts)
            QVERIFY2(!line.toString().contains(QStringLiteral("…")), qPrintable(line.toString()));
    }

    void importReportsWhatIsOdd() {
        // Seed 002's series with one change printed with the wrong sign.
        const QString file = m_dir.filePath(QStringLiteral("patches.txt"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(" * patch2:   5,362,722 pps -- TXSZ=1024\n"
                  " * patch3:   5,608,781 pps --> 178.29ns per pkt\n"
                  " * patch4:   5,857,065 pps --> 170.73ns ( 7.56ns)\n");
        out.close();
        const QStringList import{QStringLiteral("import"),       QStringLiteral("--format"),
                                 QStringLiteral("netdev"),       file,
                                 QStringLiteral("--label"),      QStringLiteral("patches"),
                                 QStringLiteral("--link-speed"), QStringLiteral("10G")};
        const Result r = cli(import);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral(": source line ")), 1);
        QVERIFY2(r.err.contains(QStringLiteral("line 3: change printed 7.56 ns, but "
                                               "(1/5857065*10^9)-(1/5608781*10^9) = -7.56 ns")),
                 qPrintable(r.err));
        const QString id = r.out.section(u' ', 2, 2).chopped(1);
        const Result shown = cli({QStringLiteral("show"), id});
        QVERIFY2(shown.out.contains(QStringLiteral("imported: as recorded in the source "
                                                   "(patches.txt (netdev), imported ")),
                 qPrintable(shown.out));
        // No frame size: the line rate is a bound, and no bit rate is made up.
        QVERIFY2(shown.out.contains(QStringLiteral("line rate checked against at most 14880952 "
                                                   "pps (10G at the smallest frame, 60 B)")),
                 qPrintable(shown.out));
        QVERIFY(shown.out.contains(QStringLiteral("the source notes: TXSZ=1024")));
        QVERIFY(shown.out.contains(QStringLiteral("change printed 7.56 ns")));
        const Result runs = cli({QStringLiteral("runs")});
        QVERIFY2(runs.out.contains(QStringLiteral("imported: patches.txt (netdev)")),
                 qPrintable(runs.out));
        // The same file again: nothing new, the first import named.
        const Result again = cli(import);
        QCOMPARE(again.code, 0);
        QVERIFY2(again.err.contains(QStringLiteral("patches.txt was imported before, as run %1 "
                                                   "(patches.txt (netdev), imported ")
                                        .arg(id)),
                 qPrintable(again.err));
        QVERIFY(again.out.isEmpty());
        const Result size =
            cli(import + QStringList{QStringLiteral("--frame-size"), QStringLiteral("59")});
        QCOMPARE(size.code, 2);
        QVERIFY2(size.err.contains(QStringLiteral("--frame-size")) &&
                     size.err.contains(QStringLiteral("60")) &&
                     size.err.contains(QStringLiteral("1514")),
                 qPrintable(size.err));
    }

    void checklistFitsATerminal() {
        const Result r = cli({QStringLiteral("checklist")});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QVERIFY2(lines[i].size() <= 100, qPrintable(lines[i]));
            if (lines[i].endsWith(QStringLiteral(" \\")))
                QVERIFY(i + 1 < lines.size() &&
                        lines[i + 1].startsWith(QStringLiteral("        ")));
        }
        // Fixes carry real values.
        QVERIFY2(!r.out.contains(QStringLiteral("CPUS")), qPrintable(r.out));
    }

    void oversizeImportExits1() {
        const QString file = m_dir.filePath(QStringLiteral("huge.txt"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(burstlab::maxImportBytes + 1));
        f.close();
        const qsizetype before = runs().size();
        const Result r =
            cli({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("netdev"),
                 file, QStringLiteral("--label"), QStringLiteral("huge")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(file) && r.err.contains(QString::number(burstlab::maxImportBytes)),
                 qPrintable(r.err));
        QCOMPARE(runs().size(), before);
    }

    void runsListsTheNewestFiftyUnlessAskedForMore() {
        const QString saved = std::exchange(m_db, m_dir.filePath(QStringLiteral("many.sqlite")));
        const auto restore = qScopeGuard([&] { m_db = saved; });
        {
            burstlab::RunStore store;
            QVERIFY2(store.open(m_db), qPrintable(store.lastError()));
            for (int i = 1; i <= 53; ++i) {
                burstlab::Run run;
                run.name = QStringLiteral("run %1").arg(i);
                run.label = i % 10 == 0 ? QStringLiteral("patch") : QStringLiteral("baseline");
                run.tags = {i == 7 ? QStringLiteral("lucky") : QStringLiteral("plain")};
                run.status = i == 3 ? burstlab::RunStatus::Failed : burstlab::RunStatus::Completed;
                run.created = QDateTime(QDate(2026, 1, 1), QTime(0, i), Qt::UTC);
                QVERIFY2(store.createRun(run), qPrintable(store.lastError()));
            }
        }
        const auto ids = [](const Result &r) {
            QList<qint64> list;
            for (const QJsonValue &run : QJsonDocument::fromJson(r.out.toUtf8()).array())
                list << run[QStringLiteral("id")].toInteger();
            return list;
        };
        const Result page = cli({QStringLiteral("runs"), QStringLiteral("--json")});
        QCOMPARE(page.code, 0);
        QCOMPARE(ids(page).size(), 50);
        QCOMPARE(ids(page).first(), 53);
        QCOMPARE(ids(page).last(), 4);
        QVERIFY2(page.err.contains(QStringLiteral("the newest 50 of 53 runs")),
                 qPrintable(page.err));
        const Result all = cli({QStringLiteral("runs"), QStringLiteral("--all")});
        QCOMPARE(all.code, 0);
        QVERIFY(all.out.contains(QStringLiteral("run 1\n")));
        QVERIFY(all.err.isEmpty());
        const Result two = cli({QStringLiteral("runs"), QStringLiteral("--limit"),
                                QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(ids(two), (QList<qint64>{53, 52}));
        QCOMPARE(ids(cli({QStringLiteral("runs"), QStringLiteral("--label"),
                          QStringLiteral("patch"), QStringLiteral("--json")})),
                 (QList<qint64>{50, 40, 30, 20, 10}));
        QCOMPARE(ids(cli({QStringLiteral("runs"), QStringLiteral("--tag"), QStringLiteral("lucky"),
                          QStringLiteral("--json")})),
                 QList<qint64>{7});
        QCOMPARE(ids(cli({QStringLiteral("runs"), QStringLiteral("--status"),
                          QStringLiteral("failed"), QStringLiteral("--label"),
                          QStringLiteral("baseline"), QStringLiteral("--json")})),
                 QList<qint64>{3});
        const Result missing = cli({QStringLiteral("show"), QStringLiteral("54")});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains(QStringLiteral("no run 54")), qPrintable(missing.err));
    }

    void dbInAMissingDirectoryExits4() {
        const QString missing = m_dir.filePath(QStringLiteral("no-such-dir"));
        const QString saved = std::exchange(m_db, missing + QStringLiteral("/runs.db"));
        const Result r = cli({QStringLiteral("runs")});
        m_db = saved;
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral("the directory %1 does not exist").arg(missing)),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(missing));
    }

    void missingEngineExits3() {
        const Result r =
            cli({QStringLiteral("sweep"), QStringLiteral("--sweep"), QStringLiteral("burst=1"),
                 QStringLiteral("--engine"), QStringLiteral("/nonexistent/engine")});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("/nonexistent/engine does not exist")),
                 qPrintable(r.err));
    }

    void sigintStopsTheSweepAndResumeFinishesIt() {
        QProcess p;
        p.start(kCli,
                {QStringLiteral("--db"), m_db, QStringLiteral("sweep"), QStringLiteral("--sweep"),
                 QStringLiteral("burst=1..4"), QStringLiteral("--reps"), QStringLiteral("2"),
                 QStringLiteral("--duration-ms"), QStringLiteral("150"), QStringLiteral("--label"),
                 QStringLiteral("interrupted")});
        QString err;
        // wait until the first step has been stored, then interrupt
        QTRY_VERIFY_WITH_TIMEOUT((err += QString::fromUtf8(p.readAllStandardError()))
                                     .contains(QStringLiteral("step 1/8")),
                                 20000);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(10000));
        err += QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 130);
        QVERIFY2(err.contains(QStringLiteral("--resume")), qPrintable(err));
        const QJsonArray list = runs();
        QJsonObject interrupted;
        for (const QJsonValue &v : list) {
            if (v.toObject()[QStringLiteral("label")] == QStringLiteral("interrupted"))
                interrupted = v.toObject();
        }
        QCOMPARE(interrupted[QStringLiteral("status")].toString(), QStringLiteral("interrupted"));
        QVERIFY(interrupted[QStringLiteral("steps")].toInt() >= 1);
        QVERIFY(interrupted[QStringLiteral("steps")].toInt() < 8);

        const QString id = QString::number(interrupted[QStringLiteral("id")].toInteger());
        const Result resumed = cli({QStringLiteral("sweep"), QStringLiteral("--resume"), id});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains(QStringLiteral(" burst=4 ")), qPrintable(resumed.out));
        QVERIFY(!resumed.err.contains(QStringLiteral("step 1/8")));
        QVERIFY(resumed.err.contains(QStringLiteral("step 8/8 burst=")));
        QCOMPARE(cli({QStringLiteral("sweep"), QStringLiteral("--resume"), id}).code, 2);
        QCOMPARE(
            cli({QStringLiteral("sweep"), QStringLiteral("--resume"), QStringLiteral("999")}).code,
            1);
    }

    void engineInfoPrintsTheHello() {
        const Result r = cli({QStringLiteral("engine-info"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject hello = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(hello[QStringLiteral("protocol")].toInt(),
                 burstlab::EngineHello::kProtocolVersion);
        QCOMPARE(hello[QStringLiteral("type")].toString(), QStringLiteral("hello"));
    }

    void checklistProbesThisHost() {
        const Result r = cli({QStringLiteral("checklist"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray items = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QVERIFY(items.size() >= 10);
        QVERIFY(items[0].toObject().contains(QStringLiteral("status")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
