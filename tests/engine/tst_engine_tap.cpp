// net_tap as the TX port: the driver insists on as many RX as TX queues, so
// the engine gives it paired queues; steps and a reconfiguration still work
// and leak nothing. Needs root (CAP_NET_ADMIN) for the tap device, which
// lives in a namespace of the test's own.
#include "EngineProcess.h"
#include "NetNamespace.h"

#include <QtTest>

class TestEngineTap : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void tapPortTransmits();

  private:
    NetNamespace m_ns;
};

void TestEngineTap::initTestCase() {
    if (const QString why = m_ns.createOrWhyNot(); !why.isEmpty()) {
        QSKIP(qPrintable(why));
    }
}

void TestEngineTap::tapPortTransmits() {
    EngineProcess engine(EngineProcess::vdevArgs("net_tap0,iface=bltap0"), m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject a = engine.runStep({{"count", 1000}});
    QCOMPARE(a.value("tx_pkts").toInteger(), 1000);
    QCOMPARE(a.value("mbufs_in_use").toInteger(), 0);
    const QJsonObject b = engine.runStep({{"count", 1000}, {"tx_desc", 512}, {"clone", 10}});
    QCOMPARE(b.value("tx_pkts").toInteger(), 1000);
    QCOMPARE(b.value("mbufs_built").toInteger(), 100);
    QCOMPARE(b.value("mbufs_in_use").toInteger(), 0);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 0);
}

QTEST_GUILESS_MAIN(TestEngineTap)
#include "tst_engine_tap.moc"
