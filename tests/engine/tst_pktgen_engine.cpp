// burstlab-pktgen-engine against a real kernel's pktgen. The program runs
// inside the test guest (tests/guest/run-in-guest.sh), as the
// guest's root, on dummy0 and a veth pair; elsewhere it skips. What it
// shows is functional (the protocol, pktgen's figures mapped, pktgen idle
// on every way out), not performance: the guest's CPUs are emulated.
#include "EngineProcess.h"
#include "model/EngineKind.h"
#include "model/StepParameters.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <limits>
#include <sys/utsname.h>
#include <tuple>

using burstlab::EngineKind;
using burstlab::ParameterType;
using burstlab::StepParameters;

namespace {

// The guest's scheduler clock runs on an emulated CPU that the host
// time-slices with its other work, so a thread's on-CPU time over a window
// is allowed a 10 ms tick of slack either way, as on a jiffies clock
// (docs/kernel-pktgen.md, "Thread figures").
constexpr double kTickNs = 10e6;
// Beyond the window the thread's time holds pktgen's setup and end of the
// entry, microseconds of the guest's that the host may stretch by a time
// slice of its own when it runs other work beside the guest.
constexpr double kOutsideWindowNs = 5 * kTickNs;

const QString kPktgen = QStringLiteral("/proc/net/pktgen");

QString readFile(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool writeFile(const QString &path, const QByteArray &text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

bool run(const QStringList &command) {
    return QProcess::execute(command.first(), command.mid(1)) == 0;
}

// Every entry on every kpktgend thread, running or stopped.
// The names of what only DPDK's transmit path measures that are in o: none
// from the pktgen engine, which leaves them out rather than send a 0.
QStringList dpdkOnlyFields(const QJsonObject &o) {
    QStringList present;
    for (const char *name :
         {"tx_calls", "ring_full", "retries", "alloc_fail", "busy_cycles", "mbufs_built",
          "burst_hist", "cycles_per_pkt", "cpu_ns_per_pkt", "mbufs_in_use", "cpu_ns"}) {
        if (o.contains(QLatin1String(name)))
            present << QLatin1String(name);
    }
    return present;
}

QStringList pktgenEntries() {
    QStringList entries;
    for (const QString &thread : QDir(kPktgen).entryList({"kpktgend_*"}, QDir::Files)) {
        for (const QString &line : readFile(kPktgen + "/" + thread).split('\n')) {
            if (line.startsWith("Running:") || line.startsWith("Stopped:")) {
                entries += line.section(':', 1).split(' ', Qt::SkipEmptyParts);
            }
        }
    }
    return entries;
}

QStringList engineArgs(const QString &device, const QStringList &more = {}) {
    return QStringList{"--device", device} + more;
}

QJsonObject startCommand(qint64 id, const QJsonObject &params) {
    QJsonObject c = params;
    c["cmd"] = "start";
    c["id"] = id;
    return c;
}

// The kpktgend thread's figures over a step's windows (docs/protocol.md,
// "The thread figures"): per entry that measured a window, none for one
// that did not, and the step's over them.
void verifyThreadFigures(const QJsonObject &finished) {
    int measured = 0;
    // A window shorter than a scheduler tick can show a share above 1.
    double onCpu = 0, minShare = std::numeric_limits<double>::infinity();
    for (const QJsonValue &v : finished.value("lcores").toArray()) {
        const QJsonObject lcore = v.toObject();
        const QJsonObject window = lcore.value("window").toObject();
        const QJsonValue thread = lcore.value("thread");
        if (window.value("ns").toDouble() == 0) {
            QVERIFY(thread.isNull());
            continue;
        }
        ++measured;
        const QJsonObject t = thread.toObject();
        QCOMPARE(t.value("cpu").toInt(), lcore.value("lcore").toInt());
        QCOMPARE(t.value("wall_ns").toDouble(), window.value("ns").toDouble());
        const double wall = t.value("wall_ns").toDouble();
        const double onCpuNs = t.value("on_cpu_ns").toDouble();
        onCpu += onCpuNs;
        QVERIFY2(onCpuNs >= 0 && onCpuNs <= wall * 1.0002 + kOutsideWindowNs,
                 qPrintable(QString::number(onCpuNs)));
        QCOMPARE(t.value("cpu_share").toDouble(), onCpuNs / wall);
        minShare = std::min(minShare, onCpuNs / wall);
        QVERIFY(t.value("involuntary_switches").toDouble() >= 0);
        QVERIFY(t.value("voluntary_switches").toDouble() >= 0);
        QCOMPARE(t.value("cpu_pps").toDouble(),
                 onCpuNs > 0 ? window.value("tx_pkts").toDouble() * 1e9 / onCpuNs : 0.0);
        QCOMPARE(t.value("steal_ns").isNull(), t.value("steal_share").isNull());
    }
    const QJsonValue step = finished.value("thread");
    QCOMPARE(step.isNull(), measured == 0);
    if (measured > 0) {
        QCOMPARE(step.toObject().value("lcores").toInt(), measured);
        QCOMPARE(step.toObject().value("on_cpu_ns").toDouble(), onCpu);
        QCOMPARE(step.toObject().value("min_cpu_share").toDouble(), minShare);
    }
}

// The first stats message of step id that counts packets sent; empty when
// none comes.
QJsonObject firstSending(EngineProcess &engine, qint64 id) {
    for (;;) {
        const QJsonObject stats = engine.waitFor("stats", id);
        if (stats.isEmpty() || stats.value("tx_pkts").toInteger() > 0) {
            return stats;
        }
    }
}

} // namespace

class TestPktgenEngine : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();
    void helloMatchesTheParameterTable();
    void badInputRefused_data();
    void badInputRefused();
    void countStep_data();
    void countStep();
    void durationStep();
    void parametersReachPktgen();
    void xmitModesReachPktgen();
    void ipv6AndNodeReachPktgen();
    void rateIsPacketsNotBursts();
    void stopMidStepLeavesIdle();
    void stopAtOnce();
    void devicesRefused();
    void foreignEntriesRefusedOwnStaleRemoved();
    void vethRefusesBurstAndClone();
    void endsLeavingIdle_data();
    void endsLeavingIdle();
    void clientKilledMidStepLeavesIdle();

  private:
    QTemporaryDir m_dir;
};

void TestPktgenEngine::initTestCase() {
    if (!QFile::exists(kPktgen + "/pgctrl")) {
        QSKIP(
            "no pktgen here: this test runs inside the test kernel (tests/guest/run-in-guest.sh)");
    }
    QVERIFY(m_dir.isValid());
    if (!QFile::exists("/sys/class/net/dummy0")) {
        QVERIFY(run({"ip", "link", "add", "dummy0", "type", "dummy"}));
    }
    QVERIFY(run({"ip", "link", "set", "dummy0", "up"}));
    if (!QFile::exists("/sys/class/net/veth0")) {
        QVERIFY(run({"ip", "link", "add", "veth0", "type", "veth", "peer", "name", "veth1"}));
    }
    QVERIFY(run({"ip", "link", "set", "veth0", "up"}));
    QVERIFY(run({"ip", "link", "set", "veth1", "up"}));
    // The guest's own file system for the allow-list: a host file read
    // through hostfs belongs to the host's user, which the guest's root
    // would refuse as a policy nobody owns.
    QVERIFY(run({"mount", "-t", "tmpfs", "none", m_dir.path()}));
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::cleanup() {
    // Each test leaves pktgen idle itself; this keeps one failure from
    // failing the next.
    QVERIFY2(pktgenEntries().isEmpty(), qPrintable(pktgenEntries().join(' ')));
}

void TestPktgenEngine::cleanupTestCase() {
    if (QFile::exists(kPktgen + "/pgctrl")) {
        QVERIFY(run({"umount", m_dir.path()}));
    }
}

void TestPktgenEngine::helloMatchesTheParameterTable() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject hello = engine.hello();
    QCOMPARE(hello.value("protocol").toInt(), 2);
    QCOMPARE(hello.value("engine_kind").toString(), QStringLiteral("pktgen"));
    QVERIFY(!hello.contains("dpdk_version"));
    utsname u{};
    QCOMPARE(uname(&u), 0);
    QCOMPARE(hello.value("kernel_version").toString(), QString::fromUtf8(u.release));
    const QString version = hello.value("pktgen_version").toString();
    QVERIFY(!version.isEmpty());
    QVERIFY(readFile(kPktgen + "/pgctrl").contains("Version: " + version));
    QCOMPARE(hello.value("tsc_hz").toInteger(), 1000000000);
    const QJsonObject port = hello.value("ports").toArray().at(0).toObject();
    QCOMPARE(port.value("role").toString(), QStringLiteral("tx"));
    QCOMPARE(port.value("name").toString(), QStringLiteral("dummy0"));
    QCOMPARE(port.value("driver").toString(), QStringLiteral("dummy"));
    const QString mac = readFile("/sys/class/net/dummy0/address").trimmed();
    QCOMPARE(port.value("mac").toString(), mac);

    const QJsonObject limits = hello.value("limits").toObject();
    const QJsonObject defaults = hello.value("defaults").toObject();
    for (const burstlab::StepParameter &p : StepParameters::all()) {
        const bool ranged = p.type == ParameterType::Integer || p.type == ParameterType::PortRange;
        if (!p.takenBy(EngineKind::Pktgen)) {
            QVERIFY2(!limits.contains(p.name) && !defaults.contains(p.name), qPrintable(p.name));
            continue;
        }
        QCOMPARE(limits.contains(p.name), ranged);
        if (ranged) {
            const QJsonArray range = limits.value(p.name).toArray();
            QVERIFY2(range.size() == 2, qPrintable(p.name));
            if (p.name == "count") {
                // pktgen reads at most 10 digits (docs/protocol.md).
                QCOMPARE(range.at(0).toInteger(), p.min);
                QCOMPARE(range.at(1).toInteger(), 9999999999LL);
            } else if (p.fromPort) {
                QVERIFY2(range.at(0).toInteger() >= p.min && range.at(1).toInteger() <= p.max &&
                             range.at(0).toInteger() <= range.at(1).toInteger(),
                         qPrintable(p.name));
            } else {
                QCOMPARE(range.at(0).toInteger(), p.min);
                QCOMPARE(range.at(1).toInteger(), p.max);
            }
        }
        if (p.fromPort && p.type == ParameterType::Mac) {
            QCOMPARE(defaults.value(p.name).toString(), mac);
        } else {
            QVERIFY2(defaults.value(p.name) == p.defaultFor(EngineKind::Pktgen),
                     qPrintable(p.name));
        }
    }
    QCOMPARE(limits.value("queues").toArray(), (QJsonArray{1, 1}));
    QCOMPARE(limits.value("pkt_size").toArray(), (QJsonArray{60, 1514}));
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitCode(), 0);
    QVERIFY(engine.garbage().isEmpty());
}

void TestPktgenEngine::badInputRefused_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("field");
    const auto start = [](const char *fields) {
        return QByteArray(R"({"cmd":"start","id":5)") + fields + "}\n";
    };
    QTest::newRow("unknown field") << start(R"(,"bogus":1)") << "unknown_field"
                                   << "bogus";
    QTest::newRow("out of range") << start(R"(,"burst":0)") << "out_of_range"
                                  << "burst";
    QTest::newRow("wrong type") << start(R"(,"count":"many")") << "bad_type"
                                << "count";
    QTest::newRow("tx_desc") << start(R"(,"tx_desc":512)") << "unknown_field"
                             << "tx_desc";
    QTest::newRow("warmup_ms") << start(R"(,"warmup_ms":10)") << "unknown_field"
                               << "warmup_ms";
    QTest::newRow("count beyond pktgen") << start(R"(,"count":10000000000)") << "out_of_range"
                                         << "count";
    QTest::newRow("xmit_mode word") << start(R"(,"xmit_mode":"fast")") << "out_of_range"
                                    << "xmit_mode";
    // pktgen answers these with ENOTSUPP, which names neither setting.
    QTest::newRow("queue_xmit burst")
        << start(R"(,"xmit_mode":"queue_xmit","burst":8)") << "out_of_range"
        << "burst";
    QTest::newRow("netif_receive clone")
        << start(R"(,"xmit_mode":"netif_receive","clone":3)") << "out_of_range"
        << "clone";
    // FLOW_SEQ is what flows set; a flag twice is a mistake.
    QTest::newRow("flag of another parameter")
        << start(R"(,"flags":["FLOW_SEQ"])") << "out_of_range"
        << "flags";
    QTest::newRow("flag twice") << start(R"(,"flags":["UDPCSUM","UDPCSUM"])") << "out_of_range"
                                << "flags";
    // pktgen's IPv6: dst6 makes the packets IPv6; the rest must fit them.
    QTest::newRow("dst6's form") << start(R"(,"dst6":"fd00::g")") << "out_of_range"
                                 << "dst6";
    QTest::newRow("src6 alone") << start(R"(,"src6":"fd00::1")") << "out_of_range"
                                << "src6";
    QTest::newRow("IPv6 frame too short")
        << start(R"(,"dst6":"fd00::2","pkt_size":60)") << "out_of_range"
        << "pkt_size";
    QTest::newRow("tos of IPv6") << start(R"(,"dst6":"fd00::2","pkt_size":78,"tos":4)")
                                 << "out_of_range"
                                 << "tos";
    QTest::newRow("traffic_class of IPv4") << start(R"(,"traffic_class":4)") << "out_of_range"
                                           << "traffic_class";
    // The guest has one NUMA node, 0: the hello narrowed node to -1..0.
    QTest::newRow("node not possible") << start(R"(,"node":1)") << "out_of_range"
                                       << "node";
    QTest::newRow("bad json") << QByteArray("{\"cmd\":\n") << "bad_json" << QString();
}

void TestPktgenEngine::badInputRefused() {
    QFETCH(QByteArray, line);
    QFETCH(QString, code);
    QFETCH(QString, field);
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    engine.sendRaw(line);
    const QJsonObject ack = engine.waitFor("ack");
    QVERIFY(!ack.isEmpty());
    QCOMPARE(ack.value("ok").toBool(), false);
    const QJsonObject error = ack.value("error").toObject();
    QCOMPARE(error.value("code").toString(), code);
    QCOMPARE(error.value("field").toString(), field);
    if (!field.isEmpty()) {
        QVERIFY2(error.value("message").toString().contains(field),
                 qPrintable(error.value("message").toString()));
    }
    // Still serving, and nothing was set up in pktgen.
    QVERIFY(engine.request({{"cmd", "ping"}, {"id", 6}}).value("ok").toBool());
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::countStep_data() {
    QTest::addColumn<int>("burst");
    QTest::addColumn<int>("clone");
    for (int burst : {1, 32}) {
        for (int clone : {0, 64}) {
            QTest::addRow("burst %d clone %d", burst, clone) << burst << clone;
        }
    }
}

void TestPktgenEngine::countStep() {
    QFETCH(int, burst);
    QFETCH(int, clone);
    // A multiple of 32: pktgen checks the count after each burst.
    constexpr qint64 kCount = 64000;
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject f =
        engine.runStep({{"count", kCount}, {"burst", burst}, {"clone", clone}, {"pkt_size", 60}});
    QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(f.value("tx_pkts").toInteger(), kCount);
    QCOMPARE(f.value("tx_bytes").toInteger(), kCount * 60);
    QCOMPARE(f.value("tx_errors").toInteger(), 0);
    const QJsonObject window = f.value("window").toObject();
    const double ns = window.value("ns").toDouble();
    QVERIFY(ns > 0);
    QCOMPARE(window.value("tx_pkts").toInteger(), kCount);
    QCOMPARE(window.value("lcores").toInt(), 1);
    const double pps = window.value("pps").toDouble();
    QVERIFY(qAbs(pps - kCount * 1e9 / ns) <= pps * 1e-9);
    QCOMPARE(window.value("ns_per_pkt").toDouble(), 1e9 / pps);
    const QJsonObject lcore = f.value("lcores").toArray().at(0).toObject();
    QCOMPARE(lcore.value("tx_pkts").toInteger(), kCount);
    QCOMPARE(lcore.value("device").toString(), QStringLiteral("dummy0@burstlab0"));
    const QJsonObject lw = lcore.value("window").toObject();
    QCOMPARE(lw.value("ns").toDouble(), ns);
    QCOMPARE(lw.value("end_ns").toDouble() - lw.value("start_ns").toDouble(), ns);
    // pktgen's own rate is over its exact ns, ours over its whole microseconds:
    // at most 1 us of the window apart.
    const double theirs = lcore.value("pktgen_pps").toDouble();
    QVERIFY2(theirs <= pps && pps - theirs <= pps * 1000 / ns + 1,
             qPrintable(QString("%1 vs %2").arg(theirs).arg(pps)));
    const QJsonObject params = f.value("params").toObject();
    QCOMPARE(params.value("burst").toInt(), burst);
    QCOMPARE(params.value("clone").toInt(), clone);
    QVERIFY(!params.contains("tx_desc"));
    for (const QJsonObject &o : {f, window, lcore, lw})
        QVERIFY2(dpdkOnlyFields(o).isEmpty(), qPrintable(dpdkOnlyFields(o).join(u' ')));
    QVERIFY(!f.value("thread").isNull());
    verifyThreadFigures(f);
    if (QTest::currentTestFailed())
        return;
    // Idle after the step, the engine still running.
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::durationStep() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject f = engine.runStep({{"duration_ms", 300}, {"stats_ms", 50}});
    QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
    QCOMPARE(f.value("reason").toString(), QStringLiteral("duration"));
    QVERIFY(f.value("tx_pkts").toInteger() > 0);
    // The duration counts from pktgen's start of the step, and the stop
    // comes after it: the window is no shorter (to pktgen's microsecond).
    const double ns = f.value("window").toObject().value("ns").toDouble();
    QVERIFY2(ns >= 300e6 - 1000, qPrintable(QString::number(ns)));
    // The live samples were cumulative and came before the finished message.
    qint64 last = 0;
    for (const QJsonObject &m : engine.takeMessages()) {
        QCOMPARE(m.value("type").toString(), QStringLiteral("stats"));
        QVERIFY2(dpdkOnlyFields(m).isEmpty(), qPrintable(dpdkOnlyFields(m).join(u' ')));
        QVERIFY(m.value("tx_pkts").toInteger() >= last);
        last = m.value("tx_pkts").toInteger();
    }
    QVERIFY(last <= f.value("tx_pkts").toInteger());
    QVERIFY(!f.value("thread").isNull());
    verifyThreadFigures(f);
    if (QTest::currentTestFailed())
        return;
    // 30 of the test kernel's jiffies: the thread's time on its CPU shows.
    const QJsonObject thread = f.value("thread").toObject();
    QVERIFY(thread.value("on_cpu_ns").toDouble() > 0);
    QVERIFY(thread.value("min_cpu_share").toDouble() > 0);
    QVERIFY(thread.value("cpu_pps").toDouble() > 0);
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::parametersReachPktgen() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject params{{"duration_ms", 60000},
                             {"stats_ms", 20},
                             {"burst", 8},
                             {"clone", 3},
                             {"pkt_size", 128},
                             {"flows", 4},
                             {"rate_pps", 800000},
                             {"vlan", 5},
                             {"vlan_pcp", 3},
                             {"udp_src", QJsonArray{1000, 1003}},
                             {"udp_dst", QJsonArray{2000, 2001}},
                             {"src_mac", "02:00:00:00:00:07"},
                             {"dst_mac", "02:00:00:00:00:09"},
                             {"src_ip", "10.0.0.1"},
                             {"dst_ip", "10.0.1.1"},
                             {"timestamp", false},
                             {"tos", 0x2e},
                             {"skb_priority", 7},
                             {"frags", 2},
                             {"flags", QJsonArray{"QUEUE_MAP_CPU", "UDPCSUM"}}};
    QVERIFY(engine.request(startCommand(1, params)).value("ok").toBool());
    QVERIFY(!firstSending(engine, 1).isEmpty());
    const QString entry = readFile(kPktgen + "/dummy0@burstlab0").simplified();
    // 8 packets a send at 800000 packets/s: a send every 10 us.
    for (const char *shown :
         {"min_pkt_size: 128 max_pkt_size: 128", "delay: 10000 clone_skb: 3", "burst: 8",
          "flows: 4 flowlen: 1", "queue_map_min: 0 queue_map_max: 0",
          "dst_min: 10.0.1.1 dst_max: 10.0.1.4", "src_min: 10.0.0.1 src_max: 10.0.0.1",
          "src_mac: 02:00:00:00:00:07 dst_mac: 02:00:00:00:00:09",
          "udp_src_min: 1000 udp_src_max: 1003 udp_dst_min: 2000 udp_dst_max: 2001",
          "vlan_id: 5 vlan_p: 3", "FLOW_SEQ", "NO_TIMESTAMP", "tos: 0x2e", "skb_priority: 7",
          "frags: 2 ", "UDPCSUM", "QUEUE_MAP_CPU"}) {
        QVERIFY2(entry.contains(shown), qPrintable(QString(shown) + " not in " + entry));
    }
    QVERIFY(engine.request({{"cmd", "stop"}, {"id", 2}}).value("ok").toBool());
    QCOMPARE(engine.waitFor("finished", 1).value("reason").toString(), QStringLiteral("stopped"));
}

void TestPktgenEngine::xmitModesReachPktgen() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // pktgen's dump calls queue_xmit xmit_queue, and says nothing of start_xmit.
    const QList<std::tuple<QString, int, QString>> modes = {
        {"netif_receive", 4, "xmit_mode: netif_receive"},
        {"queue_xmit", 1, "xmit_mode: xmit_queue"},
        {"start_xmit", 4, ""}};
    qint64 id = 1;
    for (const auto &[mode, burst, shown] : modes) {
        const qint64 step = id++;
        QVERIFY(engine
                    .request(startCommand(step, {{"duration_ms", 60000},
                                                 {"stats_ms", 20},
                                                 {"burst", burst},
                                                 {"xmit_mode", mode}}))
                    .value("ok")
                    .toBool());
        QVERIFY(!firstSending(engine, step).isEmpty());
        const QString entry = readFile(kPktgen + "/dummy0@burstlab0").simplified();
        QVERIFY2(shown.isEmpty() ? !entry.contains("xmit_mode") : entry.contains(shown),
                 qPrintable(mode + ": " + entry));
        QVERIFY(engine.request({{"cmd", "stop"}, {"id", id++}}).value("ok").toBool());
        const QJsonObject finished = engine.waitFor("finished", step);
        QCOMPARE(finished.value("reason").toString(), QStringLiteral("stopped"));
        QCOMPARE(finished.value("params").toObject().value("xmit_mode").toString(), mode);
    }
}

void TestPktgenEngine::ipv6AndNodeReachPktgen() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("limits").toObject().value("node").toArray(),
             (QJsonArray{-1, 0}));
    // Typed in a long form, sent in pktgen's own (the client's canonical).
    const QJsonObject params{
        {"duration_ms", 60000}, {"stats_ms", 20},        {"pkt_size", 78}, {"dst6", "fd00::2"},
        {"src6", "fd00::1"},    {"traffic_class", 0x2e}, {"node", 0}};
    QVERIFY(engine.request(startCommand(1, params)).value("ok").toBool());
    QVERIFY(!firstSending(engine, 1).isEmpty());
    const QString entry = readFile(kPktgen + "/dummy0@burstlab0").simplified();
    for (const char *shown :
         {"saddr: fd00::1 min_saddr: :: max_saddr: ::", "daddr: fd00::2 min_daddr: ::",
          "traffic_class: 0x2e", "node: 0", "IPV6", "NODE", "cur_saddr: fd00::1 cur_daddr: fd00::2",
          "min_pkt_size: 78"}) {
        QVERIFY2(entry.contains(shown), qPrintable(QString(shown) + " not in " + entry));
    }
    // pktgen shows an IPv4 entry's dst_min, an IPv6 one's daddr.
    QVERIFY2(!entry.contains(" dst_min:"), qPrintable(entry));
    QVERIFY(engine.request({{"cmd", "stop"}, {"id", 2}}).value("ok").toBool());
    const QJsonObject finished = engine.waitFor("finished", 1);
    QCOMPARE(finished.value("reason").toString(), QStringLiteral("stopped"));
    const QJsonObject echo = finished.value("params").toObject();
    QCOMPARE(echo.value("dst6").toString(), QStringLiteral("fd00::2"));
    QCOMPARE(echo.value("node").toInt(), 0);
    QCOMPARE(finished.value("tx_bytes").toInteger(), finished.value("tx_pkts").toInteger() * 78);
    // Each step's entry is new: the next one, without dst6, echoes none.
    const QJsonObject again = engine.runStep({{"count", 3200}, {"pkt_size", 60}});
    QCOMPARE(again.value("params").toObject().value("dst6").toString(), QString());
    QCOMPARE(again.value("tx_pkts").toInteger(), 3200);
}

void TestPktgenEngine::rateIsPacketsNotBursts() {
    // pktgen paces its sends, each of `burst` packets; the step's rate is
    // packets. pktgen can fall behind the rate, never run ahead of it by
    // more than a send, so the bound holds on a busy machine.
    constexpr double kRate = 200000;
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject f =
        engine.runStep({{"count", 32000}, {"burst", 32}, {"rate_pps", kRate}}, 30000);
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    const QJsonObject window = f.value("window").toObject();
    QCOMPARE(window.value("target_pps").toDouble(), kRate);
    QVERIFY2(window.value("pps").toDouble() <= kRate * 1.01,
             qPrintable(QString::number(window.value("pps").toDouble())));
}

void TestPktgenEngine::stopMidStepLeavesIdle() {
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QVERIFY(engine.request(startCommand(1, {{"duration_ms", 60000}, {"stats_ms", 20}}))
                .value("ok")
                .toBool());
    // Running: pktgen holds the entry, and it has sent.
    const QJsonObject stats = firstSending(engine, 1);
    QVERIFY(!stats.isEmpty());
    QCOMPARE(pktgenEntries(), QStringList{"dummy0@burstlab0"});
    QVERIFY(engine.request({{"cmd", "stop"}, {"id", 2}}).value("ok").toBool());
    const QJsonObject f = engine.waitFor("finished", 1);
    QVERIFY(!f.isEmpty());
    QCOMPARE(f.value("reason").toString(), QStringLiteral("stopped"));
    QVERIFY(f.value("tx_pkts").toInteger() >= stats.value("tx_pkts").toInteger());
    verifyThreadFigures(f);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::stopAtOnce() {
    // pktgen's thread takes a start up some 125 ms after the write, and a
    // stop before that is lost (the engine writes it again every 50 ms):
    // pktgen may or may not have sent. Thread figures come with a window
    // only.
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    engine.send(startCommand(1, {{"duration_ms", 60000}}));
    engine.send({{"cmd", "stop"}, {"id", 2}});
    const QJsonObject f = engine.waitFor("finished", 1);
    QVERIFY(!f.isEmpty());
    QCOMPARE(f.value("reason").toString(), QStringLiteral("stopped"));
    verifyThreadFigures(f);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(f.value("thread").isNull(), f.value("tx_pkts").toInteger() == 0);
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::devicesRefused() {
    // Of several devices, the one that does not exist is named.
    for (const char *devices : {"nosuch0", "dummy0,nosuch0"}) {
        EngineProcess engine(engineArgs(devices), {}, EngineProcess::pktgenEnginePath());
        QVERIFY(!engine.start());
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitCode(), 4);
        QVERIFY(engine.takeMessages().value(0).value("message").toString().contains("nosuch0"));
    }
    // A device twice, or fewer threads than devices: usage errors saying so.
    const std::pair<QStringList, const char *> usage[] = {
        {engineArgs("dummy0,dummy0"), "dummy0 is named twice"},
        {engineArgs("dummy0,veth0", {"--threads", "0"}), "2 devices need a thread each, got 1"}};
    for (const auto &[args, why] : usage) {
        EngineProcess engine(args, {}, EngineProcess::pktgenEnginePath());
        QVERIFY(!engine.start());
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitCode(), 2);
        QVERIFY2(engine.stderrText().contains(why), engine.stderrText().constData());
    }
    const QString conf = m_dir.filePath("engine.conf");
    QVERIFY(writeFile(conf, "interfaces = veth0\n"));
    QVERIFY(QFile::setPermissions(conf, QFile::ReadOwner | QFile::WriteOwner));
    {
        EngineProcess engine(engineArgs("dummy0", {"--config", conf}), {},
                             EngineProcess::pktgenEnginePath());
        QVERIFY(!engine.start());
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitCode(), 2);
        const QByteArray why = engine.stderrText();
        QVERIFY2(why.contains("dummy0 is not in interfaces (veth0)"), why.constData());
    }
    {
        // The device the list names is taken.
        EngineProcess engine(engineArgs("veth0", {"--config", conf}), {},
                             EngineProcess::pktgenEnginePath());
        QVERIFY2(engine.start(), engine.stderrText().constData());
    }
    QVERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::foreignEntriesRefusedOwnStaleRemoved() {
    const QString thread = kPktgen + "/kpktgend_0";
    // An entry left by an engine killed with SIGKILL is removed at start.
    QVERIFY(writeFile(thread, "add_device dummy0@burstlab0\n"));
    QCOMPARE(pktgenEntries(), QStringList{"dummy0@burstlab0"});
    {
        EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
        QVERIFY2(engine.start(), engine.stderrText().constData());
        QVERIFY(pktgenEntries().isEmpty());
    }
    // Another user's entry: pgctrl's stop would end it too, so no start.
    QVERIFY(writeFile(thread, "add_device dummy0\n"));
    {
        EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
        QVERIFY(!engine.start());
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitCode(), 4);
        const QJsonObject error = engine.takeMessages().value(0);
        QCOMPARE(error.value("code").toString(), QStringLiteral("pktgen_busy"));
        QVERIFY(error.value("message").toString().contains("dummy0"));
    }
    QCOMPARE(pktgenEntries(), QStringList{"dummy0"});
    QVERIFY(writeFile(thread, "rem_device_all\n"));
    QTRY_VERIFY(pktgenEntries().isEmpty());
}

void TestPktgenEngine::vethRefusesBurstAndClone() {
    EngineProcess engine(engineArgs("veth0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("ports").toArray().at(0).toObject().value("driver").toString(),
             QStringLiteral("veth"));
    // veth has no IFF_TX_SKB_SHARING: pktgen refuses to send one skb twice.
    const QList<std::pair<QString, QJsonObject>> refused = {
        {"burst", {{"count", 1000}, {"burst", 32}, {"clone", 0}}},
        {"clone", {{"count", 1000}, {"burst", 1}, {"clone", 64}}}};
    qint64 id = 1;
    for (const auto &[field, params] : refused) {
        const QJsonObject ack = engine.request(startCommand(id++, params));
        QCOMPARE(ack.value("ok").toBool(), false);
        const QJsonObject error = ack.value("error").toObject();
        QCOMPARE(error.value("field").toString(), field);
        const QString message = error.value("message").toString();
        QVERIFY2(message.contains("pktgen refused") && message.contains("524"),
                 qPrintable(message));
        QVERIFY(pktgenEntries().isEmpty());
    }
    const QJsonObject f = engine.runStep({{"count", 1000}, {"burst", 1}, {"clone", 0}});
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(f.value("tx_pkts").toInteger(), 1000);
}

void TestPktgenEngine::endsLeavingIdle_data() {
    QTest::addColumn<QString>("how");
    for (const char *how : {"shutdown", "eof", "sigterm", "sighup"}) {
        QTest::newRow(how) << how;
    }
}

void TestPktgenEngine::endsLeavingIdle() {
    QFETCH(QString, how);
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QVERIFY(engine.request(startCommand(1, {{"stats_ms", 20}})).value("ok").toBool());
    QVERIFY(!engine.waitFor("stats", 1).isEmpty());
    QVERIFY(!pktgenEntries().isEmpty());
    if (how == "shutdown") {
        engine.send({{"cmd", "shutdown"}, {"id", 2}});
    } else if (how == "eof") {
        engine.closeStdin();
    } else {
        ::kill(static_cast<pid_t>(engine.pid()), how == "sigterm" ? SIGTERM : SIGHUP);
    }
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitStatus(), QProcess::NormalExit);
    QCOMPARE(engine.exitCode(), 0);
    QVERIFY(pktgenEntries().isEmpty());
    QVERIFY(engine.garbage().isEmpty());
}

void TestPktgenEngine::clientKilledMidStepLeavesIdle() {
    // The client: a process that holds the engine's stdin (a FIFO's write
    // end) and is killed with SIGKILL mid-step, which the engine sees as
    // its input's end.
    const QString fifo = m_dir.filePath("stdin");
    QVERIFY(run({"mkfifo", fifo}));
    QProcess client;
    client.start("bash", {"-c", R"(exec 3>"$0"; echo "$1" >&3; exec sleep 600)", fifo,
                          R"({"cmd":"start","id":1,"stats_ms":20})"});
    QVERIFY(client.waitForStarted());
    EngineProcess engine(engineArgs("dummy0"), {}, EngineProcess::pktgenEnginePath());
    engine.setStdinFile(fifo);
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QVERIFY(engine.waitFor("ack", 1).value("ok").toBool());
    const QJsonObject stats = firstSending(engine, 1);
    QVERIFY(!stats.isEmpty());
    QCOMPARE(pktgenEntries(), QStringList{"dummy0@burstlab0"});
    ::kill(static_cast<pid_t>(client.processId()), SIGKILL);
    QVERIFY(client.waitForFinished());
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitCode(), 0);
    QCOMPARE(engine.waitFor("finished", 1).value("reason").toString(), QStringLiteral("stopped"));
    QVERIFY(pktgenEntries().isEmpty());
}

QTEST_GUILESS_MAIN(TestPktgenEngine)
#include "tst_pktgen_engine.moc"
