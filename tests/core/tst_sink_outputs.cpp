// The RX sink's figures in every output: a run whose steps carry sink
// figures, stored in a real SQLite store and read back, prints per point
// what the sink received, lost, dropped, foreign and reordered, flags a
// point that lost more than 0.1% in the netdev text, show, compare, CSV,
// JSON and Markdown with the verdict "lossy", prints the latency with the
// clock's resolution, keeps every figure through a JSON export and import,
// and a run without a sink prints none of it.
#include "SinkRunData.h"
#include "exchange/ImportFormat.h"
#include "exchange/NetdevExport.h"
#include "exchange/TableExport.h"
#include "stats/PointStats.h"
#include "store/RunImport.h"
#include "store/RunStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

struct Cli {
    int code = -1;
    QString out;
};

} // namespace

class TestSinkOutputs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    RunStore m_store;

    RunData stored(const QString &label, bool sink, bool timestamps) {
        const auto id = m_store.insertRunData(testdata::sinkRun(label, sink, timestamps));
        const auto data = id ? m_store.loadRunData(*id) : std::nullopt;
        if (!data)
            qFatal("store: %s", qPrintable(m_store.lastError()));
        return *data;
    }

    Cli cli(const QStringList &args) {
        QProcess p;
        p.start(kCli, QStringList{QStringLiteral("--db"), m_db} + args);
        Cli r;
        if (!p.waitForFinished(60000))
            return r;
        r.code = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        return r;
    }

  private slots:
    void initTestCase() {
        m_db = m_dir.filePath(QStringLiteral("sink.sqlite"));
        QVERIFY(m_store.open(m_db));
    }

    void pointFiguresAreSummedOnce() {
        const QList<PointStats> stats = PointStats::ofRun(stored(QStringLiteral("a"), true, true));
        QCOMPARE(stats.size(), 2);
        const SinkFigures &clean = *stats[0].sink;
        QCOMPARE(clean.sent, 90000);
        QCOMPARE(clean.received, 90000);
        QCOMPARE(clean.foreign, 3);
        QVERIFY(!stats[0].lossy());
        const SinkFigures &lossy = *stats[1].sink;
        QCOMPARE(lossy.lost, 300);
        QCOMPARE(lossy.lossPercent(), QStringLiteral("0.33%"));
        QVERIFY(stats[1].lossy());
        QVERIFY(stats[1].warnings.contains(
            QStringLiteral("lossy: 300 of 90000 packets lost (0.33%, above 0.1%)")));
        QCOMPARE(stats[1].vsPrevious->verdict, Verdict::Lossy);
        // The median of the repetitions' medians, the highest p99 and max.
        QCOMPARE(clean.latency->p50, 1100);
        QCOMPARE(clean.latency->p99, 6000);
        QCOMPARE(clean.latency->max, 40000);
        QCOMPARE(clean.latency->samples, 90000);
    }

    void leftOutRepetitionsLeaveTheirFiguresOut() {
        // burst=32's first repetition disturbed: counted by the run's
        // policy, left out with --exclude-disturbed, figures and pps alike.
        RunData data = stored(QStringLiteral("noisy"), true, true);
        StepThreadFigures busy;
        busy.minCpuShare = 0.5;
        data.steps[3].result.measured->thread = busy;
        QCOMPARE(PointStats::ofRun(data)[1].sink->sent, 90000);
        StatsOptions view;
        view.excludeDisturbed = true;
        const PointStats s = PointStats::ofRun(data, view)[1];
        QCOMPARE(s.pps.size(), 2);
        QCOMPARE(s.sink->sent, 60000);
        QCOMPARE(s.sink->lost, 200);
        QCOMPARE(s.sink->latency->p50, 2150); // the median of 2100 and 2200
    }

    // A kernel device counts every frame: what it counted beyond the
    // step's own is said, so the point's figures still add up.
    void countedBeyondSentIsSaid() {
        RunData data = stored(QStringLiteral("surplus"), true, false);
        StepFinished &m = *data.steps[0].result.measured;
        const qint64 sent = m.counters.txPkts;
        m.rxPkts = sent - 4;
        m.rxDropped = 7;
        m.rxLost = 0;
        const SinkFigures f = *PointStats::ofRun(data)[0].sink;
        QCOMPARE(f.surplus, 3);
        QCOMPARE(f.received + f.dropped + f.lost - f.surplus, f.sent);
        QVERIFY2(f.note().endsWith(QStringLiteral("counted beyond sent 3")), qPrintable(f.note()));
    }

    void netdevTextShowsTheSinkAndFlagsTheLoss() {
        const QString text = NetdevExport::run(stored(QStringLiteral("b"), true, true));
        QVERIFY2(text.contains(QRegularExpression(
                     QStringLiteral(R"(burst=32\s+tx:\s*\d+ pps \(.*\) lossy \[lossy\])"))),
                 qPrintable(text));
        QVERIFY2(
            text.contains(QRegularExpression(QStringLiteral(
                R"(\n burst=1 +90000 +0 +0\.00% +0 +3 +0\n burst=32 +89700 +300 +0\.33% +0 +0 +0 \*\n)"))),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" - burst=1: sink: foreign 3")));
        QVERIFY(text.contains(QStringLiteral(" - burst=32: sink: lost 300 (0.33%)")));
        QVERIFY(text.contains(QStringLiteral("burst=32: lossy: 300 of 90000 packets lost")));
        QVERIFY2(text.contains(QStringLiteral("TSC 2445.41 MHz (0.41 ns a tick)")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" burst=1   p50 1100 ns, p99 6000 ns, max 40000 ns")));
        for (const QString &line : text.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= NetdevExport::maxColumns, qPrintable(line));
    }

    void tablesCarryTheFiguresAndTheFlag() {
        const RunData data = stored(QStringLiteral("c"), true, true);
        const QStringList csv = TableExport::csv(data).split(QLatin1Char('\n'));
        const QStringList head = csv[0].split(QLatin1Char(','));
        for (const QString &column :
             {QStringLiteral("sink_received"), QStringLiteral("sink_lost"),
              QStringLiteral("sink_loss_share"), QStringLiteral("sink_dropped"),
              QStringLiteral("sink_foreign"), QStringLiteral("sink_reordered"),
              QStringLiteral("lossy"), QStringLiteral("latency_p50_ns"),
              QStringLiteral("latency_p99_ns"), QStringLiteral("latency_max_ns")})
            QVERIFY2(head.contains(column), qPrintable(column));
        const QStringList lossyRow = csv[2].split(QLatin1Char(','));
        QCOMPARE(lossyRow[head.indexOf(QStringLiteral("sink_lost"))], QStringLiteral("300"));
        QCOMPARE(lossyRow[head.indexOf(QStringLiteral("lossy"))], QStringLiteral("true"));
        QCOMPARE(lossyRow[head.indexOf(QStringLiteral("prev_verdict"))], QStringLiteral("lossy"));

        const QJsonArray points = QJsonDocument::fromJson(TableExport::json(data).toUtf8())
                                      .object()[QStringLiteral("points")]
                                      .toArray();
        const QJsonObject clean = points[0].toObject();
        QCOMPARE(clean[QStringLiteral("sink_foreign")].toInt(), 3);
        QCOMPARE(clean[QStringLiteral("lossy")].toBool(), false);
        QCOMPARE(clean[QStringLiteral("latency_p99_ns")].toInt(), 6000);
        QVERIFY(clean[QStringLiteral("latency_clock")].toString().contains(
            QStringLiteral("0.41 ns a tick")));
        QCOMPARE(points[1].toObject()[QStringLiteral("lossy")].toBool(), true);

        const QString md = TableExport::markdown(data);
        QVERIFY2(md.contains(QStringLiteral("| disturbed | received | lost | loss | dropped | "
                                            "foreign | reordered | p50 ns | p99 ns | max ns |")),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| 0 | 89700 | 300 | 0.33% | 0 | 0 | 0 | 2100 | "
                                            "9000 | 22000 |")),
                 qPrintable(md));
        QVERIFY(md.contains(QStringLiteral("| lossy |")));
        QVERIFY(md.contains(QStringLiteral("> latency: one-way on this host; TSC 2445.41 MHz")));
    }

    void withoutTimestampsNoLatency() {
        const RunData data = stored(QStringLiteral("d"), true, false);
        QVERIFY(!NetdevExport::run(data).contains(QStringLiteral("Latency")));
        QVERIFY(!TableExport::csv(data).contains(QStringLiteral("latency_")));
        QVERIFY(TableExport::csv(data).contains(QStringLiteral("sink_lost")));
    }

    void runWithoutSinkPrintsNoneOfIt() {
        const RunData data = stored(QStringLiteral("e"), false, false);
        const QString text = NetdevExport::run(data);
        for (const QString &word :
             {QStringLiteral("Sink"), QStringLiteral("sink:"), QStringLiteral("lossy"),
              QStringLiteral("Latency"), QStringLiteral("received")})
            QVERIFY2(!text.contains(word), qPrintable(text));
        QVERIFY(!TableExport::csv(data).contains(QStringLiteral("sink_")));
        QVERIFY(!TableExport::csv(data).contains(QStringLiteral("lossy")));
        const QJsonObject point = QJsonDocument::fromJson(TableExport::json(data).toUtf8())
                                      .object()[QStringLiteral("points")][0]
                                      .toObject();
        for (const QString &key : point.keys())
            QVERIFY2(!key.startsWith(QStringLiteral("sink_")) &&
                         !key.startsWith(QStringLiteral("latency")) &&
                         key != QStringLiteral("lossy"),
                     qPrintable(key));
        QVERIFY(!TableExport::markdown(data).contains(QStringLiteral("received")));
        const QList<PointStats> stats = PointStats::ofRun(data);
        QVERIFY(!PointStats::anySink(stats));
        QCOMPARE(stats[1].vsPrevious->verdict == Verdict::Lossy, false);
        const Cli show = cli({QStringLiteral("show"), QString::number(data.run.id)});
        QCOMPARE(show.code, 0);
        QVERIFY2(!show.out.contains(QStringLiteral("RECEIVED")) &&
                     !show.out.contains(QStringLiteral("latency")),
                 qPrintable(show.out));
    }

    void showAndCompareCarryTheFigures() {
        const RunData a = stored(QStringLiteral("base"), true, true);
        const RunData b = stored(QStringLiteral("next"), true, true);
        const Cli show = cli({QStringLiteral("show"), QString::number(a.run.id)});
        QCOMPARE(show.code, 0);
        QVERIFY2(show.out.contains(QStringLiteral("  latency: one-way on this host; TSC 2445.41 "
                                                  "MHz (0.41 ns a tick)")),
                 qPrintable(show.out));
        QVERIFY(show.out.contains(QRegularExpression(QStringLiteral(
            R"(RECEIVED +LOST +LOSS% +DROPPED +FOREIGN +REORDERED +P50 NS +P99 NS +MAX NS)"))));
        QVERIFY2(
            show.out.contains(QRegularExpression(QStringLiteral(
                R"(burst=32 .* 89700 +300 +0\.33% +0 +0 +0 +2100 +9000 +22000 .* lossy .*lossy: 300 of 90000)"))),
            qPrintable(show.out));

        const Cli compare = cli({QStringLiteral("compare"), QString::number(a.run.id),
                                 QString::number(b.run.id), QStringLiteral("--no-chart")});
        QCOMPARE(compare.code, 0);
        QVERIFY2(compare.out.contains(QRegularExpression(
                     QStringLiteral(R"(burst=32 #\d+ +89700 +300 +0\.33% +0 +0 +0 \*)"))),
                 qPrintable(compare.out));
        QVERIFY(compare.out.contains(QStringLiteral("lossy [lossy]")));
        QVERIFY(compare.out.contains(QStringLiteral("Latency, ns (one-way on this host")));
        const Cli json = cli({QStringLiteral("compare"), QString::number(a.run.id),
                              QString::number(b.run.id), QStringLiteral("--json")});
        const QJsonArray points =
            QJsonDocument::fromJson(json.out.toUtf8()).object()[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 4);
        QCOMPARE(points[3].toObject()[QStringLiteral("base_verdict")].toString(),
                 QStringLiteral("lossy"));
    }

    void jsonExportKeepsTheFigures() {
        const RunData data = stored(QStringLiteral("trip"), true, true);
        const QString file = m_dir.filePath(QStringLiteral("trip.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(TableExport::json(data).toUtf8());
        out.close();
        RunStore other;
        QVERIFY(other.open(m_dir.filePath(QStringLiteral("other.sqlite"))));
        QString error;
        const auto runs = importFile(QStringLiteral("json"), file, {}, &error);
        QVERIFY2(runs, qPrintable(error));
        const auto ids = RunImport::write(other, file, *runs, &error);
        QVERIFY2(ids, qPrintable(error));
        const auto copy = other.loadRunData(ids->ids.first());
        QVERIFY(copy);
        const QList<PointStats> before = PointStats::ofRun(data);
        const QList<PointStats> after = PointStats::ofRun(*copy);
        QCOMPARE(after.size(), before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            QVERIFY(after[i].sink && before[i].sink);
            QCOMPARE(after[i].sink->lost, before[i].sink->lost);
            QCOMPARE(after[i].sink->foreign, before[i].sink->foreign);
            QCOMPARE(after[i].sink->latency, before[i].sink->latency);
        }
        QCOMPARE(SinkFigures::clockText(copy->run.hello), SinkFigures::clockText(data.run.hello));
    }
};

QTEST_GUILESS_MAIN(TestSinkOutputs)
#include "tst_sink_outputs.moc"
