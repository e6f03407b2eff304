// More than one TX lcore: one queue per lcore with counters and a measured
// window of their own, a count split so that every lcore has a limit, and
// a sink that runs on a spare lcore. On a host of fewer than 3 CPUs the two
// TX lcores share CPU 1 (--lcores 0,1,1): each gets part of the CPU, which
// changes none of the counts checked here.
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
    void countSmallerThanQueues_data();
    void countSmallerThanQueues();
    void stepRateIsTheSumOfTheLcores();
};

namespace {

bool sharedCpu() {
    return QThread::idealThreadCount() < 3;
}

QStringList engineArgs() {
    return {"--vdev",   "net_null0", "--no-huge", "--memory-mb",
            "256",      "--lcores",  sharedCpu() ? "0,1,1" : "0-2"};
}

} // namespace

void TestEngineMulticore::initTestCase() {
    if (QThread::idealThreadCount() < 2) {
        QSKIP("needs 2 CPUs: a main lcore and the TX lcores");
    }
}

void TestEngineMulticore::queuesSplitTheWork() {
    EngineProcess engine(engineArgs());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QCOMPARE(engine.hello().value("limits").toObject().value("queues").toArray(),
             QJsonArray({1, 2}));
    // Lcores 1 and 2 on CPUs 1 and 2, or both on CPU 1.
    QCOMPARE(engine.hello().value("worker_lcores").toArray(), QJsonArray({1, 2}));
    QCOMPARE(engine.hello().value("worker_cpus").toArray(),
             sharedCpu() ? QJsonArray({1, 1}) : QJsonArray({1, 2}));
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

void TestEngineMulticore::countSmallerThanQueues_data() {
    QTest::addColumn<int>("count");
    QTest::newRow("1 packet, 2 queues") << 1;
    QTest::newRow("3 packets, 2 queues") << 3;
}

void TestEngineMulticore::countSmallerThanQueues() {
    QFETCH(int, count);
    EngineProcess engine(engineArgs());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // No duration: an lcore left without a limit would never stop.
    const QJsonObject f = engine.runStep({{"queues", 2}, {"count", count}, {"burst", 32}}, 10000);
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(f.value("tx_pkts").toInteger(), count);
    const QJsonArray lcores = f.value("lcores").toArray();
    QCOMPARE(lcores.size(), 2);
    QCOMPARE(lcores[0].toObject().value("tx_pkts").toInteger(), (count + 1) / 2);
    QCOMPARE(lcores[1].toObject().value("tx_pkts").toInteger(), count / 2);
    QCOMPARE(f.value("mbufs_in_use").toInteger(), 0);
}

void TestEngineMulticore::stepRateIsTheSumOfTheLcores() {
    EngineProcess engine(engineArgs());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject f = engine.runStep({{"queues", 2}, {"duration_ms", 200}, {"warmup_ms", 50}});
    const QJsonObject w = f.value("window").toObject();
    QCOMPARE(w.value("lcores").toInt(), 2);
    qint64 pkts = 0;
    double pps = 0;
    qint64 latestStart = 0;
    qint64 earliestEnd = INT64_MAX;
    for (const QJsonValue &v : f.value("lcores").toArray()) {
        const QJsonObject lw = v.toObject().value("window").toObject();
        QVERIFY(lw.value("tx_pkts").toInteger() > 0);
        QCOMPARE(lw.value("pps").toDouble(),
                 double(lw.value("tx_pkts").toInteger()) * 1e9 / lw.value("ns").toDouble());
        pkts += lw.value("tx_pkts").toInteger();
        pps += lw.value("pps").toDouble();
        latestStart = qMax(latestStart, lw.value("start_ns").toInteger());
        earliestEnd = qMin(earliestEnd, lw.value("end_ns").toInteger());
    }
    QCOMPARE(w.value("tx_pkts").toInteger(), pkts);
    QCOMPARE(w.value("pps").toDouble(), pps);
    // The common window: from the latest start to the earliest end.
    QCOMPARE(w.value("start_ns").toInteger(), latestStart);
    QCOMPARE(w.value("end_ns").toInteger(), earliestEnd);
    QCOMPARE(w.value("ns").toInteger(), earliestEnd - latestStart);
}

QTEST_GUILESS_MAIN(TestEngineMulticore)
#include "tst_engine_multicore.moc"
