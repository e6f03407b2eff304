// The core side of a kernel pktgen run, without an engine: the pktgen
// engine's hello read from its fixture, the command that starts it, the
// sweep rules' refusals of what it does not take, a pktgen run's netdev text
// and setup notes under pktgen's names and versions, its reproduce command,
// its checklist context, and its comparison with a DPDK run.
#include "PktgenRunData.h"
#include "compare/Comparison.h"
#include "compare/RunMatch.h"
#include "engine/EngineCommand.h"
#include "engine/EngineExit.h"
#include "engine/EngineHello.h"
#include "engine/EngineMessageParser.h"
#include "exchange/ExportFormat.h"
#include "exchange/NetdevExport.h"
#include "exchange/PktgenImport.h"
#include "exchange/RunSetup.h"
#include "exchange/SweepCommandLine.h"
#include "exchange/TableExport.h"
#include "host/Checklist.h"
#include "host/LoadProbe.h"
#include "model/StepParameters.h"
#include "store/RunStore.h"
#include "sweep/SweepRules.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;
using testdata::burstRun;
using testdata::pktgenFixture;

namespace {

EngineMessage parsed(const QJsonObject &hello) {
    return EngineMessageParser::parse(hello);
}

QString violation(const QJsonObject &hello) {
    const EngineMessage m = parsed(hello);
    const auto *v = std::get_if<ProtocolViolation>(&m);
    return v ? v->message : QString();
}

SweepSpec pktgenSpec() {
    SweepSpec spec;
    spec.engine.kind = EngineKind::Pktgen;
    spec.engine.device = QStringLiteral("dummy0");
    spec.engine.noHuge = false;
    spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(32)}}};
    spec.warmupMs = SweepSpec::defaultWarmupMs(spec.durationMs, EngineKind::Pktgen);
    return spec;
}

// The problems of a spec, field: message, for the engine-less rules.
QList<FieldProblem> problems(const SweepSpec &spec) {
    return SweepRules::check(spec, {std::nullopt, std::nullopt});
}

QString problemOf(const QList<FieldProblem> &list, const QString &field) {
    for (const FieldProblem &p : list) {
        if (p.field == field)
            return p.message;
    }
    return {};
}

// The run as a store keeps it and gives it back.
RunData storedAndLoaded(const RunData &run) {
    QTemporaryDir dir;
    RunStore store;
    if (!store.open(dir.filePath(QStringLiteral("runs.sqlite"))))
        qFatal("store: %s", qPrintable(store.lastError()));
    const auto id = store.insertRunData(run);
    const auto loaded = id ? store.loadRunData(*id) : std::nullopt;
    if (!loaded)
        qFatal("store: %s", qPrintable(store.lastError()));
    return *loaded;
}

} // namespace

class TestPktgenRuns : public QObject {
    Q_OBJECT

  private slots:
    void helloOfThePktgenEngine() {
        const EngineMessage m = parsed(pktgenFixture(QStringLiteral("hello.json")));
        const auto *h = std::get_if<EngineHello>(&m);
        QVERIFY2(h, qPrintable(violation(pktgenFixture(QStringLiteral("hello.json")))));
        QCOMPARE(h->kind, EngineKind::Pktgen);
        QCOMPARE(h->kernelVersion, QStringLiteral("6.1.0-uml"));
        QVERIFY(h->dpdkVersion.isEmpty());
        QCOMPARE(h->tscHz, 1000000000);
        QCOMPARE(h->tscSource, QStringLiteral("clock_monotonic"));
        // pktgen has no lcores: its threads' CPUs stand for them
        QCOMPARE(h->workerCpus, QList<qint64>{1});
        QCOMPARE(h->workerLcores, QList<qint64>{1});
        QCOMPARE(h->transmitPath(), QStringLiteral("Linux 6.1.0-uml, pktgen 2.75"));
        QVERIFY2(h->summary().startsWith(QStringLiteral(
                     "burstlab-pktgen-engine 0.1.0, Linux 6.1.0-uml, pktgen 2.75, dummy0 (dummy")),
                 qPrintable(h->summary()));
        // the limits are pktgen's only
        QVERIFY(!h->stepLimits().knows(QStringLiteral("tx_desc")));
        QCOMPARE(h->stepLimits().range(QStringLiteral("warmup_ms"))->max, 0);
    }

    void helloWithoutAKindIsTheDpdkEngines() {
        const EngineMessage m = parsed(pktgenFixture(QStringLiteral("dpdk_hello.json")));
        const auto *h = std::get_if<EngineHello>(&m);
        QVERIFY(h);
        QCOMPARE(h->kind, EngineKind::Dpdk);
        QCOMPARE(h->transmitPath(), QStringLiteral("DPDK 22.11.11"));
        QVERIFY(h->summary().startsWith(QStringLiteral("burstlab-engine 0.1.0, DPDK 22.11.11")));
    }

    void eachKindNeedsItsOwnVersions() {
        QJsonObject pktgen = pktgenFixture(QStringLiteral("hello.json"));
        pktgen.remove(QStringLiteral("kernel_version"));
        QVERIFY2(violation(pktgen).contains(QStringLiteral("kernel_version")),
                 qPrintable(violation(pktgen)));
        pktgen = pktgenFixture(QStringLiteral("hello.json"));
        pktgen.remove(QStringLiteral("pktgen_version"));
        QVERIFY(violation(pktgen).contains(QStringLiteral("pktgen_version")));
        // a DPDK hello still needs dpdk_version, and a pktgen hello without
        // worker_cpus says so
        QJsonObject dpdk = pktgenFixture(QStringLiteral("dpdk_hello.json"));
        dpdk.remove(QStringLiteral("dpdk_version"));
        QVERIFY(violation(dpdk).contains(QStringLiteral("dpdk_version")));
        pktgen = pktgenFixture(QStringLiteral("hello.json"));
        pktgen.remove(QStringLiteral("worker_cpus"));
        QVERIFY(violation(pktgen).contains(QStringLiteral("worker_cpus")));
    }

    void unknownKindIsRefused() {
        QJsonObject hello = pktgenFixture(QStringLiteral("hello.json"));
        hello.insert(QStringLiteral("engine_kind"), QStringLiteral("xdp"));
        QCOMPARE(violation(hello), QStringLiteral("hello.engine_kind: expected dpdk or pktgen"));
    }

    void versionMismatchNamesTheProgram() {
        QJsonObject hello = pktgenFixture(QStringLiteral("hello.json"));
        hello.insert(QStringLiteral("protocol"), 3);
        QVERIFY2(
            violation(hello).endsWith(QStringLiteral("install matching versions of burstlab and "
                                                     "burstlab-pktgen-engine")),
            qPrintable(violation(hello)));
        hello.remove(QStringLiteral("engine_kind"));
        QVERIFY(violation(hello).endsWith(
            QStringLiteral("install matching versions of burstlab and burstlab-engine")));
    }

    void commandStartsThePktgenEngine() {
        EngineLaunch launch;
        launch.kind = EngineKind::Pktgen;
        launch.device = QStringLiteral("eth5");
        launch.lcores = QStringLiteral("2-3");
        const QStringList args{QStringLiteral("--device"), QStringLiteral("eth5"),
                               QStringLiteral("--threads"), QStringLiteral("2-3")};
        const EngineCommand direct = EngineCommand::fromLaunch(launch, QStringLiteral("/opt/bl"));
        QCOMPARE(direct.program, QStringLiteral("/opt/bl/burstlab-pktgen-engine"));
        QCOMPARE(direct.arguments, args);
        QCOMPARE(direct.kind, EngineKind::Pktgen);
        launch.mode = QStringLiteral("sudo");
        const EngineCommand sudo = EngineCommand::fromLaunch(launch, QStringLiteral("/opt/bl"));
        QCOMPARE(sudo.arguments, QStringList({QStringLiteral("-n"),
                                              QStringLiteral("/opt/bl/burstlab-pktgen-engine")}) +
                                     args);
        launch.mode = QStringLiteral("pkexec");
        QCOMPARE(EngineCommand::fromLaunch(launch, QStringLiteral("/opt/bl")).arguments,
                 QStringList{QStringLiteral("/opt/bl/burstlab-pktgen-engine")} + args);
        launch.mode = QStringLiteral("ssh");
        launch.sshHost = QStringLiteral("lab");
        const EngineCommand ssh = EngineCommand::fromLaunch(launch, QStringLiteral("/opt/bl"));
        QVERIFY2(ssh.arguments.join(u' ').endsWith(
                     QStringLiteral("lab burstlab-pktgen-engine --device eth5 --threads 2-3")),
                 qPrintable(ssh.arguments.join(u' ')));
        // without lcores the engine picks its thread
        launch.mode = QStringLiteral("direct");
        launch.sshHost.clear();
        launch.lcores.clear();
        QCOMPARE(EngineCommand::fromLaunch(launch, QStringLiteral("/opt/bl")).arguments,
                 args.mid(0, 2));
        // the pktgen engine asks for no hugepages, whatever noHuge says
        launch.noHuge = false;
        QVERIFY(!EngineCommand::hugepagesReservedFor(launch));
        QCOMPARE(describeEngineExitCode(3, EngineKind::Pktgen),
                 QStringLiteral("the kernel has no pktgen (modprobe pktgen)"));
        QCOMPARE(describeEngineExitCode(3), QStringLiteral("EAL initialisation failed"));
    }

    void launchRulesOfEachKind() {
        SweepSpec spec = pktgenSpec();
        QVERIFY2(problems(spec).isEmpty(), qPrintable(problems(spec).value(0).text()));
        spec.engine.device.clear();
        QVERIFY(problemOf(problems(spec), QStringLiteral("engine.device"))
                    .contains(QStringLiteral("kernel network device")));
        for (const QString &bad :
             {QStringLiteral("-rf"), QStringLiteral("a/b"), QStringLiteral("sixteen-chars-xx"),
              QStringLiteral(".."), QStringLiteral("dummy0,"), QStringLiteral("dummy0,a/b")}) {
            spec.engine.device = bad;
            QVERIFY2(!problemOf(problems(spec), QStringLiteral("engine.device")).isEmpty(),
                     qPrintable(bad));
        }
        // Several devices, each once.
        spec.engine.device = QStringLiteral("dummy0,dummy1");
        QVERIFY(problemOf(problems(spec), QStringLiteral("engine.device")).isEmpty());
        spec.engine.device = QStringLiteral("dummy0,dummy0");
        QCOMPARE(problemOf(problems(spec), QStringLiteral("engine.device")),
                 QStringLiteral("dummy0 is named twice"));
        spec = pktgenSpec();
        spec.engine.vdevs = {QStringLiteral("net_null0")};
        QVERIFY(problemOf(problems(spec), QStringLiteral("engine.vdevs"))
                    .contains(QStringLiteral("pktgen engine sends on its kernel device")));
        // memory is DPDK's: not checked for pktgen
        spec = pktgenSpec();
        spec.engine.memoryMb = 1;
        QVERIFY(problems(spec).isEmpty());
        SweepSpec dpdk;
        dpdk.engine.vdevs = {QStringLiteral("net_null0")};
        dpdk.engine.device = QStringLiteral("eth0");
        dpdk.axes = spec.axes;
        QVERIFY(problemOf(problems(dpdk), QStringLiteral("engine.kernel_device"))
                    .contains(QStringLiteral("goes with the pktgen engine")));
    }

    void parametersPktgenDoesNotTakeAreRefused() {
        const QString takes =
            StepParameters::takenBy(EngineKind::Pktgen).join(QStringLiteral(", "));
        QVERIFY(takes.startsWith(QStringLiteral("burst, clone, pkt_size")));
        QVERIFY(!takes.contains(QStringLiteral("tx_desc")));
        QVERIFY(!takes.contains(QStringLiteral("src_port"))); // older forms are not offered
        SweepSpec spec = pktgenSpec();
        spec.axes = {Axis{QStringLiteral("tx_desc"), {AxisValue(512), AxisValue(1024)}}};
        QCOMPARE(
            problemOf(problems(spec), QStringLiteral("tx_desc")),
            QStringLiteral("the pktgen engine does not take tx_desc (it takes %1)").arg(takes));
        spec = pktgenSpec();
        spec.fixed.insert(QStringLiteral("warmup_ms"), 10);
        QVERIFY(problemOf(problems(spec), QStringLiteral("warmup_ms"))
                    .startsWith(QStringLiteral("the pktgen engine does not take warmup_ms")));
        spec.fixed = {{QStringLiteral("clone"), 64}, {QStringLiteral("rate_pps"), 100000}};
        QVERIFY(problems(spec).isEmpty());
        // the DPDK engine takes them all
        spec.engine = EngineLaunch{};
        spec.engine.vdevs = {QStringLiteral("net_null0")};
        spec.warmupMs = SweepSpec::defaultWarmupMs(spec.durationMs);
        spec.fixed = {{QStringLiteral("timestamp"), true}};
        QVERIFY(problems(spec).isEmpty());
    }

    void pktgenHasNoWarmup() {
        SweepSpec spec = pktgenSpec();
        QCOMPARE(spec.warmupMs, 0);
        spec.warmupMs = 100;
        QCOMPARE(problemOf(problems(spec), QStringLiteral("warmup_ms")),
                 QStringLiteral("the pktgen engine has no warm-up (pktgen measures from its first "
                                "packet): it must be 0, got 100 ms"));
    }

    // Seed 000's lines, from a run of the pktgen engine at seed 000's rates.
    // pktgen's window counts packets, which are its driver calls: a slow
    // paced sweep is refused only when its packets are too few, not its
    // bursts.
    void pacedPktgenCountsPackets() {
        SweepSpec spec = pktgenSpec();
        spec.fixed.insert(QStringLiteral("rate_pps"), 2000);
        QCOMPARE(problemOf(problems(spec), QStringLiteral("rate_pps")), QString());
        spec.engine.kind = EngineKind::Dpdk;
        QVERIFY(problemOf(problems(spec), QStringLiteral("rate_pps"))
                    .contains(QStringLiteral("tx_burst calls")));
        spec.engine.kind = EngineKind::Pktgen;
        spec.fixed.insert(QStringLiteral("rate_pps"), 50);
        QVERIFY(problemOf(problems(spec), QStringLiteral("rate_pps"))
                    .contains(QStringLiteral("about 50 packets")));
    }

    // A pktgen run sends at pktgen's own burst 1 unless told otherwise, and
    // its text says which burst and clone it used; a DPDK run keeps 32.
    void eachKindHasItsOwnBurstDefault() {
        const QString burst = QStringLiteral("burst");
        QCOMPARE(StepParameters::defaultOf(burst, EngineKind::Pktgen), QJsonValue(1));
        QCOMPARE(StepParameters::defaultOf(burst, EngineKind::Dpdk), QJsonValue(32));
        QCOMPARE(StepParameters::defaultOf(QStringLiteral("clone"), EngineKind::Pktgen),
                 QJsonValue(0));
        QCOMPARE(StepLimits::documented(EngineKind::Pktgen).defaultValue(burst), QJsonValue(1));
        // pktgen takes it as "burst"; the seeds' tables call it skb_burst
        const StepParameter *p = StepParameters::find(burst);
        QCOMPARE(p->pktgen, burst);
        QCOMPARE(p->textName(EngineKind::Pktgen), QStringLiteral("skb_burst"));
        QVERIFY(StepParameters::text().contains(QStringLiteral(
            "burst (integer, 1..65536 (DPDK 1..512); default 32 (pktgen 1); sweepable; dpdk and "
            "pktgen)")));
        // --set burst=32 on a pktgen run is a change worth saying, 1 is not
        SweepSpec spec = pktgenSpec();
        spec.axes = {Axis{QStringLiteral("clone"), {AxisValue(0), AxisValue(64)}}};
        spec.fixed.insert(burst, 32);
        QCOMPARE(spec.fixedChanges(), QStringList{QStringLiteral("burst=32")});
        spec.fixed.insert(burst, 1);
        QCOMPARE(spec.fixedChanges(), QStringList());

        // A clone_skb table with no burst set names the burst it ran at.
        NetdevOptions options;
        options.chart = false;
        RunData data =
            burstRun(EngineKind::Pktgen, QStringLiteral("kernel"), testdata::seed000Rates());
        data.run.spec.axes.first().name = QStringLiteral("clone");
        QString text = NetdevExport::run(data, options);
        QVERIFY2(text.contains(QStringLiteral(" Fixed: skb_burst=1\n")), qPrintable(text));
        data.run.spec.engine.kind = EngineKind::Dpdk;
        data.run.hello = pktgenFixture(QStringLiteral("dpdk_hello.json"));
        text = NetdevExport::run(data, options);
        QVERIFY2(text.contains(QStringLiteral(" Fixed: burst=32\n")), qPrintable(text));
    }

    // A count that cannot make a valid window on any host is refused before
    // anything runs, naming the least count that can.
    void countTooSmallForAWindowIsRefused() {
        SweepSpec spec = pktgenSpec();
        spec.fixed.insert(QStringLiteral("count"), 99);
        QCOMPARE(problemOf(problems(spec), QStringLiteral("count")),
                 QStringLiteral("count=99 at burst=32 makes at most 99 packets, fewer than the "
                                "100 a valid repetition needs: count must be at least 100"));
        spec.fixed.insert(QStringLiteral("count"), 100);
        QCOMPARE(problemOf(problems(spec), QStringLiteral("count")), QString());
        spec.engine.kind = EngineKind::Dpdk;
        QCOMPARE(problemOf(problems(spec), QStringLiteral("count")),
                 QStringLiteral("count=100 at burst=32 makes at most 3 tx_burst calls, fewer than "
                                "the 100 a valid repetition needs: count must be at least 3200"));
    }

    // pktgen's own Result rate is kept from the finished message through
    // the store to every point of every export, beside the figure computed
    // from the same packets and microseconds; a DPDK run has none.
    void pktgensOwnRateIsKept() {
        const RunData data = burstRun(EngineKind::Pktgen, QStringLiteral("kernel"),
                                      {{1, 5571279.4}, {2, 6942820.6}}, {}, 1);
        QCOMPARE(data.steps.first().result.measured->pktgenPps(), std::optional<double>(5571279));
        const RunData stored = storedAndLoaded(data);
        const QList<PointStats> stats = PointStats::ofRun(stored, StatsOptions{});
        QCOMPARE(stats.first().pktgenPpsFigure, std::optional<qint64>(5571279));
        QCOMPARE(stats.last().pktgenPpsFigure, std::optional<qint64>(6942820));
        QCOMPARE(stats.last().ppsFigure, std::optional<qint64>(6942821));
        NetdevOptions options;
        options.chart = false;
        const QString text = NetdevExport::run(stored, options);
        QVERIFY2(text.contains(QStringLiteral(
                     " pktgen's own Result rate of each point: within 1 pps of it\n")),
                 qPrintable(text));
        const QString csv = exportRuns(ExportFormat::Csv, {stored});
        QVERIFY2(csv.section(QLatin1Char('\n'), 0, 0).contains(QStringLiteral(",pktgen_pps,")),
                 qPrintable(csv));
        QVERIFY(csv.contains(QStringLiteral(",5571279,")));

        const RunData dpdk = burstRun(EngineKind::Dpdk, QStringLiteral("dpdk"), {{1, 5571279}});
        QVERIFY(!dpdk.steps.first().result.measured->pktgenPps());
        QVERIFY(!NetdevExport::run(dpdk, options).contains(QStringLiteral("pktgen's own")));
        QVERIFY(!exportRuns(ExportFormat::Csv, {dpdk}).contains(u"pktgen_pps"));
    }

    // A step on two devices: each device's pps is the median of its own
    // entries' rates, and the devices add up to the point.
    void eachDeviceHasItsFigure() {
        RunData data = burstRun(EngineKind::Pktgen, QStringLiteral("two"), {{32, 3000000}}, {}, 3);
        const double dummy1[] = {1000000, 1100000, 900000};
        for (qsizetype r = 0; r < data.steps.size(); ++r) {
            StepFinished f = *data.steps[r].result.measured;
            LcoreFinished first = f.lcores.first();
            first.device = QStringLiteral("dummy0@burstlab0");
            first.window.pps = f.window.pps - dummy1[r];
            LcoreFinished second = first;
            second.lcore = 1;
            second.device = QStringLiteral("dummy1@burstlab0");
            second.window.pps = dummy1[r];
            f.lcores = {first, second};
            data.steps[r].result.applyFinished(f);
        }
        const QList<PointStats> stats = PointStats::ofRun(data, StatsOptions{});
        QCOMPARE(stats.size(), 1);
        const auto &devices = stats.first().devices;
        QCOMPARE(devices.size(), 2);
        QCOMPARE(devices[0].device, QStringLiteral("dummy0"));
        QCOMPARE(devices[0].pps, std::optional<qint64>(2000000));
        QCOMPARE(devices[1].device, QStringLiteral("dummy1"));
        QCOMPARE(devices[1].pps, std::optional<qint64>(1000000));
        QCOMPARE(*devices[0].pps + *devices[1].pps, *stats.first().ppsFigure);
        // Every output carries the same per-device figures.
        const QString netdev = NetdevExport::run(data);
        QVERIFY2(netdev.contains(QStringLiteral("Per device")), qPrintable(netdev));
        QVERIFY2(QRegularExpression(QStringLiteral("skb_burst=32  dummy0\\s+2,000,000 pps\\s+"
                                                   "500.00 ns/packet\\n\\s+dummy1\\s+1,000,000 "
                                                   "pps\\s+1000.00 ns/packet"))
                     .match(netdev)
                     .hasMatch(),
                 qPrintable(netdev));
        const QJsonArray json = QJsonDocument::fromJson(TableExport::json(data).toUtf8())
                                    .object()
                                    .value(QStringLiteral("points"))
                                    .toArray();
        QCOMPARE(json.first().toObject().value(QStringLiteral("device_pps")).toArray(),
                 (QJsonArray{QJsonObject{{QStringLiteral("device"), QStringLiteral("dummy0")},
                                         {QStringLiteral("pps"), 2000000}},
                             QJsonObject{{QStringLiteral("device"), QStringLiteral("dummy1")},
                                         {QStringLiteral("pps"), 1000000}}}));
        QVERIFY(TableExport::csv(data).contains(QStringLiteral(",dummy0=2000000;dummy1=1000000,")));
        QVERIFY(TableExport::markdown(data).contains(
            QStringLiteral("| dummy0=2000000;dummy1=1000000 |")));
        // One device: no per-device figures to print.
        QVERIFY(
            PointStats::ofRun(burstRun(EngineKind::Pktgen, QStringLiteral("one"), {{32, 3000000}}),
                              StatsOptions{})
                .first()
                .devices.isEmpty());
    }

    void netdevTextUsesPktgensNames() {
        const RunData data =
            burstRun(EngineKind::Pktgen, QStringLiteral("kernel"), testdata::seed000Rates(),
                     {{QStringLiteral("clone"), 64},
                      {QStringLiteral("xmit_mode"), QStringLiteral("netif_receive")},
                      {QStringLiteral("flags"),
                       QJsonArray{QStringLiteral("UDPCSUM"), QStringLiteral("QUEUE_MAP_CPU")}}});
        NetdevOptions options;
        options.chart = false;
        const QString text = NetdevExport::run(data, options);
        // pktgen's flags as its scripts write them, each once.
        QVERIFY2(text.contains(QStringLiteral("xmit_mode=netif_receive")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("flag UDPCSUM flag QUEUE_MAP_CPU")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("--set flags=UDPCSUM,QUEUE_MAP_CPU")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(" skb_burst=1  tx:5571279 pps\n")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" skb_burst=2  tx:6942821 pps ( 35.46 ns)\n")));
        QVERIFY(text.contains(QStringLiteral(" skb_burst=3  tx:7556214 pps ( 11.69 ns)\n")));
        QVERIFY(text.contains(QStringLiteral("skb_burst=(1 vs 3) improvement:")));
        QVERIFY(text.contains(QStringLiteral(" Sweep: skb_burst=1..3\n")));
        QVERIFY2(text.contains(QStringLiteral(" Fixed: clone_skb=64")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" Engine: kernel pktgen; pktgen thread on CPU 1")));
        QVERIFY(!text.contains(QStringLiteral("tx_desc")));
        QVERIFY(!text.contains(QStringLiteral("\n burst="))); // but --sweep burst= in Command
        // the kernel and pktgen that sent, not DPDK
        QVERIFY2(text.contains(QStringLiteral(" - Kernel 6.1.0-uml, pktgen 2.75")),
                 qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("DPDK")));
        QCOMPARE(data.run.fingerprint.value(QStringLiteral("kernel_release")),
                 QStringLiteral("6.1.0-uml"));
        QCOMPARE(data.run.fingerprint.value(QStringLiteral("pktgen_version")),
                 QStringLiteral("2.75"));
        QVERIFY(!data.run.fingerprint.contains(QStringLiteral("dpdk_version")));
        QVERIFY(RunSetup::host(data.run).endsWith(QStringLiteral("Kernel 6.1.0-uml, pktgen 2.75")));
        // a DPDK run of the same rates keeps burstlab's names and says DPDK
        const QString dpdk =
            NetdevExport::run(burstRun(EngineKind::Dpdk, QStringLiteral("dpdk"),
                                       testdata::seed000Rates(), {{QStringLiteral("clone"), 64}}),
                              options);
        QVERIFY(dpdk.contains(QStringLiteral(" burst=2  tx:6942821 pps ( 35.46 ns)\n")));
        QVERIFY(dpdk.contains(QStringLiteral(" Fixed: clone=64\n")));
        QVERIFY(dpdk.contains(QStringLiteral("DPDK 22.11.11")));
    }

    void reproduceCommandNamesTheEngine() {
        const RunData data = burstRun(EngineKind::Pktgen, QStringLiteral("kernel"),
                                      testdata::seed000Rates(), {{QStringLiteral("clone"), 64}});
        QCOMPARE(SweepCommandLine::arguments(data.run),
                 (QStringList{"sweep", "--engine-kind", "pktgen", "--device", "dummy0", "--lcores",
                              "1", "--sweep", "burst=1..3", "--set", "clone=64", "--reps", "2",
                              "--duration-ms", "1000", "--sequential", "--label", "kernel"}));
        // The receiving end the run set and measured is part of the command.
        RunData receiving = data;
        receiving.run.spec.engine.hostDevice = QStringLiteral("veth1");
        const QStringList withHost = SweepCommandLine::arguments(receiving.run);
        QCOMPARE(withHost.mid(3, 4), (QStringList{"--device", "dummy0", "--host-device", "veth1"}));
        const RunData dpdk =
            burstRun(EngineKind::Dpdk, QStringLiteral("dpdk"), testdata::seed000Rates());
        const QStringList args = SweepCommandLine::arguments(dpdk.run);
        QVERIFY(!args.contains(QStringLiteral("--engine-kind")));
        QVERIFY(args.contains(QStringLiteral("--no-huge")));
    }

    // A stored run keeps its kind and device.
    void storeKeepsTheKind() {
        QTemporaryDir dir;
        RunStore store;
        QVERIFY(store.open(dir.filePath(QStringLiteral("runs.sqlite"))));
        const auto id = store.insertRunData(
            burstRun(EngineKind::Pktgen, QStringLiteral("kernel"), testdata::seed000Rates()));
        QVERIFY2(id, qPrintable(store.lastError()));
        const auto loaded = store.loadRunData(*id);
        QVERIFY(loaded);
        QCOMPARE(loaded->run.spec.engine.kind, EngineKind::Pktgen);
        QCOMPARE(loaded->run.spec.engine.device, QStringLiteral("dummy0"));
        QCOMPARE(loaded->run.spec.warmupMs, 0);
        QCOMPARE(loaded->run.device(), QStringLiteral("dummy0 (dummy)"));
    }

    // pktgen has no tx_burst calls, TX ring, retries, mbufs, busy loop or
    // cycle counts: its engine leaves them out of its stats and finished
    // messages, the client reads them as not measured, the store keeps NULL
    // and no output prints a 0 for them; from the DPDK engine the same
    // messages are refused.
    void pktgenCountersNotMeasuredAreNotZero() {
        const QStringList dpdkOnly{
            QStringLiteral("tx_calls"),       QStringLiteral("ring_full"),
            QStringLiteral("retries"),        QStringLiteral("alloc_fail"),
            QStringLiteral("busy_cycles"),    QStringLiteral("mbufs_built"),
            QStringLiteral("burst_hist"),     QStringLiteral("cycles_per_pkt"),
            QStringLiteral("cpu_ns_per_pkt"), QStringLiteral("mbufs_in_use")};
        const QJsonObject message = pktgenFixture(QStringLiteral("finished.json"));
        const EngineMessage m = EngineMessageParser::parse(message, EngineKind::Pktgen);
        const auto *f = std::get_if<StepFinished>(&m);
        QVERIFY(f);
        QVERIFY(!f->counters.txCalls && !f->counters.ringFull && !f->counters.retries &&
                !f->counters.allocFail && !f->counters.busyCycles && !f->counters.mbufsBuilt);
        QVERIFY(!f->burstHist && !f->cyclesPerPkt && !f->cpuNsPerPkt && !f->mbufsInUse);
        QVERIFY(!f->window.txCalls && !f->lcores.first().window.txCalls);
        QVERIFY(!f->lcores.first().counters.txCalls && !f->lcores.first().cpuNs);
        const EngineMessage fromDpdk = parsed(message);
        const auto *refused = std::get_if<ProtocolViolation>(&fromDpdk);
        QVERIFY(refused);
        QCOMPARE(refused->message, QStringLiteral("finished.tx_calls: missing"));

        const QJsonObject stats{{QStringLiteral("type"), QStringLiteral("stats")},
                                {QStringLiteral("id"), 1},
                                {QStringLiteral("t_ns"), 100000000},
                                {QStringLiteral("tx_pkts"), 5000},
                                {QStringLiteral("tx_bytes"), 300000},
                                {QStringLiteral("tx_errors"), 0}};
        const EngineMessage sm = EngineMessageParser::parse(stats, EngineKind::Pktgen);
        const auto *sample = std::get_if<Sample>(&sm);
        QVERIFY(sample);
        QCOMPARE(sample->txPkts, 5000);
        QVERIFY(!sample->txCalls && !sample->busyCycles && !sample->mbufsBuilt);
        const EngineMessage dpdkStats = EngineMessageParser::parse(stats);
        QVERIFY(std::holds_alternative<ProtocolViolation>(dpdkStats));
        QVERIFY(std::get<ProtocolViolation>(dpdkStats).message.contains(u"tx_calls"));

        // Stored as NULL, read back as not measured.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("runs.sqlite"));
        RunData run = burstRun(EngineKind::Pktgen, QStringLiteral("kernel"), {{1, 5571279}}, {}, 1);
        run.steps.first().samples << *sample;
        {
            RunStore store;
            QVERIFY(store.open(path));
            const auto id = store.insertRunData(run);
            QVERIFY2(id, qPrintable(store.lastError()));
            const auto loaded = store.loadRunData(*id);
            QVERIFY(loaded);
            const StepData &step = loaded->steps.first();
            QVERIFY(!step.result.cyclesPerPkt);
            QVERIFY(step.result.measured && !step.result.measured->counters.txCalls);
            QVERIFY(!step.result.measured->burstHist);
            QCOMPARE(step.samples.size(), 1);
            QVERIFY(!step.samples.first().txCalls && !step.samples.first().ringFull);
            QCOMPARE(step.samples.first().txPkts, 5000);
            run = *loaded;
        }
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "nulls");
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM samples WHERE tx_calls IS NULL AND "
                                      "ring_full IS NULL AND retries IS NULL AND alloc_fail IS "
                                      "NULL AND busy_cycles IS NULL AND mbufs_built IS NULL")) &&
                q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM steps WHERE cycles_per_pkt IS NULL")) &&
                q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        q = QSqlQuery();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("nulls"));

        // No output prints them, as 0 or at all: JSON null where a field
        // stands for every engine (a step's cycles_per_pkt, a sample's
        // counters), left out of the finished message as the engine did.
        const QJsonObject json =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, {run}).toUtf8()).object();
        const QJsonObject step = json.value(QStringLiteral("runs"))
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value(QStringLiteral("steps"))
                                     .toArray()
                                     .first()
                                     .toObject();
        QVERIFY(step.contains(QStringLiteral("cycles_per_pkt")));
        QVERIFY(step.value(QStringLiteral("cycles_per_pkt")).isNull());
        const QJsonObject jsonSample =
            step.value(QStringLiteral("samples")).toArray().first().toObject();
        const QJsonObject totals = step.value(QStringLiteral("totals")).toObject();
        for (const QString &name : dpdkOnly) {
            QVERIFY2(!totals.contains(name), qPrintable(name));
            if (jsonSample.contains(name))
                QVERIFY2(jsonSample.value(name).isNull(), qPrintable(name));
        }
        QVERIFY(jsonSample.contains(QStringLiteral("tx_calls")));
        for (ExportFormat format : {ExportFormat::Csv, ExportFormat::Json, ExportFormat::Netdev,
                                    ExportFormat::Markdown}) {
            const QString text = exportRuns(format, {run});
            for (const QString &name : dpdkOnly) {
                // "name":0, also as a CSV cell quotes it.
                const QRegularExpression zero(QStringLiteral("\"%1\"+\\s*:\\s*0\\b").arg(name));
                QVERIFY2(!text.contains(zero), qPrintable(toString(format) + u' ' + name));
            }
        }
    }

    // pktgen's errors (sends the device or, with queue_xmit, its qdisc
    // refused) are read from its finished message, kept by the store and
    // said for the point in every output: they are not in the pps.
    void pktgenErrorsAreSaid() {
        QJsonObject message = pktgenFixture(QStringLiteral("finished.json"));
        message.insert(QStringLiteral("tx_errors"), 12);
        const EngineMessage m = EngineMessageParser::parse(message, EngineKind::Pktgen);
        const auto *f = std::get_if<StepFinished>(&m);
        QVERIFY(f);
        QCOMPARE(f->txErrors, std::optional<qint64>(12));
        RunData run = burstRun(EngineKind::Pktgen, QStringLiteral("qdisc"), {{1, 5571279}}, {}, 2);
        for (StepData &step : run.steps)
            step.result.measured->txErrors = 12;
        const RunData loaded = storedAndLoaded(run);
        QCOMPARE(loaded.steps.first().result.measured->txErrors, std::optional<qint64>(12));
        const QString said = QStringLiteral("pktgen counted 24 errors: sends the device or its "
                                            "qdisc refused, not in tx_pkts or the pps");
        QVERIFY(PointStats::ofRun(loaded).first().warnings.contains(said));
        for (ExportFormat format : {ExportFormat::Netdev, ExportFormat::Csv,
                                    ExportFormat::Markdown}) {
            const QString text = exportRuns(format, {loaded}).simplified();
            QVERIFY2(text.contains(QStringLiteral("pktgen counted 24 errors")),
                     qPrintable(toString(format) + u' ' + text));
        }
        // Nothing said for a run without them.
        const RunData none = burstRun(EngineKind::Pktgen, QStringLiteral("n"), {{1, 5571279}});
        QVERIFY(!PointStats::ofRun(none).first().warnings.join(u' ').contains(u"errors"));
    }

    // The two engines' runs meet point by point; what differs between their
    // launches is said, DPDK's own settings (hugepages, sink) are not.
    void pktgenAndDpdkRunsCompare() {
        const RunData dpdk = burstRun(EngineKind::Dpdk, QStringLiteral("dpdk"),
                                      {{1, 20000000}, {2, 30000000}, {3, 35000000}});
        const RunData pktgen =
            burstRun(EngineKind::Pktgen, QStringLiteral("kernel"), testdata::seed000Rates());
        const RunMatch match = RunMatch::of({dpdk, pktgen});
        QCOMPARE(match.axisNames, QStringList{QStringLiteral("burst")});
        QVERIFY(match.unmatched.isEmpty());
        QVERIFY2(match.settingDifferences.contains(
                     QStringLiteral("engine: dpdk in dpdk, pktgen in kernel")),
                 qPrintable(match.settingDifferences.join(u'\n')));
        QVERIFY(match.settingDifferences.contains(
            QStringLiteral("device: net_null0 in dpdk, dummy0 in kernel")));
        for (const QString &d : match.settingDifferences)
            QVERIFY2(!d.startsWith(QStringLiteral("hugepages")), qPrintable(d));
        // a parameter the pktgen engine does not take is not its default there
        QVERIFY(!RunMatch::settingOf(pktgen.run, QStringLiteral("tx_desc")));
        QCOMPARE(RunMatch::settingOf(dpdk.run, QStringLiteral("tx_desc"))->number(), 1024);
        const QString text = NetdevExport::comparison(Comparison::of({dpdk, pktgen}));
        QVERIFY2(text.contains(QStringLiteral("burst=1..3, kernel pktgen")), qPrintable(text));
    }

    // What pktgen prints after the settings a live run writes (or a person
    // writes by hand, leaving pktgen's defaults for the source MAC and
    // address) lands on the live run's names and values: the two compare
    // with no setting difference. A real difference (frags, a flag) stays.
    void importedDumpMeetsALiveRun_data() {
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("difference");
        QTest::addColumn<QJsonObject>("liveFixed");
        const QString block =
            QStringLiteral("Params: count 1000000  min_pkt_size: 60  max_pkt_size: 60\n"
                           "     frags: %1  delay: 0  clone_skb: 0  ifname: dummy0\n"
                           "     flows: 0 flowlen: 0\n"
                           "     queue_map_min: 0  queue_map_max: 0\n"
                           "     dst_min: 198.18.0.2  dst_max: 198.18.0.2\n"
                           "     src_min: %2  src_max: %2\n"
                           "     src_mac: %3 dst_mac: 02:00:00:00:00:02\n"
                           "     udp_src_min: 9  udp_src_max: 9  udp_dst_min: 9  udp_dst_max: 9\n"
                           "     src_mac_count: 0  dst_mac_count: 0\n"
                           "     burst: 32\n"
                           "     Flags: %4\n");
        QTest::newRow("as the engine writes them")
            << block.arg(QStringLiteral("0"), QStringLiteral("198.18.0.1"),
                         QStringLiteral("8a:1f:5c:2e:90:11"), QString())
            << QString() << QJsonObject{};
        QTest::newRow("by hand, pktgen's own source")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString())
            << QString() << QJsonObject{};
        QTest::newRow("fragments")
            << block.arg(QStringLiteral("4"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString())
            << QStringLiteral("frags: 0 in live, 4 in dump") << QJsonObject{};
        QTest::newRow("fragments, as the live run")
            << block.arg(QStringLiteral("4"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString())
            << QString() << QJsonObject{{QStringLiteral("frags"), 4}};
        // NO_TIMESTAMP is timestamp false (the live run stamps, pktgen's default).
        QTest::newRow("no timestamps")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QStringLiteral("NO_TIMESTAMP  "))
            << QStringLiteral("timestamp: 1 in live, 0 in dump") << QJsonObject{};
        QTest::newRow("a flag the live run did not set")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QStringLiteral("UDPCSUM  "))
            << QStringLiteral("flags: none in live, UDPCSUM in dump") << QJsonObject{};
        // Linux 6.10 on prints SHARED, pktgen's default; the flags in the
        // table's order, whatever pktgen's.
        QTest::newRow("flags, as the live run")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QStringLiteral("UDPDST_RND  QUEUE_MAP_CPU  UDPCSUM  SHARED  "))
            << QString()
            << QJsonObject{{QStringLiteral("flags"),
                            QJsonArray{QStringLiteral("UDPCSUM"), QStringLiteral("QUEUE_MAP_CPU"),
                                       QStringLiteral("UDPDST_RND")}}};
        QTest::newRow("a flag no parameter stands for")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QStringLiteral("IPSEC  UDPCSUM  "))
            << QStringLiteral("Flags: not recorded in live, IPSEC in dump")
            << QJsonObject{{QStringLiteral("flags"), QJsonArray{QStringLiteral("UDPCSUM")}}};
        QTest::newRow("no timestamps, as sample03")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QStringLiteral("NO_TIMESTAMP  "))
            << QString() << QJsonObject{{QStringLiteral("timestamp"), false}};
        QTest::newRow("tos, in pktgen's hex")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString()) +
                   QStringLiteral("     tos: 0x2e\n")
            << QString() << QJsonObject{{QStringLiteral("tos"), 46}};
        // pktgen prints queue_xmit as xmit_queue, and start_xmit not at all.
        QTest::newRow("the qdisc's mode, as pktgen prints it")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString()) +
                   QStringLiteral("     xmit_mode: xmit_queue\n")
            << QString()
            << QJsonObject{{QStringLiteral("xmit_mode"), QStringLiteral("queue_xmit")}};
        QTest::newRow("the receive path's mode")
            << block.arg(QStringLiteral("0"), QString(), QStringLiteral("00:00:00:00:00:00"),
                         QString()) +
                   QStringLiteral("     xmit_mode: netif_receive\n")
            << QStringLiteral("xmit_mode: start_xmit in live, netif_receive in dump")
            << QJsonObject{};
        // An IPv6 entry prints saddr and daddr, each beside a range that is
        // :: unless set, and its flags IPV6 (dst6's) and NODE (node's).
        const QString ipv6 =
            QStringLiteral("Params: count 1000000  min_pkt_size: 78  max_pkt_size: 78\n"
                           "     frags: 0  delay: 0  clone_skb: 0  ifname: dummy0\n"
                           "     flows: 0 flowlen: 0\n"
                           "     queue_map_min: 0  queue_map_max: 0\n"
                           "     saddr: %1  min_saddr: ::  max_saddr: ::\n"
                           "     daddr: %2  min_daddr: %3  max_daddr: %3\n"
                           "     src_mac: 00:00:00:00:00:00 dst_mac: 02:00:00:00:00:02\n"
                           "     udp_src_min: 9  udp_src_max: 9  udp_dst_min: 9  udp_dst_max: 9\n"
                           "     src_mac_count: 0  dst_mac_count: 0\n"
                           "     traffic_class: 0x2e\n"
                           "     burst: 32\n"
                           "     node: 0\n"
                           "     Flags: IPV6  NODE\n");
        const QJsonObject liveIpv6{{QStringLiteral("pkt_size"), 78},
                                   {QStringLiteral("dst6"), QStringLiteral("fd00::2")},
                                   {QStringLiteral("traffic_class"), 46},
                                   {QStringLiteral("node"), 0}};
        QTest::newRow("IPv6, as the engine writes it")
            << ipv6.arg(QStringLiteral("::"), QStringLiteral("fd00::2"), QStringLiteral("::"))
            << QString() << liveIpv6;
        // samples/pktgen's -6 writes dst6_min and dst6_max, one address.
        QTest::newRow("IPv6, as samples/pktgen writes it")
            << ipv6.arg(QStringLiteral("::"), QStringLiteral("::"), QStringLiteral("fd00::2"))
            << QString() << liveIpv6;
        QJsonObject withSource = liveIpv6;
        withSource.insert(QStringLiteral("src6"), QStringLiteral("fd00::1"));
        QTest::newRow("IPv6 source the live run did not set")
            << ipv6.arg(QStringLiteral("fd00::1"), QStringLiteral("fd00::2"), QStringLiteral("::"))
            << QStringLiteral("src6: none in live, fd00::1 in dump") << liveIpv6;
        QTest::newRow("IPv6 source, as the live run")
            << ipv6.arg(QStringLiteral("fd00::1"), QStringLiteral("fd00::2"), QStringLiteral("::"))
            << QString() << withSource;
    }

    void importedDumpMeetsALiveRun() {
        QFETCH(QString, params);
        QFETCH(QString, difference);
        QFETCH(QJsonObject, liveFixed);
        // The size pktgen built, as its result says it.
        const qint64 bytes = QRegularExpression(QStringLiteral("min_pkt_size: (\\d+)"))
                                 .match(params)
                                 .captured(1)
                                 .toLongLong();
        const QString dump =
            params + QStringLiteral("Current:\n     pkts-sofar: 1000000  errors: 0\n"
                                    "Result: OK: 1000001(c999000+d1000) usec, 1000000 "
                                    "(%1byte,0frags)\n"
                                    "  1000000pps %2Mb/sec (%3bps) errors: 0\n")
                         .arg(bytes)
                         .arg(bytes * 8)
                         .arg(bytes * 8000000);
        QString error;
        const std::optional<RunData> imported =
            PktgenImport::parse(dump, QStringLiteral("dump"), &error);
        QVERIFY2(imported, qPrintable(error));
        // pktgen's own rounding of its totals to the microsecond is no oddity.
        QVERIFY2(imported->run.spec.importWarnings.isEmpty(),
                 qPrintable(imported->run.spec.importWarnings.join(u'\n')));
        QJsonObject fixed = liveFixed;
        fixed.insert(QStringLiteral("count"), 1000000);
        const RunData live =
            burstRun(EngineKind::Pktgen, QStringLiteral("live"), {{32, 1000000}}, fixed);
        const QStringList differences = RunMatch::of({live, *imported}).settingDifferences;
        QCOMPARE(differences.join(u'\n'), difference);
    }

    // A pktgen run's checklist judges its kernel device (and the NIC's PCI
    // function behind it), never DPDK's hugepages or binding.
    void checklistJudgesTheKernelDevice() {
        QTemporaryDir root;
        const QString pci = QStringLiteral("/sys/devices/pci0000:00/0000:03:00.0");
        QVERIFY(QDir().mkpath(root.filePath(pci.mid(1))));
        QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("sys/class/net/eth5"))));
        QVERIFY(QFile::link(root.path() + pci,
                            root.filePath(QStringLiteral("sys/class/net/eth5/device"))));
        EngineLaunch launch;
        launch.kind = EngineKind::Pktgen;
        launch.device = QStringLiteral("eth5");
        ProbeContext context = ProbeContext::forLaunch(launch, {1}, root.path());
        QCOMPARE(context.netdev, QStringLiteral("eth5"));
        QCOMPARE(context.pciAddress, QStringLiteral("0000:03:00.0"));
        QCOMPARE(context.engineKind, EngineKind::Pktgen);
        QCOMPARE(context.expand(QStringLiteral("ethtool -G {netdev} tx 1024")),
                 QStringLiteral("ethtool -G eth5 tx 1024"));
        launch.device = QStringLiteral("dummy0"); // virtual: no PCI function
        QVERIFY(ProbeContext::forLaunch(launch, {1}, root.path()).pciAddress.isEmpty());

        QStringList ids;
        for (const CheckResult &r : Checklist::builtIn().run(context))
            ids << r.id;
        for (const char *item : {"tx_ring", "flow_control", "coalescing", "irq_affinity",
                                 "driver_builtin", "isolated_cpus", "numa"})
            QVERIFY2(ids.contains(QLatin1String(item)), item);
        QVERIFY(!ids.contains(QStringLiteral("hugepages")));
        QVERIFY(!ids.contains(QStringLiteral("pci_binding")));
        context.engineKind = EngineKind::Dpdk;
        QStringList dpdkIds;
        for (const CheckResult &r : Checklist::builtIn().run(context))
            dpdkIds << r.id;
        QVERIFY(dpdkIds.contains(QStringLiteral("hugepages")));
        QVERIFY(dpdkIds.contains(QStringLiteral("pci_binding")));
    }

    // The load watch counts the kernel's pktgen threads on the TX CPUs as
    // the run's own senders, not as other load.
    void pktgenThreadsAreOurs() {
        QTemporaryDir root;
        const auto task = [&](int pid, const QString &comm) {
            QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("proc/%1").arg(pid))));
            QFile file(root.filePath(QStringLiteral("proc/%1/comm").arg(pid)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(comm.toUtf8() + '\n');
        };
        task(77, QStringLiteral("kpktgend_1"));
        task(78, QStringLiteral("kpktgend_0"));
        task(79, QStringLiteral("kpktgend_12"));
        task(80, QStringLiteral("bash"));
        const HostFs fs(root.path());
        QCOMPARE(LoadProbe::pktgenThreads(fs, {1}), QSet<qint64>{77});
        QCOMPARE(LoadProbe::pktgenThreads(fs, {0, 12}), (QSet<qint64>{78, 79}));
        QVERIFY(LoadProbe::pktgenThreads(fs, {2}).isEmpty());
    }

    void checklistEnginesAreChecked() {
        QString error;
        QVERIFY(!Checklist::fromJson(R"({"version":1,"items":[{"id":"x","title":"t","why":"w",
            "source":"s","probe":{"name":"smt"},"recommended":"r","fix":"f",
            "engines":["xdp"]}]})",
                                     &error));
        QVERIFY2(error.contains(QStringLiteral("\"engines\" holds 'xdp'")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestPktgenRuns)
#include "tst_pktgen_runs.moc"
