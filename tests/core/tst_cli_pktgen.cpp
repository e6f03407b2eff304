// burstlab-cli for the kernel pktgen engine, without the engine: the options
// of each engine kind and their errors (exit 2, naming the option and the
// allowed values), the refusal of parameters pktgen does not take, the
// parameter table's engine column, and one comparison of a stored pktgen
// run, a DPDK run of the same parameters and seed 000's imported table.
#include "PktgenRunData.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

struct Result {
    int code = -1;
    QString out;
    QString err;
};

} // namespace

class TestCliPktgen : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

    Result cli(const QStringList &args,
               const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment()) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(kCli, QStringList{QStringLiteral("--db"), m_db} + args);
        Result r;
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    // A pktgen sweep's command line with more options.
    static QStringList pktgenSweep(const QStringList &more) {
        return QStringList{QStringLiteral("sweep"),
                           QStringLiteral("--engine-kind"),
                           QStringLiteral("pktgen"),
                           QStringLiteral("--device"),
                           QStringLiteral("dummy0"),
                           QStringLiteral("--sweep"),
                           QStringLiteral("burst=1,2,4"),
                           QStringLiteral("--reps"),
                           QStringLiteral("1")} +
               more;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("pktgen.sqlite"));
    }

    void optionErrorsNameTheOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        const QString takes = QStringLiteral(
            "burst, clone, pkt_size, duration_ms, count, queues, rate_pps, flows, "
            "timestamp, stats_ms, profile_hz, src_mac, dst_mac, src_ip, dst_ip, udp_src, "
            "udp_dst, vlan, vlan_pcp, tos, skb_priority, frags, xmit_mode, flags, dst6, src6, "
            "traffic_class, node, gro, gso, tso, flow_control, tx_ring, rx_usecs, tx_usecs, "
            "txqueuelen, bql_limit_max, qdisc");
        QTest::newRow("unknown kind")
            << QStringList{"sweep", "--engine-kind", "xdp", "--sweep", "burst=1,2"}
            << "--engine-kind 'xdp': must be dpdk or pktgen";
        QTest::newRow("no device")
            << QStringList{"sweep", "--engine-kind", "pktgen", "--sweep", "burst=1,2"}
            << "--device: no device: the pktgen engine sends on a kernel "
               "network device such as eth0 or dummy0";
        QTest::newRow("bad device") << pktgenSweep({}).replaceInStrings("dummy0", "eth0:1")
                                    << "--device eth0:1: 'eth0:1' is not a kernel network "
                                       "device name";
        QTest::newRow("device twice") << pktgenSweep({}).replaceInStrings("dummy0", "dummy0,dummy0")
                                      << "--device dummy0,dummy0: dummy0 is named twice";
        for (const QString &dpdkOnly :
             {QStringLiteral("--vdev=net_null0"), QStringLiteral("--pci=0000:03:00.0"),
              QStringLiteral("--sink-vdev=net_null1"), QStringLiteral("--memory-mb=256"),
              QStringLiteral("--no-huge"), QStringLiteral("--huge")})
            QTest::newRow(qPrintable(dpdkOnly))
                << pktgenSweep({dpdkOnly})
                << QStringLiteral("%1 is a DPDK engine option; the pktgen engine sends on "
                                  "--device IFNAME")
                       .arg(dpdkOnly.section(u'=', 0, 0));
        QTest::newRow("device with dpdk")
            << QStringList{"sweep", "--device", "eth0", "--sweep", "burst=1,2"}
            << "--device goes with --engine-kind pktgen; the DPDK engine sends on --vdev or --pci";
        QTest::newRow("swept tx_desc")
            << QStringList{"sweep",  "--engine-kind", "pktgen",          "--device",
                           "dummy0", "--sweep",       "tx_desc=512,1024"}
            << "--sweep tx_desc=512,1024: the pktgen engine does not take tx_desc (it takes " +
                   takes + ")";
        QTest::newRow("fixed tx_desc")
            << pktgenSweep({"--set", "tx_desc=512"})
            << "--set tx_desc=512: the pktgen engine does not take tx_desc (it takes " + takes +
                   ")";
        QTest::newRow("a flag flows stands for")
            << pktgenSweep({"--set", "flags=UDPCSUM,FLOW_SEQ"})
            << "--set flags=UDPCSUM,FLOW_SEQ: flags must be none or some of "
               "UDPCSUM,QUEUE_MAP_CPU,";
        QTest::newRow("xmit_mode's words") << pktgenSweep({"--set", "xmit_mode=xmit_queue"})
                                           << "xmit_mode must be start_xmit, netif_receive or "
                                              "queue_xmit, got 'xmit_queue'";
        QTest::newRow("warm-up") << pktgenSweep({"--warmup-ms", "50"})
                                 << "--warmup-ms 50: the pktgen engine has no warm-up (pktgen "
                                    "measures from its first packet): it must be 0, got 50 ms";
        QTest::newRow("engine-info pci")
            << QStringList{"engine-info", "--engine-kind", "pktgen",      "--device",
                           "eth0",        "--pci",         "0000:03:00.0"}
            << "--pci is a DPDK engine option; the pktgen engine sends on --device IFNAME";
        QTest::newRow("checklist port")
            << QStringList{"checklist", "--engine-kind", "pktgen", "--port", "net_null0"}
            << "--port does not go with --engine-kind pktgen; name the device with --device";
        QTest::newRow("checklist kind") << QStringList{"checklist", "--engine-kind", "kernel"}
                                        << "--engine-kind 'kernel': must be dpdk or pktgen";
    }

    void optionErrorsNameTheOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const Result r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(error), qPrintable(r.err));
    }

    // The engine is the pktgen one, started next to the CLI: here it is
    // either missing or finds no pktgen in this kernel; the sweep fails
    // as an engine failure either way, saying which.
    void pktgenSweepStartsThePktgenEngine() {
        const Result r = cli(pktgenSweep({QStringLiteral("--duration-ms"), QStringLiteral("100")}));
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("pktgen")), qPrintable(r.err));
    }

    // What the launcher passes reaches the engine: the fake one, started as
    // the pktgen engine, says the device and CPU it was given in its hello,
    // and a sweep through it is stored as a pktgen run and printed with
    // pktgen's names. (Its rates are made up; the real engine's tests run
    // against a real kernel.)
    void launcherPassesDeviceAndThreads() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BURSTLAB_FAKE_AFTER_STEPS"), QStringLiteral("1000"));
        const QString fake = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-fake-engine");
        const Result info =
            cli({QStringLiteral("engine-info"), QStringLiteral("--engine-kind"),
                 QStringLiteral("pktgen"), QStringLiteral("--device"), QStringLiteral("veth7"),
                 QStringLiteral("--lcores"), QStringLiteral("3"), QStringLiteral("--engine"), fake},
                env);
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.startsWith(QStringLiteral(
                     "burstlab-pktgen-engine 0.0.0-fake, Linux 6.1.0-fake, pktgen 2.75, veth7")),
                 qPrintable(info.out));
        QVERIFY(info.out.contains(QStringLiteral("kpktgend threads on CPU(s) 3\n")));

        const Result run = cli(
            {QStringLiteral("sweep"), QStringLiteral("--engine-kind"), QStringLiteral("pktgen"),
             QStringLiteral("--device"), QStringLiteral("dummy0"), QStringLiteral("--engine"), fake,
             QStringLiteral("--sweep"), QStringLiteral("burst=1,2"), QStringLiteral("--set"),
             QStringLiteral("clone=64"), QStringLiteral("--reps"), QStringLiteral("1"),
             QStringLiteral("--duration-ms"), QStringLiteral("40"), QStringLiteral("--sequential"),
             QStringLiteral("--no-chart"), QStringLiteral("--label"), QStringLiteral("fake")},
            env);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("\n skb_burst=2  tx:10000000 pps ( 0.00 ns)")));
        QVERIFY(run.out.contains(QStringLiteral(" Fixed: clone_skb=64\n")));
        QVERIFY(run.out.contains(QStringLiteral(" - Kernel 6.1.0-fake, pktgen 2.75")));
        QVERIFY(!run.out.contains(QStringLiteral("hugepages")));
        // stored with its kind and device
        const QString id = run.out.section(u' ', 1, 1).chopped(1); // "Run 4: ..."
        const Result exported =
            cli({QStringLiteral("export"), id, QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject engine = QJsonDocument::fromJson(exported.out.toUtf8())
                                       .object()[QStringLiteral("runs")][0][QStringLiteral("run")]
                                                [QStringLiteral("sweep")][QStringLiteral("engine")]
                                       .toObject();
        QCOMPARE(engine[QStringLiteral("kind")].toString(), QStringLiteral("pktgen"));
        QCOMPARE(engine[QStringLiteral("device")].toString(), QStringLiteral("dummy0"));
    }

    void parametersSayWhichEngineTakesThem() {
        const Result json =
            cli({QStringLiteral("parameters"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(json.code, 0);
        QMap<QString, QJsonObject> byName;
        for (const QJsonValue &v : QJsonDocument::fromJson(json.out.toUtf8()).array())
            byName.insert(v[QStringLiteral("name")].toString(), v.toObject());
        QCOMPARE(byName[QStringLiteral("burst")][QStringLiteral("engines")].toArray(),
                 (QJsonArray{QStringLiteral("dpdk"), QStringLiteral("pktgen")}));
        // pktgen's own name for it, which its control file takes
        QCOMPARE(byName[QStringLiteral("burst")][QStringLiteral("pktgen_name")].toString(),
                 QStringLiteral("burst"));
        QCOMPARE(byName[QStringLiteral("burst")][QStringLiteral("pktgen_default")].toInt(), 1);
        QCOMPARE(byName[QStringLiteral("clone")][QStringLiteral("pktgen_name")].toString(),
                 QStringLiteral("clone_skb"));
        QCOMPARE(byName[QStringLiteral("tx_desc")][QStringLiteral("engines")].toArray(),
                 QJsonArray{QStringLiteral("dpdk")});
        QVERIFY(!byName[QStringLiteral("tx_desc")].contains(QStringLiteral("pktgen_name")));
        const Result text = cli({QStringLiteral("parameters")});
        QVERIFY(text.out.contains(QStringLiteral("; sweepable; dpdk and pktgen (clone_skb)): ")));
        QVERIFY(text.out.contains(QStringLiteral(
            "burst (integer, 1..65536 (DPDK 1..512); default 32 (pktgen 1); sweepable; dpdk and "
            "pktgen): ")));
        QVERIFY(text.out.contains(QStringLiteral("tx_desc (integer, 64..4096; default 1024; "
                                                 "sweepable; dpdk only): ")));
        const Result md =
            cli({QStringLiteral("parameters"), QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY(md.out.contains(QStringLiteral("| sweep | unit | pktgen | meaning |")));
        QVERIFY(md.out.contains(QStringLiteral("| packets | `clone_skb` |")));
    }

    // A stored pktgen run, a DPDK run of the same parameters and seed 000's
    // table imported: one comparison, on the burst axis, point by point.
    void threeRunsCompare() {
        qint64 pktgen = 0, dpdk = 0;
        {
            RunStore store;
            QVERIFY(store.open(m_db));
            pktgen =
                store
                    .insertRunData(testdata::burstRun(EngineKind::Pktgen, QStringLiteral("kernel"),
                                                      testdata::seed000Rates()))
                    .value_or(0);
            dpdk = store
                       .insertRunData(
                           testdata::burstRun(EngineKind::Dpdk, QStringLiteral("dpdk"),
                                              {{1, 20000000}, {2, 30000000}, {3, 35000000}}))
                       .value_or(0);
            QVERIFY(pktgen > 0 && dpdk > 0);
        }
        const Result imported =
            cli({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("netdev"),
                 QStringLiteral("--label"), QStringLiteral("seed000"),
                 QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netdev_seed000_burst.txt")});
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        const Result runs = cli({QStringLiteral("runs"), QStringLiteral("--json")});
        qint64 seed = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(runs.out.toUtf8()).array()) {
            if (v[QStringLiteral("label")] == QStringLiteral("seed000"))
                seed = v[QStringLiteral("id")].toInteger();
        }
        QVERIFY(seed > 0);
        const QStringList ids{QString::number(pktgen), QString::number(dpdk),
                              QString::number(seed)};
        const Result json =
            cli(QStringList{QStringLiteral("compare"), QStringLiteral("--json")} + ids);
        QVERIFY2(json.code == 0, qPrintable(json.err));
        // one row a run and point: burst 1..3 are in all three runs
        QMap<QString, QStringList> measured;
        const QJsonObject c = QJsonDocument::fromJson(json.out.toUtf8()).object();
        for (const QJsonValue &row : c[QStringLiteral("points")].toArray()) {
            if (row[QStringLiteral("pps")].isDouble())
                measured[row[QStringLiteral("burst")].toVariant().toString()]
                    << row[QStringLiteral("run")].toVariant().toString();
        }
        for (const char *burst : {"1", "2", "3"})
            QVERIFY2(measured.value(QLatin1String(burst)).size() == 3,
                     qPrintable(QStringLiteral("burst %1: %2")
                                    .arg(QLatin1String(burst),
                                         measured.value(QLatin1String(burst)).join(u','))));
        QCOMPARE(measured.value(QStringLiteral("32")).size(), 1); // seed 000 only
        const Result text =
            cli(QStringList{QStringLiteral("compare"), QStringLiteral("--no-chart")} + ids);
        QVERIFY2(text.code == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(QStringLiteral("burst=1..3, kernel pktgen")),
                 qPrintable(text.out));
        QVERIFY(!text.out.contains(QStringLiteral("shares no point")));
        // Seed 000 is pktgen's table: with the live pktgen run no engine
        // difference is named, with the DPDK run it is.
        const Result withPktgen = cli({QStringLiteral("compare"), QStringLiteral("--no-chart"),
                                       QString::number(seed), QString::number(pktgen)});
        QVERIFY2(withPktgen.code == 0, qPrintable(withPktgen.err));
        const QRegularExpression engineDiffers(QStringLiteral("engine: (pktgen|dpdk) in "));
        QVERIFY2(!withPktgen.out.contains(engineDiffers), qPrintable(withPktgen.out));
        const Result withDpdk = cli({QStringLiteral("compare"), QStringLiteral("--no-chart"),
                                     QString::number(seed), QString::number(dpdk)});
        QVERIFY2(withDpdk.code == 0, qPrintable(withDpdk.err));
        QVERIFY2(withDpdk.out.contains(QStringLiteral("engine: pktgen in ")),
                 qPrintable(withDpdk.out));
        QVERIFY(withDpdk.out.contains(QStringLiteral(", dpdk in ")));
    }
};

QTEST_GUILESS_MAIN(TestCliPktgen)
#include "tst_cli_pktgen.moc"
