// net_af_packet on a veth pair inside a network namespace the test creates:
// what the sink on the peer receives equals what was sent when the rate does
// not overrun it, and the burst effect of a doorbell shows (each tx_burst is
// one sendto()). Needs root for the namespace.
#include "EngineProcess.h"
#include "NetNamespace.h"

#include <QJsonArray>
#include <QtTest>
#include <unistd.h>

class TestEngineAfPacket : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void receivedEqualsSent_data();
    void receivedEqualsSent();
    void burstRaisesRate();

  private:
    NetNamespace m_ns;
};

void TestEngineAfPacket::initTestCase() {
    if (getuid() != 0) {
        QSKIP("creating a network namespace needs root");
    }
    if (!m_ns.create()) {
        QSKIP("cannot create a network namespace here (root without CAP_SYS_ADMIN?)");
    }
    QVERIFY(m_ns.ip({"link", "add", "va", "type", "veth", "peer", "name", "vb"}));
    QVERIFY(m_ns.ip({"link", "set", "va", "up"}));
    QVERIFY(m_ns.ip({"link", "set", "vb", "up"}));
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
    args << "--sink-vdev"
         << "net_af_packet1,iface=vb";
    EngineProcess engine(args, m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("ports").toArray().size(), 2);
    // 20 kpps is far below what the sink drains on one core.
    const QJsonObject f = engine.runStep(
        {{"rate_pps", 20000}, {"duration_ms", 300}, {"clone", clone}, {"burst", burst}});
    QVERIFY(!f.isEmpty());
    const qint64 sent = f.value("tx_pkts").toInteger();
    QVERIFY(sent > 1000);
    QCOMPARE(f.value("rx_pkts").toInteger(), sent);
    QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 0);
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

QTEST_GUILESS_MAIN(TestEngineAfPacket)
#include "tst_engine_afpacket.moc"
