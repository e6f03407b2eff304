// The netdev text says what was run (device, lcores, queues, fixed
// parameters, the command that runs it again, what could not be probed),
// draws its plain-text charts, names runs by id and label, ends a
// comparison with the seed-style summary of its largest change, calls no
// delta between paced points better or worse, and stays within 72 columns.
#include "PostText.h"
#include "exchange/ExportFormat.h"
#include "exchange/NetdevExport.h"
#include "exchange/SweepCommandLine.h"
#include "exchange/TableExport.h"
#include "exchange/TextChart.h"
#include "exchange/TextLayout.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

using namespace burstlab;

namespace {

const char *hello = R"({"type":"hello","main_lcore":0,"worker_lcores":[1],
  "ports":[{"role":"tx","name":"net_null0","driver":"net_null","link_speed_mbps":10000}],
  "defaults":{"burst":32,"clone":0,"pkt_size":60,"duration_ms":1000,"queues":1,
              "tx_desc":1024,"rate_pps":0,"flows":1,"timestamp":false,"stats_ms":100}})";

// A burst sweep on net_null as the CLI stores it, pps per point per repetition.
RunData sweepRun(qint64 id, const QString &label, const QList<QList<double>> &reps) {
    RunData data;
    Run &run = data.run;
    run.id = id;
    run.name = QStringLiteral("burst sweep on net_null0");
    run.label = label;
    run.status = RunStatus::Completed;
    run.hello = QJsonDocument::fromJson(hello).object();
    run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8), AxisValue(32)}}};
    run.spec.fixed = {{QStringLiteral("pkt_size"), 1514},
                      {QStringLiteral("clone"), 64},
                      {QStringLiteral("queues"), 1}};
    run.spec.reps = 3;
    run.spec.durationMs = 200;
    run.spec.warmupMs = SweepSpec::defaultWarmupMs(200);
    run.spec.seed = 77;
    run.checklist = QJsonDocument::fromJson(R"([
        {"id":"smt","title":"No Hyper-Threading","status":"pass","note":"No Hyper-Threading"},
        {"id":"flow_control","title":"Ethernet flow control off","status":"unknown",
         "detail":"net_null0 sends through no kernel netdev"},
        {"id":"pci_binding","title":"Port on vfio-pci with IOMMU","status":"unknown",
         "detail":"no PCI port"},
        {"id":"numa","title":"Port and lcores on one NUMA node","status":"unknown",
         "detail":"no PCI port"}])")
                        .array();
    int seq = 0;
    for (qsizetype p = 0; p < reps.size(); ++p) {
        for (qsizetype r = 0; r < reps[p].size(); ++r) {
            StepResult step;
            step.point = Point{{run.spec.axes.first().values[p]}};
            step.rep = int(r);
            step.seq = seq++;
            step.status = reps[p][r] > 0 ? RunStatus::Completed : RunStatus::Invalid;
            step.pps = std::abs(reps[p][r]);
            if (step.status == RunStatus::Invalid)
                step.error = QStringLiteral("ring full for the whole window");
            data.steps << StepData{step, {}};
        }
    }
    return data;
}

// The lines of a section: from its title to the next blank line.
QStringList section(const QString &text, const QString &title) {
    const QStringList lines = text.split(QLatin1Char('\n'));
    const auto at = std::find_if(lines.begin(), lines.end(),
                                 [&](const QString &line) { return line.startsWith(title); });
    const qsizetype start = at == lines.end() ? -1 : at - lines.begin();
    QStringList out;
    for (qsizetype i = start; start >= 0 && i < lines.size() && !lines[i].isEmpty(); ++i)
        out << lines[i];
    return out;
}

} // namespace

class TestNetdevText : public QObject {
    Q_OBJECT

  private slots:
    void runCarriesItsSetup() {
        const RunData data =
            sweepRun(12, QStringLiteral("base"),
                     {{1e6, 1.01e6, 0.99e6}, {4e6, 4.1e6, 3.9e6}, {5e6, 5.1e6, 4.9e6}});
        const QString out = NetdevExport::run(data);
        QVERIFY2(fitsPost(out), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral(" Device: net_null0 (net_null)\n"
                                             " Engine: main lcore 0, TX lcore 1; 1 queue, tx_desc "
                                             "1024\n")),
                 qPrintable(out));
        QVERIFY(out.contains(QStringLiteral(" Sweep: burst=1,8,32\n")));
        // With --lcores 0,0 the TX lcore shares CPU 0: the CPU is named.
        RunData shared = data;
        shared.run.hello[QStringLiteral("worker_cpus")] = QJsonArray{0};
        QVERIFY2(NetdevExport::run(shared).contains(
                     QStringLiteral(" Engine: main lcore 0, TX lcore 1 on CPU 0; 1 queue")),
                 qPrintable(NetdevExport::run(shared)));
        QVERIFY(out.contains(QStringLiteral(
            " Measured: 3 reps x 200 ms (warm-up 40 ms), random order (seed 77)\n")));
        // Only what differs from the engine's defaults (queues=1 does not).
        QVERIFY(out.contains(QStringLiteral(" Fixed: clone=64 pkt_size=1514\n")));
        // The command, wrapped for the post, is the one that runs it again.
        const QStringList command = section(out, QStringLiteral(" Command:")).mid(1);
        QVERIFY(command.size() >= 2);
        QString joined;
        for (QString line : command) {
            QVERIFY2(line.size() <= 72, qPrintable(line));
            if (line.endsWith(QStringLiteral(" \\")))
                line.chop(2);
            joined += line.trimmed() + QLatin1Char(' ');
        }
        QCOMPARE(
            joined.trimmed(),
            QStringLiteral("burstlab-cli sweep --vdev net_null0 --no-huge --sweep burst=1,8,32 "
                           "--set clone=64 --set pkt_size=1514 --reps 3 --duration-ms 200 "
                           "--seed 77 --label base"));
        QCOMPARE(SweepCommandLine::arguments(data.run).join(u' '),
                 joined.trimmed().mid(QStringLiteral("burstlab-cli ").size()));
        // Setup notes name what could not be probed, and why.
        QVERIFY2(out.contains(QStringLiteral(" - not probed: flow control (net_null0 sends through "
                                             "no kernel netdev);\n   pci binding, numa (no PCI "
                                             "port)\n")),
                 qPrintable(out));
        QVERIFY(!out.contains(QStringLiteral("could not be probed")));
        QVERIFY(out.contains(QStringLiteral("line rate not checked: net_null0 (net_null) has no "
                                            "wire;")));
    }

    // Wrapped at a space, but never between pktgen's "flag" and its name: a
    // reader copies "flag NO_TIMESTAMP" whole.
    void wrapKeepsAFlagWithItsName() {
        const QString fixed = QStringLiteral(" Fixed: clone_skb=0 count=200000 dst6=fd00::1 "
                                             "pkt_size=78 flag NO_TIMESTAMP traffic_class=184");
        const QString out = TextLayout::render({fixed}, 72);
        QCOMPARE(out, QStringLiteral(" Fixed: clone_skb=0 count=200000 dst6=fd00::1 pkt_size=78\n"
                                     "   flag NO_TIMESTAMP traffic_class=184\n"));
        for (const QString &line : out.split(u'\n'))
            QVERIFY(line.size() <= 72);
    }

    void chartsAreOnByDefault() {
        const RunData data = sweepRun(3, QStringLiteral("base"),
                                      {{5614370, 5614370, 5614370},
                                       {5571279, 5571279, 5571279},
                                       {8945166, 8945166, 8945166}});
        const QString out = NetdevExport::run(data);
        if (qEnvironmentVariableIsSet("SHOW"))
            qInfo().noquote() << out;
        QVERIFY2(fitsPost(out), qPrintable(out));
        const QStringList pps = section(out, QStringLiteral("Chart: pps"));
        QCOMPARE(pps.size(), 4);
        QVERIFY2(pps[0].startsWith(QStringLiteral("Chart: pps (# = ")), qPrintable(pps[0]));
        // Bars as long as the pps (to a '#'), the printed pps at the end.
        const auto bar = [](const QString &line) { return line.count(QLatin1Char('#')); };
        QVERIFY(pps[3].endsWith(QStringLiteral(" 8945166")));
        QVERIFY(bar(pps[3]) > bar(pps[1]) && bar(pps[1]) >= bar(pps[2]));
        QVERIFY(std::abs(double(bar(pps[1])) / bar(pps[3]) - 5614370.0 / 8945166) < 0.05);
        // Deltas as signed bars around an axis: burst=8 is worse (left), burst=32 better.
        const QStringList deltas = section(out, QStringLiteral("Chart: ns saved"));
        QCOMPARE(deltas.size(), 4);
        const qsizetype axis = deltas[2].indexOf(QLatin1Char('|'));
        QVERIFY(axis > 0 && deltas[3].indexOf(QLatin1Char('|')) == axis);
        QVERIFY2(deltas[2].endsWith(QStringLiteral("-1.38")) && deltas[2][axis - 1] == u'#',
                 qPrintable(deltas[2]));
        QVERIFY2(deltas[3].endsWith(QStringLiteral("+67.70")) && deltas[3][axis + 1] == u'#',
                 qPrintable(deltas[3]));
        NetdevOptions noChart;
        noChart.chart = false;
        const QString without = NetdevExport::run(data, noChart);
        QVERIFY(!without.contains(QStringLiteral("Chart:")));
        QVERIFY(without.contains(QStringLiteral(" burst=32  tx:8945166 pps ( 67.70 ns)")));
    }

    void chartScale() {
        QCOMPARE(TextChart::niceUnit(8945166, 50), 200000.0);
        QCOMPARE(TextChart::niceUnit(69.08, 40), 2.0);
        QCOMPARE(TextChart::niceUnit(10, 40), 0.25);
        const QStringList lines =
            TextChart::signedBars(QStringLiteral("t"), QStringLiteral("ns"),
                                  {{QStringLiteral("a"), -10, QStringLiteral("-10.00")},
                                   {QStringLiteral("b"), 30, QStringLiteral("+30.00")},
                                   {QStringLiteral("c"), std::nullopt, QString()}},
                                  72);
        for (const QString &line : lines)
            QVERIFY2(line.size() <= 72, qPrintable(line));
        QCOMPARE(lines[1].indexOf(u'|'), lines[2].indexOf(u'|'));
        QCOMPARE(lines[3].indexOf(u'|'), lines[2].indexOf(u'|'));
        QCOMPARE(lines[2].count(u'#'), 3 * lines[1].count(u'#'));
    }

    void invalidRepetitionsAreShownNeverAveraged() {
        // Negative numbers mark invalid repetitions in this fixture.
        const RunData data =
            sweepRun(4, QStringLiteral("noisy"),
                     {{1e6, 1.02e6, -9e9}, {-4e6, -4.1e6, -3.9e6}, {5e6, 5.2e6, 4.9e6}});
        const QString out = NetdevExport::run(data);
        if (qEnvironmentVariableIsSet("SHOW"))
            qInfo().noquote() << out;
        QVERIFY2(fitsPost(out), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral(" burst=1   tx:1010000 pps [1 invalid]\n")),
                 qPrintable(out));
        QVERIFY(out.contains(QStringLiteral(" burst=8   no valid repetition [3 invalid]\n")));
        // burst=32 is compared with burst=1, the last point with a figure.
        QVERIFY(out.contains(QStringLiteral(" burst=32  tx:5000000 pps ( 790.10 ns)")));
        QVERIFY2(
            out.contains(QStringLiteral(" - burst=1: 1 of 3 repetitions invalid: ring full for "
                                        "the whole window\n")),
            qPrintable(out));
        QVERIFY(out.contains(QStringLiteral(" - burst=8: 3 of 3 repetitions invalid: ring full for "
                                            "the whole window\n   (3x)\n")));
        for (const QString &text :
             {out, TableExport::csv(data), TableExport::json(data), TableExport::markdown(data),
              NetdevExport::comparison(Comparison::of({data, data}))}) {
            QVERIFY2(!text.contains(QStringLiteral("nan"), Qt::CaseInsensitive) &&
                         !text.contains(QStringLiteral("inf ")),
                     qPrintable(text));
        }
        // Every repetition is in the JSON with its status and reason.
        const QJsonArray points = QJsonDocument::fromJson(TableExport::json(data).toUtf8())
                                      .object()
                                      .value(QStringLiteral("points"))
                                      .toArray();
        const QJsonArray reps = points[0].toObject().value(QStringLiteral("repetitions")).toArray();
        QCOMPARE(reps.size(), 3);
        QCOMPARE(reps[2].toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("invalid"));
        QCOMPARE(reps[2].toObject().value(QStringLiteral("reason")).toString(),
                 QStringLiteral("ring full for the whole window"));
        QCOMPARE(points[0].toObject().value(QStringLiteral("invalid")).toInt(), 1);
        QVERIFY(points[1].toObject().value(QStringLiteral("pps")).isNull());
    }

    // A rate sweep: the rate was the input, so no delta is better or worse
    // and the summary is no improvement; a point more than 1% below its
    // target says by how much.
    void pacedPointsAreNeitherBetterNorWorse() {
        RunData data =
            sweepRun(9, QStringLiteral("paced"),
                     {{9999, 10001, 10000}, {93100, 93155, 93200}, {99990, 100000, 99995}});
        data.run.spec.axes = {Axis{QStringLiteral("rate_pps"),
                                   {AxisValue(10000), AxisValue(100000), AxisValue(100001)}}};
        const QHash<qint64, qint64> rateOfBurst{{1, 10000}, {8, 100000}, {32, 100001}};
        for (StepData &step : data.steps) {
            const qint64 rate = rateOfBurst.value(step.result.point.values.first().number());
            step.result.point = Point{{AxisValue(rate)}};
            StepFinished f;
            f.params = QJsonObject{{"rate_pps", rate}};
            step.result.measured = f;
        }
        const QString out = NetdevExport::run(data);
        if (qEnvironmentVariableIsSet("SHOW"))
            qInfo().noquote() << out;
        QVERIFY2(fitsPost(out), qPrintable(out));
        QVERIFY2(out.contains(QRegularExpression(
                     QStringLiteral(R"(\n rate_pps=100000 +tx: *93155 pps \(\s*[\d.]+ ns\) )"
                                    R"(paced \[below target\]\n)"))),
                 qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral(" - rate_pps=100000: paced: 93155 of 100000 pps")),
                 qPrintable(out));
        QVERIFY(!out.contains(QStringLiteral(" better")) &&
                !out.contains(QStringLiteral(" worse")));
        QVERIFY2(out.contains(QStringLiteral("rate_pps=(10000 vs 100001) change, paced (the rate "
                                             "was the input):")),
                 qPrintable(out));
        QVERIFY(!out.contains(QStringLiteral("improvement")));
        // No delta was tested, so no correction is stated.
        QVERIFY(!out.contains(QStringLiteral("Holm")));
    }

    void comparisonNamesRunsAndEndsWithTheLargestChange() {
        // Two runs with one label: named by id, never "quoted vs quoted".
        const RunData a =
            sweepRun(3, QStringLiteral("quoted"),
                     {{5.0e6, 5.02e6, 4.98e6}, {7.0e6, 7.01e6, 6.99e6}, {8.0e6, 8.01e6, 7.99e6}});
        const RunData b =
            sweepRun(5, QStringLiteral("quoted"),
                     {{5.5e6, 5.52e6, 5.48e6}, {7.0e6, 7.02e6, 6.98e6}, {8.1e6, 8.11e6, 8.09e6}});
        const QString out = exportRuns(ExportFormat::Netdev, {a, b});
        if (qEnvironmentVariableIsSet("SHOW"))
            qInfo().noquote() << out;
        QVERIFY2(fitsPost(out), qPrintable(out));
        QVERIFY(!out.contains(QStringLiteral("quoted vs quoted")));
        QVERIFY2(out.startsWith(QStringLiteral("Comparison of 2 runs against the baseline #3 "
                                               "quoted:\n #3 quoted (baseline): ")),
                 qPrintable(out));
        // Each run's sweep names what it held fixed away from the defaults.
        QVERIFY(out.contains(
            QStringLiteral("\n #5 quoted: burst=1,8,32, clone=64 pkt_size=1514; 3 reps x 200 ms")));
        QVERIFY(out.contains(QStringLiteral("#5 quoted vs #3 quoted (ns/pkt saved")));
        QVERIFY(out.contains(QStringLiteral("Setup of #3 quoted:")));
        QVERIFY(out.contains(QStringLiteral("Setup of #5 quoted:")));
        QVERIFY(out.contains(QStringLiteral("Chart: ns saved vs the baseline #3")));
        // The largest change is burst=1: 200.00 - 181.82 ns.
        const QStringList all = out.trimmed().split(QLatin1Char('\n'));
        const QStringList last = all.mid(all.size() - 4);
        QCOMPARE(last,
                 (QStringList{QStringLiteral("Largest change: #5 quoted vs #3 quoted at burst=1 "
                                             "(better)"),
                              QStringLiteral("burst=1 (#3 vs #5) improvement:"),
                              QStringLiteral(" (1/5000000*10^9)-(1/5500000*10^9) = 18.18 ns"),
                              QStringLiteral("  + 500000 pps")}));
    }
};

QTEST_GUILESS_MAIN(TestNetdevText)
#include "tst_netdev_text.moc"
