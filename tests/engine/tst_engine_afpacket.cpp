// net_af_packet on a veth pair inside a network namespace the test creates:
// what the sink on the peer receives equals what was sent when the rate does
// not overrun it, other traffic on the link is counted apart, not as ours,
// the burst effect of a doorbell shows (each tx_burst is one sendto()), and
// the qdisc_bypass devarg decides whether the packets pass the root qdisc.
// Needs root for the namespace.
#include "EngineProcess.h"
#include "NetNamespace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

class TestEngineAfPacket : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void receivedEqualsSent_data();
    void receivedEqualsSent();
    void sinkCountsOnlyItsOwnPackets();
    void burstRaisesRate();
    void qdiscBypassDecidesThePath_data();
    void qdiscBypassDecidesThePath();

  private:
    NetNamespace m_ns;
};

namespace {

// The sink's receive ring: 4096 frames, more than a test step sends. With
// two CPUs the main lcore polls the sink between protocol polls, and on a
// busy host it may not run for a long time; a ring that holds the whole
// step keeps the kernel from dropping what the test expects to count.
const QString kSink = QStringLiteral("net_af_packet1,iface=vb,framecnt=4096");

} // namespace

void TestEngineAfPacket::initTestCase() {
    if (const QString why = m_ns.createOrWhyNot(); !why.isEmpty()) {
        QSKIP(qPrintable(why));
    }
    QVERIFY(m_ns.vethPair("va", "vb"));
}

void TestEngineAfPacket::receivedEqualsSent_data() {
    QTest::addColumn<int>("clone");
    QTest::addColumn<int>("burst");
    QTest::newRow("fresh, burst 32") << 0 << 32;
    QTest::newRow("clone 100, burst 8") << 100 << 8;
}

void TestEngineAfPacket::receivedEqualsSent() {
    QFETCH(int, clone);
    QFETCH(int, burst);
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev" << kSink;
    EngineProcess engine(args, m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("ports").toArray().size(), 2);
    // 10 kpps is far below what the sink drains on one core, and 300 ms of
    // it fit in the sink's ring.
    const QJsonObject f = engine.runStep(
        {{"rate_pps", 10000}, {"duration_ms", 300}, {"clone", clone}, {"burst", burst}});
    QVERIFY(!f.isEmpty());
    const qint64 sent = f.value("tx_pkts").toInteger();
    QVERIFY(sent > 100);
    QCOMPARE(f.value("rx_pkts").toInteger(), sent);
    QCOMPARE(f.value("rx_lost").toInteger(), 0);
    QCOMPARE(f.value("rx_foreign").toInteger(), 0);
    QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 0);
}

namespace {

// Traffic that is not the engine's: IPv4/UDP frames like its own but without
// the signature, and IPv6/UDP frames.
QList<QByteArray> foreignFrames(int udp, int ipv6) {
    const QByteArray macs = QByteArray::fromHex("ffffffffffff020000000099");
    QList<QByteArray> frames;
    for (int i = 0; i < udp; ++i) {
        QByteArray f = macs + QByteArray::fromHex("0800"
                                                  "4500002e00000000401100000a0000010a000002"
                                                  "1f901f90001a0000");
        f += QByteArray(18, char(i));
        frames << f;
    }
    for (int i = 0; i < ipv6; ++i) {
        QByteArray f = macs + QByteArray::fromHex("86dd"
                                                  "600000000010114000000000000000000000000000000001"
                                                  "00000000000000000000000000000002"
                                                  "1f901f9000100000");
        f += QByteArray(8, char(i));
        frames << f;
    }
    return frames;
}

} // namespace

void TestEngineAfPacket::sinkCountsOnlyItsOwnPackets() {
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev" << kSink;
    EngineProcess engine(args, m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject ack = engine.request({{"cmd", "start"},
                                            {"id", 5},
                                            {"rate_pps", 4000},
                                            {"burst", 8},
                                            {"duration_ms", 800},
                                            {"warmup_ms", 100},
                                            {"timestamp", true},
                                            {"stats_ms", 50}});
    QVERIFY(ack.value("ok").toBool());
    QVERIFY(!engine.waitFor("stats", 5).isEmpty());
    // Into the sink's side while the step runs: out of va, the sink's peer.
    QVERIFY(m_ns.sendFrames("va", foreignFrames(150, 100), 200));
    const QJsonObject f = engine.waitFor("finished", 5, 10000);
    QVERIFY(!f.isEmpty());
    const qint64 sent = f.value("tx_pkts").toInteger();
    QVERIFY(sent > 100);
    QCOMPARE(f.value("rx_pkts").toInteger(), sent);
    QCOMPARE(f.value("rx_foreign").toInteger(), 250);
    QCOMPARE(f.value("rx_lost").toInteger(), 0);
    QCOMPARE(f.value("rx_late").toInteger(), 0);
    QCOMPARE(f.value("rx_duplicates").toInteger(), 0);
    QCOMPARE(f.value("rx_reordered").toInteger(), 0);
    // One-way latency from the shared TSC, for every packet of the step.
    const QJsonObject latency = f.value("latency_ns").toObject();
    QCOMPARE(latency.value("samples").toInteger(), sent);
    const qint64 min = latency.value("min").toInteger();
    const qint64 median = latency.value("median").toInteger();
    const qint64 p99 = latency.value("p99").toInteger();
    const qint64 max = latency.value("max").toInteger();
    qInfo("one-way latency on the veth pair: min %lld, median %lld, p99 %lld, max %lld ns", min,
          median, p99, max);
    QVERIFY2(0 < min && min <= median && median <= p99 && p99 <= max,
             qPrintable(QString("%1 %2 %3 %4").arg(min).arg(median).arg(p99).arg(max)));
    QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);

    // The next step counts only its own packets: nothing of the last one is late.
    const QJsonObject g = engine.runStep({{"rate_pps", 10000}, {"duration_ms", 200}});
    QCOMPARE(g.value("rx_pkts").toInteger(), g.value("tx_pkts").toInteger());
    QCOMPARE(g.value("rx_foreign").toInteger(), 0);
    QVERIFY(g.value("latency_ns").isNull());
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
}

void TestEngineAfPacket::burstRaisesRate() {
    EngineProcess engine(EngineProcess::vdevArgs("net_af_packet0,iface=va"), m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // Alternate the two settings so a neighbour's load hits both alike.
    double pps1 = 0;
    double pps32 = 0;
    for (int round = 0; round < 2; ++round) {
        for (int burst : {1, 32}) {
            const QJsonObject f = engine.runStep({{"burst", burst}, {"duration_ms", 400}});
            QVERIFY(!f.isEmpty());
            QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);
            (burst == 1 ? pps1 : pps32) += f.value("pps").toDouble();
        }
    }
    qInfo("af_packet on veth: burst 1 %.0f pps, burst 32 %.0f pps", pps1 / 2, pps32 / 2);
    QVERIFY(pps1 > 0);
    QVERIFY(pps32 > pps1);
}

namespace {

// What a device's root qdisc passed on or dropped so far, as tc -s counts.
std::optional<qint64> qdiscPackets(const NetNamespace &ns, const QString &device) {
    QProcess tc;
    tc.start(ns.exec().first(),
             ns.exec().mid(1) + QStringList{"tc", "-s", "-j", "qdisc", "show", "dev", device});
    if (!tc.waitForFinished(10000) || tc.exitCode() != 0)
        return std::nullopt;
    for (const QJsonValue &q : QJsonDocument::fromJson(tc.readAllStandardOutput()).array()) {
        if (q["root"].toBool())
            return q["packets"].toInteger() + q["drops"].toInteger();
    }
    return std::nullopt;
}

} // namespace

void TestEngineAfPacket::qdiscBypassDecidesThePath_data() {
    QTest::addColumn<QString>("vdev");
    QTest::addColumn<bool>("bypass");
    QTest::newRow("qdisc_bypass=0") << "net_af_packet0,iface=va,qdisc_bypass=0" << false;
    QTest::newRow("qdisc_bypass=1") << "net_af_packet0,iface=va,qdisc_bypass=1" << true;
    QTest::newRow("driver's default") << "net_af_packet0,iface=va" << true;
}

void TestEngineAfPacket::qdiscBypassDecidesThePath() {
    QFETCH(QString, vdev);
    QFETCH(bool, bypass);
    // A root qdisc that counts (a veth's own is noqueue, which has none).
    QVERIFY(NetNamespace::run(m_ns.exec() + QStringList{"tc", "qdisc", "replace", "dev", "va",
                                                        "root", "handle", "1:", "pfifo"}));
    const auto before = qdiscPackets(m_ns, "va");
    QVERIFY(before);
    EngineProcess engine(EngineProcess::vdevArgs(vdev), m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // The hello says what the driver's sockets were given.
    const QJsonObject port = engine.hello().value("ports").toArray().at(0).toObject();
    QCOMPARE(port.value("qdisc_bypass").toBool(!bypass), bypass);
    const QJsonObject f = engine.runStep({{"count", 2000}, {"duration_ms", 60000}});
    QVERIFY(!f.isEmpty());
    const qint64 sent = f.value("tx_pkts").toInteger();
    QCOMPARE(sent, 2000);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
    const auto after = qdiscPackets(m_ns, "va");
    QVERIFY(after);
    // Through the qdisc, each packet sent was passed on or dropped there.
    QCOMPARE(*after - *before, bypass ? 0 : sent);
}

QTEST_GUILESS_MAIN(TestEngineAfPacket)
#include "tst_engine_afpacket.moc"
