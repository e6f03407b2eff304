// Imports keep what the source says and check it: every varying pktgen
// parameter is an axis, absurd numbers are errors naming the line, odd ones
// warnings stored with the run, and nothing is made up.
#include "compare/Comparison.h"
#include "exchange/ImportFormat.h"
#include "exchange/NetdevExport.h"
#include "exchange/NetdevImport.h"
#include "exchange/PktgenImport.h"
#include "exchange/TableExport.h"
#include "stats/PointStats.h"
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
        QCOMPARE(run.run.spec.fixed.value(QStringLiteral("ifname")).toString(),
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

    void printedDeltasThatThePpsDoNotGiveAreReported() {
        // Seed 000's second table prints 2.10 and -0.51 where its pps give
        // 2.11 and -0.52 (rounding, as its other 24 deltas).
        const RunData run = importData("netdev", "netdev_seed000_clone0.txt").first();
        const QStringList &w = run.run.spec.importWarnings;
        QCOMPARE(w.size(), 2);
        QVERIFY2(w[0].endsWith(QStringLiteral(
                     ": delta printed 2.10 ns, but (1/2772413*10^9)-(1/2788705*10^9) = 2.11 ns")),
                 qPrintable(w[0]));
        QVERIFY2(w[1].contains(QStringLiteral("printed -0.51 ns")) &&
                     w[1].contains(QStringLiteral("= -0.52 ns")),
                 qPrintable(w[1]));
        // The first table's deltas and summary all agree with its pps.
        QVERIFY(importData("netdev", "netdev_seed000_burst.txt")
                    .first()
                    .run.spec.importWarnings.isEmpty());
        // A summary whose arithmetic is off is reported too.
        QString error;
        const auto runs = NetdevImport::parse(
            QStringLiteral("burst=0 tx:5614370 pps\nburst=32 tx:8945166 pps ( 66.32 ns)\n\n"
                           " (1/5614370*10^9)-(1/8945166*10^9) = 66.23 ns\n"),
            {}, &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->first().run.spec.importWarnings,
                 QStringList{QStringLiteral("line 4: summary printed 66.23 ns, but "
                                            "(1/5614370*10^9)-(1/8945166*10^9) = 66.32 ns")});
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
            for (const char *invented : {"reps x", "random order", "seed", "1000 ms", "warm-up"})
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
