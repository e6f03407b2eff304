// Imports keep what the source says and check it: every varying pktgen
// parameter is an axis, absurd numbers are errors naming the line, odd ones
// warnings stored with the run, and nothing is made up.
#include "compare/Comparison.h"
#include "exchange/ImportChecks.h"
#include "exchange/ImportFormat.h"
#include "exchange/NetdevExport.h"
#include "exchange/NetdevImport.h"
#include "exchange/PktgenImport.h"
#include "exchange/RunSetup.h"
#include "exchange/TableExport.h"
#include "stats/PointStats.h"
#include "store/RunImport.h"
#include "store/RunStore.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

QString dataFile(const char *name) {
    return QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/") + QLatin1String(name);
}

QList<RunData> importData(const char *format, const char *file, const ImportOptions &options = {}) {
    QString error;
    const auto runs = importFile(QLatin1String(format), dataFile(file), options, &error);
    if (!runs)
        qFatal("import of %s failed: %s", file, qPrintable(error));
    return *runs;
}

QString pktgenBlock(const QString &params, const QString &result, const QString &rate) {
    return QStringLiteral("Params: count 1000000  min_pkt_size: 60  max_pkt_size: 60\n") + params +
           QStringLiteral("\nResult: ") + result + QLatin1Char('\n') + rate + QLatin1Char('\n');
}

// A measured burst sweep of one lcore, as the engine's finished messages
// give it: burst=8's window holds 1306836990 packets in 10 s (130683699 pps).
RunData measuredRun() {
    RunData data;
    data.run.status = RunStatus::Completed;
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}}};
    data.run.spec.reps = 1;
    for (const qint64 burst : {1, 8}) {
        StepFinished f;
        f.window.txPkts = burst == 8 ? 1306836990 : 500000000;
        f.window.ns = 10000000000;
        f.window.pps = double(f.window.txPkts) * 1e9 / double(f.window.ns);
        f.window.lcores = 1;
        LcoreFinished lcore;
        lcore.window = f.window;
        f.lcores = {lcore};
        f.counters.txPkts = f.window.txPkts + 1000;
        f.elapsedNs = f.window.ns + 100000000;
        f.params = QJsonObject{{"burst", burst}};
        StepResult r;
        r.point = Point{{AxisValue(burst)}};
        r.status = RunStatus::Completed;
        r.applyFinished(f);
        data.appendResult(r);
    }
    return data;
}

QString writeJson(const QTemporaryDir &dir, const QString &name, const QJsonObject &object) {
    QFile out(dir.filePath(name));
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(out.fileName()));
    out.write(QJsonDocument(object).toJson());
    return out.fileName();
}

} // namespace

class TestImports : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void pktgenVaryingParametersAreAxes() {
        // Three results with clone_skb 0, 10 and 1000: three points of a clone
        // axis, not three repetitions of "burst=1".
        const RunData run = importData("pktgen", "pktgen_clone_sweep.txt").first();
        QCOMPARE(run.run.spec.axisNames(), QStringList{QStringLiteral("clone")});
        QCOMPARE(run.run.spec.axes.first().values,
                 (QList<AxisValue>{AxisValue(0), AxisValue(10), AxisValue(1000)}));
        QCOMPARE(run.steps.size(), 3);
        const QList<PointStats> stats = PointStats::ofRun(run);
        QCOMPARE(stats.size(), 3);
        for (const PointStats &s : stats)
            QCOMPARE(s.ppsSummary.n, 1);
        QCOMPARE(stats[0].ppsFigure.value_or(0), qint64(2421076));
        // pktgen measured it: stored as a pktgen run, its text under pktgen's names.
        QCOMPARE(run.run.spec.engine.kind, EngineKind::Pktgen);
        const QString text = NetdevExport::run(run);
        QVERIFY2(text.contains(QStringLiteral("\n clone_skb=10 ")), qPrintable(text));
        QCOMPARE(stats[2].ppsFigure.value_or(0), qint64(5614372));
        // What did not vary is what the source fixed, under burstlab's names.
        QCOMPARE(run.run.spec.fixed.value(QStringLiteral("pkt_size")).toInteger(), qint64(60));
        QCOMPARE(run.run.spec.fixed.value(QStringLiteral("count")).toInteger(), qint64(10000000));
        QCOMPARE(run.run.spec.fixed.value(QStringLiteral("burst")).toInteger(), qint64(1));
        // The device names the run and its port, as a live run's does.
        QVERIFY(!run.run.spec.fixed.contains(QStringLiteral("ifname")));
        QCOMPARE(run.run.name, QStringLiteral("pktgen eth5"));
        QCOMPARE(run.run.fingerprint.value(QStringLiteral("port_name")).toString(),
                 QStringLiteral("eth5"));
        QVERIFY(!run.run.spec.fixed.contains(QStringLiteral("clone")));
        QVERIFY2(run.run.spec.importWarnings.isEmpty(),
                 qPrintable(run.run.spec.importWarnings.join(u'\n')));
    }

    void pktgenTwoVaryingParameters() {
        const QString rate = QStringLiteral("  1000000pps 480Mb/sec (480000000bps) errors: 0");
        const QString result =
            QStringLiteral("OK: 1000000(c999000+d1000) usec, 1000000 (60byte,0frags)");
        QString text;
        for (const char *clone : {"0", "64"}) {
            for (const char *burst : {"1", "8"})
                text +=
                    pktgenBlock(QStringLiteral("     clone_skb: %1  ifname: eth5\n     burst: %2")
                                    .arg(QLatin1String(clone), QLatin1String(burst)),
                                result, rate);
        }
        QString error;
        const auto run = PktgenImport::parse(text, QStringLiteral("k"), &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->run.spec.axisNames(), (QStringList{"burst", "clone"}));
        QCOMPARE(run->steps[3].result.point, (Point{{AxisValue(8), AxisValue(64)}}));
        QCOMPARE(run->run.spec.axes[1].values, (QList<AxisValue>{AxisValue(0), AxisValue(64)}));
    }

    void pktgenNumbersAreChecked_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // in the error
        const QString okResult =
            QStringLiteral("OK: 1000000(c999000+d1000) usec, 1000000 (60byte,0frags)");
        const QString okRate = QStringLiteral("  1000000pps 480Mb/sec (480000000bps) errors: 0");
        const QString params = QStringLiteral("     clone_skb: 0  ifname: eth5");
        QTest::newRow("overflow")
            << pktgenBlock(
                   params, okResult,
                   QStringLiteral("  99999999999999999999pps 480Mb/sec (480000000bps) errors: 0"))
            << "line 4, column 3: '99999999999999999999pps";
        QTest::newRow("rate vs count/time")
            << pktgenBlock(params, okResult,
                           QStringLiteral("  1010000pps 484Mb/sec (484800000bps) errors: 0"))
            << "1010000 pps disagrees with 1000000 packets in 1000000 usec";
        QTest::newRow("negative param")
            << pktgenBlock(QStringLiteral("     clone_skb: -3  ifname: eth5"), okResult, okRate)
            << "line 2, column 17: 'clone_skb: -3  ifname: eth5': clone: -3 is negative";
        // A range pktgen never prints is not translated into a port range:
        // refused under pktgen's name, naming where it is.
        QTest::newRow("negative port")
            << pktgenBlock(QStringLiteral("     udp_src_min: -5  udp_src_max: 9"), okResult, okRate)
            << "line 2, column 19: 'udp_src_min: -5  udp_src_max: 9': udp_src_min: -5 is negative";
        // Under one of our names, a value that name does not take.
        QTest::newRow("tos not in hex")
            << pktgenBlock(QStringLiteral("     tos: 0xzz  ifname: eth5"), okResult, okRate)
            << "line 2, column 11: 'tos: 0xzz  ifname: eth5': tos must be an integer (0..255), "
               "got '0xzz'";
        QTest::newRow("unknown xmit_mode")
            << pktgenBlock(QStringLiteral("     xmit_mode: warp"), okResult, okRate)
            << "line 2, column 17: 'xmit_mode: warp': xmit_mode must be start_xmit, "
               "netif_receive or queue_xmit, got 'warp'";
        QTest::newRow("zero time")
            << pktgenBlock(params, QStringLiteral("OK: 0(c0+d0) usec, 1000000 (60byte,0frags)"),
                           okRate)
            << "usec: 0 is zero";
        QTest::newRow("not ok") << QStringLiteral("Params: count 1\nResult: Idle\n")
                                << "line 2: 'Result: Idle': pktgen did not report OK";
    }

    void pktgenNumbersAreChecked() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!PktgenImport::parse(text, {}, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void pktgenOddnessIsStoredAsWarnings() {
        // pktgen's own error count and bps that are not pps x bytes x 8.
        const QString text =
            pktgenBlock(QStringLiteral("     clone_skb: 0  ifname: eth5"),
                        QStringLiteral("OK: 1000000(c999000+d1000) usec, 1000000 (60byte,0frags)"),
                        QStringLiteral("  1000000pps 100Mb/sec (100000000bps) errors: 7"));
        QString error;
        const auto run = PktgenImport::parse(text, {}, &error);
        QVERIFY2(run, qPrintable(error));
        const QStringList &w = run->run.spec.importWarnings;
        QCOMPARE(w.size(), 2);
        QVERIFY2(w[0].startsWith(QStringLiteral("line 4: 100000000 bps is not 1000000 pps x 60")),
                 qPrintable(w[0]));
        QCOMPARE(w[1], QStringLiteral("line 4: pktgen counted 7 errors"));
        // They go with the run into the store and out into every text.
        QTemporaryDir dir;
        RunStore store;
        QVERIFY(store.open(dir.filePath(QStringLiteral("w.sqlite"))));
        const auto id = store.insertRunData(*run);
        QVERIFY(id);
        const auto loaded = store.loadRunData(*id);
        QCOMPARE(loaded->run.spec.importWarnings, w);
        QVERIFY(NetdevExport::run(*loaded).contains(QStringLiteral("pktgen counted 7 errors")));
        QVERIFY(TableExport::markdown(*loaded).contains(QStringLiteral("pktgen counted 7 errors")));
    }

    void netdevNumbersAreChecked_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("overflow")
            << QStringLiteral("skb_burst=0 tx:5614370 pps\n"
                              "skb_burst=1 tx:99999999999999999999 pps\n")
            << "line 2, column 16: 'skb_burst=1 tx:99999999999999999999 pps': pps: "
               "99999999999999999999 is out of range";
        QTest::newRow("negative value")
            << QStringLiteral("skb_burst=-3 tx:5614370 pps\n")
            << "line 1, column 11: 'skb_burst=-3 tx:5614370 pps': skb_burst: -3 "
               "is negative";
        QTest::newRow("zero pps") << QStringLiteral("x\n * patch1: 0 pps\n")
                                  << "line 2, column 12: '* patch1: 0 pps': pps: 0 is zero";
        QTest::newRow("exponent form")
            << QStringLiteral("burst=1 tx:5614370 pps\nburst=2 tx:5.5e6 pps\n")
            << "line 2, column 12: 'burst=2 tx:5.5e6 pps': pps: '5.5e6' is not a whole number";
        // A quoted reply's column counts its "> " too.
        QTest::newRow("quoted exponent form")
            << QStringLiteral("> burst=1 tx:5614370 pps\n> burst=2 tx:5.5e6 pps\n")
            << "line 2, column 14: '> burst=2 tx:5.5e6 pps': pps: '5.5e6' is not a whole number";
        // Rows the table's shape names but whose figure is not a number are
        // refused, not skipped.
        QTest::newRow("NaN pps")
            << QStringLiteral("burst=1 tx:5614370 pps\nburst=2 tx:NaN pps\n")
            << "line 2, column 12: 'burst=2 tx:NaN pps': pps: 'NaN' is not a whole number";
        QTest::newRow("no pps") << QStringLiteral("burst=1 tx:5614370 pps\nburst=2 tx: pps\n")
                                << "line 2, column 13: 'burst=2 tx: pps': pps: no number";
        QTest::newRow("series NaN")
            << QStringLiteral(" * base: 3,930,068 pps\n * patch1: nan pps\n")
            << "line 2, column 12: '* patch1: nan pps': pps: 'nan' is not a whole number";
        QTest::newRow("value not a number")
            << QStringLiteral("burst=1 tx:5614370 pps\nburst=x2 tx:5614370 pps\n")
            << "line 2, column 7: 'burst=x2 tx:5614370 pps': burst: 'x2' is not a whole number";
        QTest::newRow("fraction")
            << QStringLiteral("burst=1 tx:12.5 pps\n")
            << "line 1, column 12: 'burst=1 tx:12.5 pps': pps: '12.5' is not a whole";
    }

    void netdevNumbersAreChecked() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!NetdevImport::parse(text, {}, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void printedFiguresAgreeRoundedOrCut() {
        // Seed 000's second table prints 2.10 and -0.51 where its pps give
        // 2.109 and -0.517: cut, not rounded, as a poster may. Its other
        // deltas, the first table's and seed 002's ns are rounded or cut too.
        for (const char *file : {"netdev_seed000_burst.txt", "netdev_seed000_clone0.txt",
                                 "netdev_seed002_patches.txt"}) {
            const RunData run = importData("netdev", file).first();
            QVERIFY2(run.run.spec.importWarnings.isEmpty(),
                     qPrintable(run.run.spec.importWarnings.join(u'\n')));
        }
        // A wrong sign is neither: seed 002 prints this - previous, so
        // fewer ns per packet is negative; seed 000 prints previous - this.
        QString error;
        const auto series = NetdevImport::parse(
            QStringLiteral(" * patch3:   5,608,781 pps --> 178.29ns per pkt\n"
                           " * patch4:   5,857,065 pps --> 170.73ns ( 7.56ns)\n"),
            {}, &error);
        QVERIFY2(series, qPrintable(error));
        QCOMPARE(series->first().run.spec.importWarnings,
                 QStringList{QStringLiteral("line 2: change printed 7.56 ns, but "
                                            "(1/5857065*10^9)-(1/5608781*10^9) = -7.56 ns")});
        const auto sweep = NetdevImport::parse(
            QStringLiteral("skb_burst=1 tx:5571279 pps\nskb_burst=2 tx:6942821 pps ( -35.46 ns)\n"),
            {}, &error);
        QVERIFY2(sweep, qPrintable(error));
        QCOMPARE(sweep->first().run.spec.importWarnings,
                 QStringList{QStringLiteral("line 2: delta printed -35.46 ns, but "
                                            "(1/5571279*10^9)-(1/6942821*10^9) = 35.46 ns")});
        // A summary whose arithmetic is off is reported too.
        const auto runs = NetdevImport::parse(
            QStringLiteral("burst=0 tx:5614370 pps\nburst=32 tx:8945166 pps ( 66.32 ns)\n\n"
                           " (1/5614370*10^9)-(1/8945166*10^9) = 66.23 ns\n"),
            {}, &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->first().run.spec.importWarnings,
                 QStringList{QStringLiteral("line 4: summary printed 66.23 ns, but "
                                            "(1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns")});
        // The rule itself: rounded or cut to 2 decimals, with the sign.
        QVERIFY(ImportChecks::printedAgrees(2.10, 2.109));
        QVERIFY(ImportChecks::printedAgrees(2.11, 2.109));
        QVERIFY(ImportChecks::printedAgrees(-0.51, -0.517));
        QVERIFY(!ImportChecks::printedAgrees(2.12, 2.109));
        QVERIFY(!ImportChecks::printedAgrees(2.09, 2.109));
        QVERIFY(!ImportChecks::printedAgrees(0.51, -0.517));
        QVERIFY(!ImportChecks::printedAgrees(7.56, -7.5579));
    }

    // Seed 002's "-- TXSZ=1024" beside patch2 is the point's note, shown
    // by every output; the figures beside the others are not notes.
    void remarksBesideRowsAreKeptAsNotes() {
        const RunData run = importData("netdev", "netdev_seed002_patches.txt").first();
        const QList<PointStats> stats = PointStats::ofRun(run);
        QCOMPARE(stats.size(), 6);
        QCOMPARE(stats[1].sourceNotes, QStringList{QStringLiteral("TXSZ=1024")});
        for (qsizetype i : {0, 2, 3, 4, 5})
            QVERIFY2(stats[i].sourceNotes.isEmpty(), qPrintable(stats[i].sourceNotes.join(u'|')));
        const QString note = QStringLiteral("the source notes: TXSZ=1024");
        const QString netdev = NetdevExport::run(run);
        QVERIFY2(netdev.contains(QStringLiteral(" - patch=patch2: ") + note), qPrintable(netdev));
        QVERIFY(TableExport::csv(run).contains(QStringLiteral(",TXSZ=1024")));
        QVERIFY(TableExport::markdown(run).contains(QStringLiteral("| TXSZ=1024 |")));
        const QJsonArray points = QJsonDocument::fromJson(TableExport::json(run).toUtf8())
                                      .object()
                                      .value(QStringLiteral("points"))
                                      .toArray();
        QCOMPARE(points[1].toObject().value(QStringLiteral("note")).toString(),
                 QStringLiteral("TXSZ=1024"));
        QVERIFY(stats[1].notes().contains(note));
    }

    // No source of the seeds states a frame size: no bit rates are made up,
    // and every output says why; a size given on import is used.
    void frameSizeOnlyWhereStated() {
        const RunData run = importData("netdev", "netdev_seed000_burst.txt").first();
        QVERIFY(!run.run.frameSize());
        const QList<PointStats> stats = PointStats::ofRun(run);
        QVERIFY(!stats.first().frameBytes && !stats.first().l2Bps() && !stats.first().l1Bps());
        // Wrapped as a post is: compared as one line.
        const QString netdev = NetdevExport::run(run).simplified();
        QVERIFY2(netdev.contains(QStringLiteral("Bit rates: left out, the source states no "
                                                "frame size (import --frame-size gives one).")),
                 qPrintable(netdev));
        QVERIFY(!netdev.contains(QStringLiteral("L2 ")));
        const QJsonObject point = QJsonDocument::fromJson(TableExport::json(run).toUtf8())
                                      .object()
                                      .value(QStringLiteral("points"))
                                      .toArray()
                                      .first()
                                      .toObject();
        QVERIFY(point.value(QStringLiteral("frame_bytes")).isNull());
        QVERIFY(point.value(QStringLiteral("l2_bps")).isNull());
        // pktgen states its size in its Result line.
        QCOMPARE(importData("pktgen", "pktgen_clone_sweep.txt").first().run.frameSize(), 60);
        ImportOptions given;
        given.frameSize = 1514;
        const RunData sized = importData("netdev", "netdev_seed000_burst.txt", given).first();
        QCOMPARE(sized.run.frameSize(), 1514);
        QVERIFY(PointStats::ofRun(sized).first().l2Bps());
        QVERIFY(NetdevExport::run(sized).contains(QStringLiteral("Bit rates, Mbit/s")));
    }

    // A measured run's file, edited by hand, is refused naming the step and
    // what disagrees; the file as exported imports, marked as imported.
    void forgedRunFilesAreRefused_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("pps tripled") << "pps" << QJsonValue(3 * 130683699.0)
                                     << "steps[1] (burst=8, rep 0): pps 392051097, but its "
                                        "measured window says 130683699";
        QTest::newRow("negative pps")
            << "pps" << QJsonValue(-5) << "steps[1] (burst=8, rep 0): pps -5 is negative";
        QTest::newRow("point outside the sweep")
            << "point" << QJsonValue(QJsonArray{999})
            << "steps[1] (burst=999, rep 0): burst=999 is not a value of the sweep";
        QTest::newRow("packets changed")
            << "tx_pkts" << QJsonValue(1) << "steps[1] (burst=8, rep 0): tx_pkts 1 in";
    }

    void forgedRunFilesAreRefused() {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QJsonObject good = measuredRun().toJson();
        const QString goodFile = writeJson(dir, QStringLiteral("good.json"), good);
        QString error;
        const auto runs = importFile(QStringLiteral("json"), goodFile, {}, &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->first().run.source, QStringLiteral("import:json"));
        QCOMPARE(runs->first().run.spec.importOrigin->file, QStringLiteral("good.json"));
        QVERIFY2(NetdevExport::run(runs->first())
                     .simplified()
                     .contains(QStringLiteral(" Imported: as recorded in the source (good.json "
                                              "(json), imported ")),
                 qPrintable(NetdevExport::run(runs->first())));
        // How the source's burstlab measured it is the source's word too.
        QVERIFY2(RunSetup::measurement(runs->first().run)
                     .endsWith(QStringLiteral("): 1 rep x 1000 ms (warm-up 100 ms), random "
                                              "order (seed 0)")),
                 qPrintable(RunSetup::measurement(runs->first().run)));
        QVERIFY(TableExport::csv(runs->first())
                    .contains(QStringLiteral(",import:json,\"good.json (json), imported ")));

        QJsonObject forged = good;
        QJsonArray steps = forged.value(QStringLiteral("steps")).toArray();
        QJsonObject step = steps[1].toObject();
        step.insert(field, value);
        steps[1] = step;
        forged.insert(QStringLiteral("steps"), steps);
        const auto refused =
            importFile(QStringLiteral("json"),
                       writeJson(dir, QStringLiteral("forged.json"), forged), {}, &error);
        QVERIFY(!refused);
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    // The same content imported twice is stored once: the second import
    // names the runs of the first.
    void reimportStoresNothingNew() {
        QTemporaryDir dir;
        RunStore store;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite"))));
        QString error;
        const QString copy = dir.filePath(QStringLiteral("copy.txt"));
        QVERIFY(QFile::copy(dataFile("netdev_seed000_burst.txt"), copy));
        const auto first = RunImport::write(
            store, QStringLiteral("a"), importData("netdev", "netdev_seed000_burst.txt"), &error);
        QVERIFY2(first && !first->earlier, qPrintable(error));
        const auto again = importFile(QStringLiteral("netdev"), copy, {}, &error);
        QVERIFY2(again, qPrintable(error));
        const auto second = RunImport::write(store, copy, *again, &error);
        QVERIFY2(second, qPrintable(error));
        QVERIFY(second->earlier);
        QCOMPARE(second->ids, first->ids);
        QCOMPARE(store.countRuns().value_or(0), 1);
        const QString said = RunImport::earlierText(*second, copy, store);
        QVERIFY2(said.startsWith(QStringLiteral("copy.txt was imported before, as run %1 "
                                                "(netdev_seed000_burst.txt (netdev), imported ")
                                     .arg(first->ids.first())) &&
                     said.endsWith(QStringLiteral("): nothing new stored")),
                 qPrintable(said));
        // Other content is another import.
        const auto other = RunImport::write(
            store, QStringLiteral("b"), importData("netdev", "netdev_seed000_clone0.txt"), &error);
        QVERIFY2(other && !other->earlier, qPrintable(error));
    }

    void pktgenCloneSkbAndBurstlabCloneShareOneAxis() {
        // Kernel pktgen's clone_skb N sends each skb N times (0 and 1: one
        // per packet), as burstlab's clone does with an mbuf: the imported
        // clone_skb points meet a burstlab clone sweep at burst=1.
        const RunData imported = importData("pktgen", "pktgen_clone_sweep.txt").first();
        RunData measured;
        measured.run.label = QStringLiteral("burstlab");
        measured.run.spec.axes = {Axis{
            QStringLiteral("clone"), {AxisValue(0), AxisValue(1), AxisValue(10), AxisValue(1000)}}};
        measured.run.spec.fixed = QJsonObject{{"burst", 1}};
        measured.run.spec.reps = 1;
        int seq = 0;
        for (const Point &point : measured.run.spec.points()) {
            StepResult step;
            step.point = point;
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.pps = 3e6;
            measured.steps << StepData{step, {}};
        }
        const Comparison c = Comparison::of({imported, measured});
        QCOMPARE(c.axisNames, QStringList{QStringLiteral("clone")});
        QVERIFY2(c.unmatched.isEmpty(), qPrintable(c.unmatched.join(u'\n')));
        for (qint64 clone : {0, 10, 1000}) {
            const qsizetype at = c.points.indexOf(Point{{AxisValue(clone)}});
            QVERIFY2(at >= 0, qPrintable(QString::number(clone)));
            QVERIFY(c.cells[0][at] && c.cells[1][at]);
            QVERIFY(c.cells[1][at]->vsBaseline);
        }
    }

    void importsInventNothing() {
        for (const RunData &run : importData("netdev", "netdev_seed000_burst.txt") +
                                      importData("pktgen", "pktgen_clone_sweep.txt")) {
            QCOMPARE(run.run.spec.durationMs, 0);
            QVERIFY(!run.run.spec.randomize);
            // The run list says only what the source said.
            QVERIFY2(!run.run.spec.describe().contains(QStringLiteral("reps")),
                     qPrintable(run.run.spec.describe()));
            const QString out = NetdevExport::run(run);
            for (const char *invented : {"reps x", "random order", "(seed", "1000 ms", "warm-up"})
                QVERIFY2(!out.contains(QLatin1String(invented)), qPrintable(out));
            QVERIFY2(out.contains(QStringLiteral(" Imported: as recorded in the source")),
                     qPrintable(out));
            QVERIFY2(out.contains(QStringLiteral("line rate not checked: the source gives no link "
                                                 "speed")),
                     qPrintable(out));
        }
    }

    void seed003WithItsLinkSpeedIsFlagged() {
        // "This measurement is actually too-high as 10Gbit/s wirespeed is
        // 14,880,952 (11049 pps too fast)."
        ImportOptions options;
        options.label = QStringLiteral("seed003");
        options.linkSpeedMbps = 10000;
        const QList<RunData> runs = importData("netdev", "netdev_seed003_qdisc.txt", options);
        QCOMPARE(runs.size(), 1);
        const RunData &run = runs.first();
        QCOMPARE(run.run.linkSpeedMbps().value_or(0), 10000.0);
        const QList<PointStats> stats = PointStats::ofRun(run);
        QCOMPARE(stats.size(), 2);
        QVERIFY(!stats[0].aboveLineRate); // Baseline: 12,815,925 pps
        QVERIFY(stats[1].aboveLineRate);  // This patch: 14,892,001 pps
        const QString out = NetdevExport::run(run);
        QVERIFY2(out.contains(QStringLiteral(" * This patch: 14,892,001 pps --> 67.15ns")),
                 qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("[above line rate]")));
        QVERIFY(out.contains(QStringLiteral("This patch: above line rate (14880952 pps)")));
        const QJsonObject json = QJsonDocument::fromJson(TableExport::json(run).toUtf8()).object();
        const QJsonArray points = json.value(QStringLiteral("points")).toArray();
        QCOMPARE(points[1].toObject().value(QStringLiteral("above_line_rate")).toBool(), true);
        QCOMPARE(points[0].toObject().value(QStringLiteral("above_line_rate")).toBool(), false);
        QVERIFY(TableExport::csv(run).contains(QStringLiteral(",true,above,")));
        // Without a link speed nothing is flagged, and every output says so.
        const RunData unchecked = importData("netdev", "netdev_seed003_qdisc.txt").first();
        QVERIFY(!PointStats::ofRun(unchecked)[1].aboveLineRate);
        QVERIFY(NetdevExport::run(unchecked).contains(QStringLiteral("line rate not checked")));
        QVERIFY(TableExport::csv(unchecked).contains(QStringLiteral("not checked")));
        QVERIFY(TableExport::markdown(unchecked).contains(QStringLiteral("not checked")));
    }

    // What burstlab exports, it imports back: the same points, figures and
    // axes (JSON of several runs; netdev text of a sweep).
    void exportsImportBack() {
        const RunData pktgen = importData("pktgen", "pktgen_clone_sweep.txt").first();
        const RunData netdev = importData("netdev", "netdev_seed000_burst.txt").first();
        const auto figures = [](const RunData &run) {
            QList<std::pair<QString, std::optional<qint64>>> out;
            for (const PointStats &s : PointStats::ofRun(run))
                out.append({s.point.describe(run.run.spec.axisNames()), s.ppsFigure});
            return out;
        };
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("export.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(TableExport::json(Comparison::of({pktgen, netdev})).toUtf8());
        out.close();
        QString error;
        const auto back = importFile(QStringLiteral("json"), file, {}, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->size(), 2);
        QCOMPARE(figures(back->at(0)), figures(pktgen));
        QCOMPARE(figures(back->at(1)), figures(netdev));
        QCOMPARE(back->at(0).run.spec.axisNames(), pktgen.run.spec.axisNames());

        const auto reread = NetdevImport::parse(NetdevExport::run(netdev), {}, &error);
        QVERIFY2(reread, qPrintable(error));
        QCOMPARE(reread->size(), 1);
        QCOMPARE(figures(reread->first()), figures(netdev));

        // A burst x clone sweep prints one table per clone: one 2-D run again.
        RunData grid;
        grid.run.status = RunStatus::Completed;
        grid.run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}},
                              Axis{QStringLiteral("clone"), {AxisValue(0), AxisValue(64)}}};
        double pps = 2e6;
        for (const Point &p : grid.run.spec.points()) {
            StepResult r;
            r.point = p;
            r.status = RunStatus::Completed;
            r.pps = pps *= 1.5;
            grid.appendResult(r);
        }
        const auto grid2 = NetdevImport::parse(NetdevExport::run(grid), {}, &error);
        QVERIFY2(grid2, qPrintable(error));
        QCOMPARE(grid2->size(), 1);
        QCOMPARE(grid2->first().run.spec.axisNames(), grid.run.spec.axisNames());
        QCOMPARE(figures(grid2->first()), figures(grid));
    }

    // A reply quoting the table it answers holds it twice: imported once.
    void quotedCopiesImportOnce() {
        const QString table = QStringLiteral("skb_burst=0 tx:5614370 pps\n"
                                             "skb_burst=1 tx:5889589 pps\n");
        QString quoted;
        for (const QString &line : table.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            quoted += QStringLiteral("> ") + line + QLatin1Char('\n');
        QString error;
        const auto runs = NetdevImport::parse(
            QStringLiteral("On Mon, someone wrote:\n") + quoted + QStringLiteral("\nMy run:\n") +
                table + QStringLiteral("\n>> ") + table.section(QLatin1Char('\n'), 0, 0) +
                QStringLiteral("\n>> ") + table.section(QLatin1Char('\n'), 1, 1) +
                QLatin1Char('\n'),
            {}, &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->size(), 1);
        QVERIFY2(runs->first().run.spec.importWarnings.join(u'|').contains(
                     QStringLiteral("the same table again")),
                 qPrintable(runs->first().run.spec.importWarnings.join(u'|')));
    }
};

QTEST_GUILESS_MAIN(TestImports)
#include "tst_imports.moc"
