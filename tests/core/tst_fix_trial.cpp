// A checklist fix as a sweep (FixTrial): which items and devices can try it
// and why the others cannot, the run it makes of the setup's other
// parameters, and its verdict taken from the run's own delta.
#include "host/Checklist.h"
#include "model/StepParameters.h"
#include "stats/PointStats.h"
#include "sweep/FixTrial.h"

#include <QtTest>

using namespace burstlab;

namespace {

CheckItem itemOf(const QString &id) {
    return *Checklist::builtIn().item(id);
}

CheckResult found(const QJsonObject &values, CheckStatus status = CheckStatus::Pass) {
    CheckResult r;
    r.status = status;
    r.values = values;
    return r;
}

// A pktgen launch, or a DPDK one whose TX port is vdev.
EngineLaunch launchOf(const QString &vdev = {}) {
    EngineLaunch launch;
    launch.kind = vdev.isEmpty() ? EngineKind::Pktgen : EngineKind::Dpdk;
    if (!vdev.isEmpty())
        launch.vdevs = {vdev};
    return launch;
}

StepResult step(const QString &gro, double pps) {
    StepResult r;
    r.point = Point{{AxisValue(gro)}};
    r.pps = pps;
    r.status = RunStatus::Completed;
    return r;
}

} // namespace

class TestFixTrial : public QObject {
    Q_OBJECT

  private slots:
    void everyRecommendedSettingIsSettable();
    void itemsAnEngineCanTry();
    void groOffToOn();
    void dpdkKernelInterfaceTakesIt();
    void refusedNamingTheSetting_data();
    void refusedNamingTheSetting();
    void probeRefusesBeforeProbing();
    void runKeepsTheOtherParameters();
    void verdictIsTheRunsOwnDelta();
};

// Each value the checklist recommends is one its setting takes.
void TestFixTrial::everyRecommendedSettingIsSettable() {
    qsizetype trials = 0;
    const Checklist checklist = Checklist::builtIn();
    for (const CheckItem &item : checklist.items()) {
        for (const QString &setting : FixTrial::settingsOf(item)) {
            // A value found on the device other than the recommended one.
            const QJsonValue recommended = item.recommendedSettings.value(setting);
            QJsonValue other = 1;
            for (const QString &word : StepParameters::find(setting)->choices) {
                if (word != QLatin1String("unchanged") && word != recommended.toString())
                    other = word;
            }
            QString why;
            const auto trial = FixTrial::of(item, setting, found({{setting, other}}),
                                            QStringLiteral("eth0"), launchOf(), &why);
            QVERIFY2(trial, qPrintable(item.id + ": " + why));
            ++trials;
        }
    }
    QVERIFY(trials >= 8);
}

// pktgen can try every item with a recommended host setting, also those its
// runs are not judged on; the DPDK engine the same on an af_packet port, and
// none on net_null.
void TestFixTrial::itemsAnEngineCanTry() {
    const Checklist checklist = Checklist::builtIn();
    QStringList pktgen;
    EngineLaunch pktgenLaunch;
    pktgenLaunch.kind = EngineKind::Pktgen;
    for (const CheckItem &item : FixTrial::itemsFor(checklist, pktgenLaunch))
        pktgen << item.id;
    QCOMPARE(pktgen, (QStringList{"flow_control", "tx_ring", "coalescing", "offloads", "bql",
                                  "root_qdisc", "tx_queue_len"}));
    QVERIFY(!checklist.item(QStringLiteral("root_qdisc"))->appliesTo(EngineKind::Pktgen));
    EngineLaunch dpdk;
    dpdk.vdevs = {QStringLiteral("net_null0")};
    QVERIFY(FixTrial::itemsFor(checklist, dpdk).isEmpty());
    dpdk.vdevs = {QStringLiteral("net_af_packet0,iface=veth0,qdisc_bypass=0")};
    QCOMPARE(FixTrial::itemsFor(checklist, dpdk).size(), pktgen.size());
}

void TestFixTrial::groOffToOn() {
    QString why;
    const auto trial = FixTrial::of(
        itemOf("offloads"), "gro", found({{"gro", "off"}, {"gso", "on"}}), "hs1", launchOf(), &why);
    QVERIFY2(trial, qPrintable(why));
    QCOMPARE(trial->describe(), QStringLiteral("gro off -> on on hs1"));
    QCOMPARE(trial->label(), QStringLiteral("try-fix gro"));
    QCOMPARE(trial->axis().describe(), QStringLiteral("gro=off,on"));
}

// The DPDK engine's af_packet, AF_XDP and tap ports are kernel interfaces:
// a trial runs there as on pktgen's device.
void TestFixTrial::dpdkKernelInterfaceTakesIt() {
    for (const QString &vdev :
         {QStringLiteral("net_af_packet0,iface=hs1,qdisc_bypass=0"),
          QStringLiteral("net_af_xdp0,iface=hs1"), QStringLiteral("net_tap0,iface=hs1")}) {
        QString why;
        const auto trial = FixTrial::of(itemOf("offloads"), "gro", found({{"gro", "off"}}), "hs1",
                                        launchOf(vdev), &why);
        QVERIFY2(trial, qPrintable(vdev + ": " + why));
        QCOMPARE(launchOf(vdev).hostDevices(), QStringList{"hs1"});
    }
}

void TestFixTrial::refusedNamingTheSetting_data() {
    QTest::addColumn<QString>("item");
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QJsonObject>("values");
    QTest::addColumn<QString>("vdev"); // empty: the pktgen engine
    QTest::addColumn<QString>("why");
    const QString pktgen;
    QTest::newRow("already") << "offloads"
                             << "gso" << QJsonObject{{"gso", "on"}} << pktgen
                             << "gso is on on dev already, as offloads recommends: nothing to try";
    QTest::newRow("not read") << "tx_ring"
                              << "tx_ring" << QJsonObject{} << pktgen
                              << "tx_ring cannot be changed on dev: no ring";
    QTest::newRow("no bql") << "bql"
                            << "bql_limit_max" << QJsonObject{{"bql_queues", 0}} << pktgen
                            << "bql_limit_max cannot be changed on dev: no ring";
    QTest::newRow("mq") << "root_qdisc"
                        << "qdisc" << QJsonObject{{"qdisc", "mq"}} << pktgen
                        << "qdisc is mq on dev, which the engine cannot set back";
    QTest::newRow("dpdk net_null")
        << "offloads"
        << "gro" << QJsonObject{{"gro", "off"}} << "net_null0"
        << "gro is a host setting of a kernel interface: net_null0 is a net_null port, not one";
    QTest::newRow("dpdk af_packet without iface")
        << "offloads"
        << "gro" << QJsonObject{{"gro", "off"}} << "net_af_packet0,qdisc_bypass=0"
        << "gro is a host setting of a kernel interface: net_af_packet0 is a net_af_packet port";
    QTest::newRow("other item's") << "offloads"
                                  << "qdisc" << QJsonObject{} << pktgen
                                  << "qdisc: not a setting of offloads (gro, gso, tso)";
    QTest::newRow("no setting") << "clocksource"
                                << "" << QJsonObject{} << pktgen
                                << "clocksource: the item recommends no host setting";
}

void TestFixTrial::refusedNamingTheSetting() {
    QFETCH(QString, item);
    QFETCH(QString, setting);
    QFETCH(QJsonObject, values);
    QFETCH(QString, vdev);
    QFETCH(QString, why);
    CheckResult result = found(values, CheckStatus::Unknown);
    result.detail = QStringLiteral("no ring");
    result.current = result.detail;
    QString said;
    QVERIFY(!FixTrial::of(itemOf(item), setting, result, "dev", launchOf(vdev), &said));
    QVERIFY2(said.startsWith(why), qPrintable(said));
}

// What the engine or item cannot take is said before any device is probed.
void TestFixTrial::probeRefusesBeforeProbing() {
    EngineLaunch launch;
    launch.kind = EngineKind::Pktgen;
    launch.device = QStringLiteral("no-such-dev0");
    QString why;
    const Checklist checklist = Checklist::builtIn();
    QVERIFY(!FixTrial::probe(checklist, "offloads", {}, launch, &why));
    QCOMPARE(why, QStringLiteral("offloads sets gro, gso, tso: name one with --setting"));
    QVERIFY(!FixTrial::probe(checklist, "nonsense", {}, launch, &why));
    QVERIFY2(why.startsWith("'nonsense': no such checklist item; items with a fix to try: "
                            "flow_control, tx_ring, coalescing, offloads"),
             qPrintable(why));
    launch.kind = EngineKind::Dpdk;
    launch.vdevs = {QStringLiteral("net_null0")};
    QVERIFY(!FixTrial::probe(checklist, "root_qdisc", {}, launch, &why));
    QVERIFY2(why.startsWith("qdisc is a host setting of a kernel interface: net_null0"),
             qPrintable(why));
    // An af_packet port's interface is probed like pktgen's device.
    launch.vdevs = {QStringLiteral("net_af_packet0,iface=no-such-dev0")};
    QVERIFY(!FixTrial::probe(checklist, "tx_queue_len", {}, launch, &why));
    QVERIFY2(why.startsWith("txqueuelen cannot be changed on no-such-dev0: "), qPrintable(why));
    launch.vdevs.clear();
    // A device that is not there: the probe's reason, naming the setting.
    launch.kind = EngineKind::Pktgen;
    QVERIFY(!FixTrial::probe(checklist, "tx_queue_len", {}, launch, &why));
    QVERIFY2(why.startsWith("txqueuelen cannot be changed on no-such-dev0: "), qPrintable(why));
}

void TestFixTrial::runKeepsTheOtherParameters() {
    const FixTrial trial{"tx_queue_len", "TX queue length", "txqueuelen", "hs0", 64, 1000};
    SweepSpec setup;
    setup.axes = {Axis{"burst", {AxisValue(1), AxisValue(8)}}};
    setup.fixed = {{"count", 20000}, {"txqueuelen", 500}, {"xmit_mode", "queue_xmit"}};
    setup.reps = 2;
    const Run run = trial.run(setup);
    QCOMPARE(run.spec.axisNames(), QStringList{"txqueuelen"});
    QCOMPARE(run.spec.axes.first().describe(), QStringLiteral("txqueuelen=64,1000"));
    QVERIFY(!run.spec.fixed.contains("txqueuelen"));
    QCOMPARE(run.spec.fixed.value("count").toInt(), 20000);
    QCOMPARE(run.spec.fixed.value("xmit_mode").toString(), QStringLiteral("queue_xmit"));
    QCOMPARE(run.spec.reps, 2);
    QCOMPARE(run.label, QStringLiteral("try-fix txqueuelen"));
    QCOMPARE(run.tags, QStringList{"try-fix"});
    QVERIFY2(run.name.startsWith("try-fix txqueuelen: txqueuelen 64 -> 1000 on hs0"),
             qPrintable(run.name));
    QVERIFY(run.notes.contains("tx_queue_len"));
}

// The verdict is the recommended point's vsPrevious, as every output of
// the run prints it: one formula.
void TestFixTrial::verdictIsTheRunsOwnDelta() {
    const FixTrial trial{"offloads", "Offloads recorded", "gro", "hs1", "off", "on"};
    RunData data;
    data.run = trial.run(SweepSpec{});
    for (double pps : {1000000.0, 1001000.0, 999000.0})
        data.appendResult(step("off", pps));
    for (double pps : {1200000.0, 1201000.0, 1199000.0})
        data.appendResult(step("on", pps));
    const auto delta = trial.delta(data);
    QVERIFY(delta);
    const QList<PointStats> stats = PointStats::ofRun(data);
    QCOMPARE(stats.size(), 2);
    QCOMPARE(delta->verdict, stats[1].vsPrevious->verdict);
    QCOMPARE(delta->verdict, Verdict::Better);
    QCOMPARE(trial.outcomeText(data),
             QStringLiteral("try-fix gro off -> on on hs1: 1,000,000 -> 1,200,000 pps (166.67 ns "
                            "fewer per packet, +200,000 pps): better (%1)")
                 .arg(PointStats::correctionText(stats, false)));
    // A point without a figure gives no verdict, and says which.
    RunData half;
    half.run = data.run;
    half.appendResult(step("off", 1000000.0));
    QVERIFY(!trial.delta(half));
    QVERIFY2(trial.outcomeText(half).endsWith("no verdict: on has no figure"),
             qPrintable(trial.outcomeText(half)));
}

QTEST_MAIN(TestFixTrial)
#include "tst_fix_trial.moc"
