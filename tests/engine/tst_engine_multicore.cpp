// More than one TX lcore: one queue per lcore with counters of their own, and
// a sink that runs on a spare lcore. Needs at least 3 CPUs (skipped below).
#include "EngineProcess.h"

#include <QJsonArray>
#include <QSet>
#include <QThread>
#include <QtTest>

class TestEngineMulticore : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void queuesSplitTheWork();
};

void TestEngineMulticore::initTestCase() {
    if (QThread::idealThreadCount() < 3) {
        QSKIP("needs 3 CPUs: a main lcore and two TX lcores");
    }
}

void TestEngineMulticore::queuesSplitTheWork() {
    EngineProcess engine(
        {"--vdev", "net_null0", "--no-huge", "--memory-mb", "256", "--lcores", "0-2"});
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("limits").toObject().value("queues").toArray(),
             QJsonArray({1, 2}));
    const QJsonObject f = engine.runStep({{"queues", 2}, {"count", 100001}, {"burst", 16}});
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(f.value("tx_pkts").toInteger(), 100001);
    QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);
    const QJsonArray lcores = f.value("lcores").toArray();
    QCOMPARE(lcores.size(), 2);
    QSet<int> queues;
    qint64 sum = 0;
    for (const QJsonValue &l : lcores) {
        queues.insert(l.toObject().value("queue").toInt());
        sum += l.toObject().value("tx_pkts").toInteger();
        QVERIFY(l.toObject().value("tx_pkts").toInteger() >= 50000);
    }
    QCOMPARE(queues, QSet<int>({0, 1}));
    QCOMPARE(sum, 100001);
    // Back to one queue: the port is reconfigured between steps.
    const QJsonObject g = engine.runStep({{"queues", 1}, {"duration_ms", 20}});
    QCOMPARE(g.value("lcores").toArray().size(), 1);
    QCOMPARE(g.value("mbufs_in_use").toInteger(), 0);
}

QTEST_GUILESS_MAIN(TestEngineMulticore)
#include "tst_engine_multicore.moc"
