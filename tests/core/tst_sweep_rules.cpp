// The sweep rules: what is wrong with a sweep for an engine's limits, by
// field, in words that name the field and what it may be. The CLI, the GUI
// and the runner show these words; their own tests check that they do.
#include "model/StepParameters.h"
#include "sweep/SweepRules.h"

#include <QJsonArray>
#include <QTest>

using namespace burstlab;

namespace {

SweepSpec goodSpec() {
    SweepSpec spec;
    spec.engine.vdevs = {QStringLiteral("net_null0")};
    spec.engine.noHuge = true;
    spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(qint64(1)), AxisValue(qint64(32))}}};
    spec.reps = 3;
    spec.durationMs = 200;
    spec.warmupMs = 40;
    return spec;
}

// A burst sweep of the pktgen engine on dummy0.
SweepSpec pktgenSpec() {
    SweepSpec spec = goodSpec();
    spec.engine.kind = EngineKind::Pktgen;
    spec.engine.vdevs.clear();
    spec.engine.device = QStringLiteral("dummy0");
    spec.warmupMs = 0;
    return spec;
}

// The first problem's field and message, or empty ones.
FieldProblem firstOf(const SweepSpec &spec, const SweepRules::Context &context = {}) {
    const QList<FieldProblem> problems = SweepRules::check(spec, context);
    return problems.value(0);
}

} // namespace

class TestSweepRules : public QObject {
    Q_OBJECT

  private slots:
    void aGoodSweepHasNoProblem() {
        QCOMPARE(SweepRules::check(goodSpec(), {}).size(), 0);
        SweepSpec tagged = goodSpec();
        tagged.fixed.insert(QStringLiteral("vlan"), 100);
        tagged.fixed.insert(QStringLiteral("vlan_pcp"), 5);
        tagged.fixed.insert(QStringLiteral("pkt_size"), 64);
        QCOMPARE(SweepRules::check(tagged, {}).size(), 0);
    }

    void problemsNameTheFieldAndTheRange_data() {
        QTest::addColumn<SweepSpec>("spec");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("words");
        SweepSpec s = goodSpec();
        s.axes[0].values.append(AxisValue(qint64(0)));
        QTest::newRow("swept value") << s << "burst"
                                     << "burst must be in 1..512, got 0";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("vlan"), 4095);
        QTest::newRow("fixed value") << s << "vlan"
                                     << "vlan must be in 0..4094, got 4095";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("udp_src"), QJsonArray{60000, 50000});
        QTest::newRow("port range") << s << "udp_src"
                                    << "udp_src must be a port range LO-HI with 0 <= LO <= HI "
                                       "<= 65535, got 60000-50000";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("colour"), 3);
        QTest::newRow("unknown") << s << "colour"
                                 << "colour is not a step parameter";
        s = goodSpec();
        s.axes[0].name = QStringLiteral("timestamp");
        QTest::newRow("not sweepable") << s << "timestamp"
                                       << "timestamp is not a parameter a sweep can vary";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("burst"), 8);
        QTest::newRow("swept and fixed") << s << "burst"
                                         << "burst is both swept and fixed";
        s = goodSpec();
        s.warmupMs = 200;
        QTest::newRow("warm-up as long as the step")
            << s << "warmup_ms"
            << "the warm-up (200 ms) must be at least 0 ms and shorter than the step (200 ms)";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("vlan"), 100);
        QTest::newRow("tagged default size") << s << "pkt_size"
                                             << "pkt_size must be at least 64 with a VLAN tag (the "
                                                "tag is part of the frame), got 60";
        s.axes.append(
            Axis{QStringLiteral("pkt_size"), {AxisValue(qint64(128)), AxisValue(qint64(62))}});
        QTest::newRow("tagged swept size") << s << "pkt_size"
                                           << "got 62";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("vlan_pcp"), 5);
        QTest::newRow("priority without a tag") << s << "vlan_pcp"
                                                << "vlan_pcp needs a tag";
        // A pktgen sweep: pktgen's qdisc mode sends one skb a call, its
        // receive mode consumes each skb.
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("xmit_mode"), QStringLiteral("queue_xmit"));
        QTest::newRow("queue_xmit with a burst")
            << s << "burst"
            << "burst must be 1 with xmit_mode queue_xmit (pktgen queues one skb per "
               "dev_queue_xmit), got 32";
        s.axes[0] = Axis{QStringLiteral("clone"), {AxisValue(qint64(0)), AxisValue(qint64(8))}};
        s.fixed.insert(QStringLiteral("xmit_mode"), QStringLiteral("netif_receive"));
        QTest::newRow("netif_receive with clones")
            << s << "clone"
            << "clone must be 0 with xmit_mode netif_receive (the stack consumes each skb), got 8";
        s.fixed.insert(QStringLiteral("xmit_mode"), QStringLiteral("xmit_queue"));
        QTest::newRow("xmit_mode's words") << s << "xmit_mode"
                                           << "xmit_mode must be start_xmit, netif_receive or "
                                              "queue_xmit, got 'xmit_queue'";
        // pktgen's IPv6: dst6 makes every packet IPv6.
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("src6"), QStringLiteral("fd00::1"));
        QTest::newRow("src6 alone") << s << "src6"
                                    << "src6 needs dst6 (pktgen sends IPv6 only to dst6)";
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("traffic_class"), 46);
        QTest::newRow("traffic_class of IPv4") << s << "traffic_class"
                                               << "traffic_class is the IPv6 header's: it needs "
                                                  "dst6";
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("dst6"), QStringLiteral("fd00::2"));
        s.fixed.insert(QStringLiteral("pkt_size"), 128);
        s.fixed.insert(QStringLiteral("tos"), 46);
        QTest::newRow("tos of IPv6") << s << "tos"
                                     << "tos is the IPv4 header's: with dst6 set traffic_class "
                                        "instead";
        s.fixed.remove(QStringLiteral("tos"));
        s.fixed.insert(QStringLiteral("flows"), 8);
        QTest::newRow("IPv6 flows") << s << "flows"
                                    << "flows must be 1 with dst6 (pktgen's flows vary IPv4 "
                                       "destinations only), got 8";
        s.fixed.remove(QStringLiteral("flows"));
        s.fixed.remove(QStringLiteral("pkt_size"));
        QTest::newRow("IPv6 default size")
            << s << "pkt_size"
            << "pkt_size must be at least 78 with dst6 (Ethernet, IPv6 and UDP headers and "
               "pktgen's 16-byte header), got 60";
        s.fixed.insert(QStringLiteral("vlan"), 5);
        s.axes.append(
            Axis{QStringLiteral("pkt_size"), {AxisValue(qint64(128)), AxisValue(qint64(80))}});
        QTest::newRow("IPv6 tagged swept size") << s << "pkt_size"
                                                << "at least 82 with dst6 (Ethernet, IPv6 and UDP "
                                                   "headers and pktgen's 16-byte header, and the "
                                                   "VLAN tag), got 80";
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("dst6"), QStringLiteral("fd00::g"));
        QTest::newRow("dst6's form") << s << "dst6"
                                     << "dst6 must be an IPv6 address or none, got 'fd00::g'";
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("node"), -2);
        QTest::newRow("node") << s << "node"
                              << "node must be in -1..1023, got -2";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("dst6"), QStringLiteral("fd00::2"));
        QTest::newRow("dst6 in a DPDK sweep") << s << "dst6"
                                              << "the dpdk engine does not take dst6";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("xmit_mode"), QStringLiteral("queue_xmit"));
        QTest::newRow("xmit_mode in a DPDK sweep") << s << "xmit_mode"
                                                   << "the dpdk engine does not take xmit_mode";
        s = goodSpec();
        s.reps = 0;
        QTest::newRow("reps") << s << "reps"
                              << "reps must be in 1..100000, got 0";
        s = goodSpec();
        s.durationMs = 0;
        s.warmupMs = 0;
        QTest::newRow("duration") << s << "duration_ms"
                                  << "duration_ms must be in 1..86400000";
        s = goodSpec();
        s.engine.memoryMb = 1;
        QTest::newRow("memory") << s << "engine.memory_mb"
                                << "engine.memory_mb must be in 64..65536, got 1";
        s = goodSpec();
        s.engine.lcores = QStringLiteral("zero");
        QTest::newRow("lcores") << s << "engine.lcores"
                                << "is not a CPU list";
        s = goodSpec();
        s.noise.minCpuShare = 2;
        QTest::newRow("noise policy") << s << "min_cpu_share"
                                      << "min_cpu_share: must be a share in 0..1, got 2";
        // 10 kpps in bursts of 32 for the 160 ms after the warm-up: about
        // 50 tx_burst calls, and every repetition would be invalid.
        s = goodSpec();
        s.axes.append(Axis{QStringLiteral("rate_pps"),
                           {AxisValue(qint64(100000)), AxisValue(qint64(10000))}});
        QTest::newRow("paced too slowly") << s << "rate_pps"
                                          << "rate_pps=10000 with burst=32 makes about 50 "
                                             "tx_burst calls in the 160 ms after the warm-up, "
                                             "fewer than the 100 a valid repetition needs";
        s = goodSpec();
        s.axes[0] =
            Axis{QStringLiteral("duration_ms"), {AxisValue(qint64(1000)), AxisValue(qint64(100))}};
        s.fixed.insert(QStringLiteral("rate_pps"), 20000);
        QTest::newRow("paced, shortest step") << s << "rate_pps"
                                              << "rate_pps=20000 with burst=32 makes about 37 "
                                                 "tx_burst calls in the 60 ms";
        // Host settings: a choice swept by its words, the pktgen engine's only.
        s = pktgenSpec();
        s.axes[0] = Axis{QStringLiteral("qdisc"),
                         {AxisValue(QStringLiteral("fq")), AxisValue(QStringLiteral("htb"))}};
        QTest::newRow("a qdisc not in the table")
            << s << "qdisc"
            << "qdisc must be unchanged, pfifo_fast, pfifo, fq, fq_codel";
        s = goodSpec();
        s.fixed.insert(QStringLiteral("gro"), QStringLiteral("off"));
        QTest::newRow("gro on a DPDK net_null port")
            << s << "gro"
            << "gro is a host setting of a kernel interface: net_null0 is a net_null port, not "
               "one; the DPDK engine sets host settings on a net_af_packet, net_af_xdp or "
               "net_tap port with iface=";
        s = goodSpec();
        s.axes[0] = Axis{QStringLiteral("qdisc"), {AxisValue(QStringLiteral("pfifo"))}};
        QTest::newRow("qdisc swept on a DPDK net_null port")
            << s << "qdisc"
            << "qdisc is a host setting of a kernel interface: net_null0";
        s = pktgenSpec();
        s.fixed.insert(QStringLiteral("tx_ring"), -2);
        QTest::newRow("tx_ring below unchanged") << s << "tx_ring"
                                                 << "-1..65536";
        s = pktgenSpec();
        s.engine.hostDevice = QStringLiteral("veth1/x");
        QTest::newRow("host device name") << s << "engine.host_device"
                                          << "'veth1/x' is not a kernel network device name";
        s = goodSpec();
        s.axes.append(Axis{QStringLiteral("clone"), {AxisValue(qint64(0))}});
        s.axes.append(Axis{QStringLiteral("flows"), {AxisValue(qint64(1))}});
        QTest::newRow("three axes") << s << "axes"
                                    << "a sweep varies one or two parameters, got 3";
    }

    // The DPDK engine's af_packet ports are kernel interfaces: the same
    // sweep runs there (qdisc_bypass=0 sends through the root qdisc), and a
    // host setting left unchanged passes on any port.
    void dpdkKernelInterfaceHostSettingsPass() {
        SweepSpec spec = goodSpec();
        spec.engine.vdevs = {QStringLiteral("net_af_packet0,iface=va,qdisc_bypass=0")};
        spec.engine.sinkVdev = QStringLiteral("net_af_packet1,iface=vb");
        spec.axes[0] =
            Axis{QStringLiteral("qdisc"),
                 {AxisValue(QStringLiteral("pfifo")), AxisValue(QStringLiteral("pfifo_fast"))}};
        spec.fixed.insert(QStringLiteral("gro"), QStringLiteral("on"));
        spec.fixed.insert(QStringLiteral("txqueuelen"), 500);
        QList<FieldProblem> problems = SweepRules::check(spec, {});
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).text()));
        QCOMPARE(spec.engine.hostDevices(), QStringList({"va", "vb"}));
        spec = goodSpec();
        spec.fixed.insert(QStringLiteral("gro"), QStringLiteral("unchanged"));
        spec.fixed.insert(QStringLiteral("txqueuelen"), -1);
        problems = SweepRules::check(spec, {});
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).text()));
    }

    void pktgenModesWithinTheirLimitsPass() {
        SweepSpec spec = pktgenSpec();
        spec.axes[0] = Axis{QStringLiteral("pkt_size"), {AxisValue(qint64(60))}};
        for (const char *mode : {"start_xmit", "netif_receive", "queue_xmit"}) {
            spec.fixed.insert(QStringLiteral("xmit_mode"), QLatin1String(mode));
            const QList<FieldProblem> problems = SweepRules::check(spec, {});
            QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).text()));
        }
    }

    // seed 003's question: the qdisc kinds through pktgen's queue_xmit.
    void pktgenHostSettingsSweepPasses() {
        SweepSpec spec = pktgenSpec();
        spec.axes[0] =
            Axis{QStringLiteral("qdisc"),
                 {AxisValue(QStringLiteral("pfifo_fast")), AxisValue(QStringLiteral("fq")),
                  AxisValue(QStringLiteral("noqueue"))}};
        spec.axes.append(Axis{QStringLiteral("gro"),
                              {AxisValue(QStringLiteral("on")), AxisValue(QStringLiteral("off"))}});
        spec.fixed.insert(QStringLiteral("xmit_mode"), QStringLiteral("queue_xmit"));
        spec.fixed.insert(QStringLiteral("burst"), 1);
        spec.fixed.insert(QStringLiteral("txqueuelen"), 500);
        spec.engine.hostDevice = QStringLiteral("veth1");
        const QList<FieldProblem> problems = SweepRules::check(spec, {});
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).text()));
    }

    void pktgenIpv6WithinItsRulesPasses() {
        SweepSpec spec = pktgenSpec();
        spec.fixed.insert(QStringLiteral("dst6"), QStringLiteral("fd00::2"));
        spec.fixed.insert(QStringLiteral("src6"), QStringLiteral("fd00::1"));
        spec.fixed.insert(QStringLiteral("traffic_class"), 46);
        spec.fixed.insert(QStringLiteral("node"), 0);
        spec.fixed.insert(QStringLiteral("pkt_size"), 78);
        const QList<FieldProblem> problems = SweepRules::check(spec, {});
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).text()));
    }

    void pacedStepsThatReachTheMinimumPass() {
        SweepSpec spec = goodSpec();
        spec.fixed.insert(QStringLiteral("rate_pps"), 20000); // 100 calls at burst 32
        QCOMPARE(SweepRules::check(spec, {}).size(), 0);
        spec.fixed.insert(QStringLiteral("rate_pps"), 19999);
        QCOMPARE(firstOf(spec).field, QStringLiteral("rate_pps"));
        spec.fixed.insert(QStringLiteral("rate_pps"), 0); // unpaced
        QCOMPARE(SweepRules::check(spec, {}).size(), 0);
    }

    void problemsNameTheFieldAndTheRange() {
        QFETCH(SweepSpec, spec);
        QFETCH(QString, field);
        QFETCH(QString, words);
        const FieldProblem p = firstOf(spec);
        QCOMPARE(p.field, field);
        QVERIFY2(p.message.contains(words), qPrintable(p.message));
    }

    // An engine's hello narrows ranges (its port, its lcores); a parameter
    // an older engine does not know is refused unless left at its default.
    void theEnginesLimitsDecide() {
        SweepSpec spec = goodSpec();
        spec.axes[0] = Axis{QStringLiteral("queues"), {AxisValue(qint64(1)), AxisValue(qint64(2))}};
        QCOMPARE(SweepRules::check(spec, {}).size(), 0);
        QMap<QString, ParameterLimit> ranges;
        for (const StepParameter &p : StepParameters::all()) {
            if (p.type == ParameterType::Integer && p.name != QLatin1String("vlan"))
                ranges.insert(p.name, {p.min, p.max});
        }
        ranges.insert(QStringLiteral("queues"), {1, 1});
        const StepLimits oneQueue = StepLimits::fromHello(ranges, {});
        const FieldProblem p = firstOf(spec, {oneQueue, std::nullopt});
        QCOMPARE(p.field, QStringLiteral("queues"));
        QCOMPARE(p.message, QStringLiteral("queues must be in 1..1, got 2"));

        spec = goodSpec();
        spec.fixed.insert(QStringLiteral("vlan"), 0);
        QCOMPARE(SweepRules::check(spec, {oneQueue, std::nullopt}).size(), 0);
        spec.fixed.insert(QStringLiteral("vlan"), 100);
        QCOMPARE(firstOf(spec, {oneQueue, std::nullopt}).message,
                 QStringLiteral("vlan is not a step parameter of this engine"));
    }

    void hugepagesAskedForButNoneReserved() {
        SweepSpec spec = goodSpec();
        spec.engine.noHuge = false;
        QCOMPARE(firstOf(spec, {std::nullopt, false}).field, QStringLiteral("engine.no_huge"));
        QCOMPARE(SweepRules::check(spec, {std::nullopt, true}).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSweepRules)
#include "tst_sweep_rules.moc"
