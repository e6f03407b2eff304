// net_null: the burst and clone knobs change what is measured, and a stop in
// the middle of a step leaks no mbuf.
#include "EngineProcess.h"
#include "TscClock.h"

#include <QJsonArray>
#include <QtTest>
#include <memory>

namespace {

qint64 integer(const QJsonObject &o, const char *key) {
    return o.value(key).toInteger();
}

// burst_hist bucket index for a call that accepted n packets.
int bucketOf(int n) {
    int b = 0;
    while (n > 0 && b < 10) {
        n >>= 1;
        ++b;
    }
    return b;
}

} // namespace

class TestEngineNull : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void cleanupTestCase();
    void freshPacketsAreAllocated_data();
    void freshPacketsAreAllocated();
    void clonesAreNotAllocated();
    void burstSetsPacketsPerCall_data();
    void burstSetsPacketsPerCall();
    void countEndsStep();
    void statsAreCumulative();
    void rateLimitIsNotExceeded();
    void stopMidStepLeaksNothing_data();
    void stopMidStepLeaksNothing();
    void reconfiguresForTxDesc();
    void windowLeavesOutTheWarmup_data();
    void windowLeavesOutTheWarmup();
    void pacedWindowHoldsTheRate();
    void warmupAsLongAsTheStepLeavesNoWindow();
    void stopDuringWarmupLeavesNoWindow();
    void tscRateIsTheKernelClocks();
    void pacedWindowCarriesItsTarget();
    void signatureIsLeftOutOnlyWhereNothingReadsIt();

  private:
    std::unique_ptr<EngineProcess> m_engine;
};

void TestEngineNull::initTestCase() {
    m_engine = std::make_unique<EngineProcess>(EngineProcess::vdevArgs("net_null0"));
    QVERIFY2(m_engine->start(), m_engine->stderrText().constData());
}

void TestEngineNull::cleanupTestCase() {
    m_engine->closeStdin();
    QVERIFY(m_engine->waitForExit(5000));
    QCOMPARE(m_engine->exitCode(), 0);
}

void TestEngineNull::freshPacketsAreAllocated_data() {
    QTest::addColumn<int>("clone");
    // As kernel pktgen's clone_skb: 0 and 1 both mean a buffer per packet.
    QTest::newRow("clone 0") << 0;
    QTest::newRow("clone 1") << 1;
}

void TestEngineNull::freshPacketsAreAllocated() {
    QFETCH(int, clone);
    const QJsonObject f = m_engine->runStep({{"clone", clone}, {"duration_ms", 150}});
    QVERIFY(!f.isEmpty());
    QCOMPARE(f.value("reason").toString(), QStringLiteral("duration"));
    QVERIFY(f.value("pps").toDouble() > 0);
    QVERIFY(integer(f, "tx_pkts") > 0);
    QCOMPARE(integer(f, "mbufs_built"), integer(f, "tx_pkts"));
    QCOMPARE(integer(f, "tx_bytes"), integer(f, "tx_pkts") * 60);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
    QCOMPARE(integer(f, "alloc_fail"), 0);
    QVERIFY(f.value("elapsed_ns").toDouble() >= 150e6);
    QCOMPARE(f.value("ns_per_pkt").toDouble(), 1e9 / f.value("pps").toDouble());
    QCOMPARE(f.value("lcores").toArray().size(), 1);
    // The TX lcore's CPU time: positive, and never more than the step lasted.
    const qint64 cpuNs = f.value("lcores").toArray().first().toObject().value("cpu_ns").toInteger();
    QVERIFY(cpuNs > 0);
    QVERIFY(cpuNs <= integer(f, "elapsed_ns") + 1000000);
    QCOMPARE(f.value("cpu_ns_per_pkt").toDouble(), double(cpuNs) / integer(f, "tx_pkts"));
}

void TestEngineNull::clonesAreNotAllocated() {
    const QJsonObject f = m_engine->runStep({{"clone", 100000}, {"duration_ms", 150}});
    QVERIFY(!f.isEmpty());
    const qint64 sent = integer(f, "tx_pkts");
    QVERIFY(sent > 0);
    // One fresh mbuf per 100000 packets sent (rounded up), none per packet.
    QCOMPARE(integer(f, "mbufs_built"), (sent + 99999) / 100000);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
}

void TestEngineNull::burstSetsPacketsPerCall_data() {
    QTest::addColumn<int>("burst");
    QTest::addColumn<int>("clone");
    for (int burst : {1, 7, 32, 512}) {
        QTest::addRow("burst %d fresh", burst) << burst << 0;
        QTest::addRow("burst %d clone", burst) << burst << 1000;
    }
}

void TestEngineNull::burstSetsPacketsPerCall() {
    QFETCH(int, burst);
    QFETCH(int, clone);
    const QJsonObject f =
        m_engine->runStep({{"burst", burst}, {"clone", clone}, {"duration_ms", 50}});
    QVERIFY(!f.isEmpty());
    // net_null takes every packet: each call carries exactly one burst.
    const QJsonArray hist = f.value("burst_hist").toArray();
    QCOMPARE(hist.size(), 11);
    QCOMPARE(hist.at(bucketOf(burst)).toInteger(), integer(f, "tx_calls"));
    QCOMPARE(integer(f, "tx_pkts"), integer(f, "tx_calls") * burst);
    QCOMPARE(integer(f, "ring_full"), 0);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
}

void TestEngineNull::countEndsStep() {
    const QJsonObject f = m_engine->runStep({{"count", 1001}, {"burst", 32}});
    QCOMPARE(f.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(integer(f, "tx_pkts"), 1001);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
}

void TestEngineNull::statsAreCumulative() {
    const QJsonObject ack =
        m_engine->request({{"cmd", "start"}, {"id", 50}, {"duration_ms", 250}, {"stats_ms", 20}});
    QVERIFY(ack.value("ok").toBool());
    const QJsonObject f = m_engine->waitFor("finished", 50);
    QVERIFY(!f.isEmpty());
    qint64 lastPkts = 0;
    double lastT = 0;
    int samples = 0;
    for (const QJsonObject &m : m_engine->takeMessages()) {
        if (m.value("type") != "stats" || m.value("id").toInt() != 50) {
            continue;
        }
        ++samples;
        QVERIFY(integer(m, "tx_pkts") >= lastPkts);
        QVERIFY(m.value("t_ns").toDouble() > lastT);
        QVERIFY(integer(m, "tx_pkts") <= integer(f, "tx_pkts"));
        lastPkts = integer(m, "tx_pkts");
        lastT = m.value("t_ns").toDouble();
    }
    QVERIFY2(samples >= 5, qPrintable(QString::number(samples)));
}

void TestEngineNull::rateLimitIsNotExceeded() {
    const QJsonObject f =
        m_engine->runStep({{"rate_pps", 100000}, {"duration_ms", 200}, {"burst", 10}});
    QVERIFY(!f.isEmpty());
    // 100 kpps for 200 ms: at most 20000 packets plus the first burst.
    QVERIFY2(integer(f, "tx_pkts") <= 20010, qPrintable(QString::number(integer(f, "tx_pkts"))));
    QVERIFY(integer(f, "tx_pkts") > 0);
    // Pacing waits are not busy time.
    QVERIFY(f.value("busy_cycles").toDouble() < 0.9 * f.value("elapsed_ns").toDouble() *
                                                    m_engine->hello().value("tsc_hz").toDouble() /
                                                    1e9);
}

void TestEngineNull::stopMidStepLeaksNothing_data() {
    QTest::addColumn<int>("clone");
    QTest::addColumn<int>("burst");
    QTest::newRow("fresh") << 0 << 512;
    QTest::newRow("clone") << 1000 << 64;
}

void TestEngineNull::stopMidStepLeaksNothing() {
    QFETCH(int, clone);
    QFETCH(int, burst);
    const QJsonObject ack = m_engine->request({{"cmd", "start"},
                                               {"id", 60},
                                               {"clone", clone},
                                               {"burst", burst},
                                               {"duration_ms", 60000},
                                               {"stats_ms", 20}});
    QVERIFY(ack.value("ok").toBool());
    QVERIFY(!m_engine->waitFor("stats", 60).isEmpty());
    QVERIFY(m_engine->request({{"cmd", "stop"}, {"id", 61}}).value("ok").toBool());
    const QJsonObject f = m_engine->waitFor("finished", 60, 3000);
    QCOMPARE(f.value("reason").toString(), QStringLiteral("stopped"));
    QVERIFY(integer(f, "tx_pkts") > 0);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
    m_engine->takeMessages();
}

void TestEngineNull::reconfiguresForTxDesc() {
    // Steps end on a packet count, not a time: a TX thread that a busy host
    // keeps off its CPU for a while still sends before the step ends.
    const QJsonObject a =
        m_engine->runStep({{"tx_desc", 512}, {"count", 1000}, {"duration_ms", 60000}});
    QCOMPARE(a.value("params").toObject().value("tx_desc").toInt(), 512);
    QVERIFY(integer(a, "tx_pkts") > 0);
    QCOMPARE(integer(a, "mbufs_in_use"), 0);
    const QJsonObject b = m_engine->runStep({{"count", 1000}, {"duration_ms", 60000}});
    QCOMPARE(b.value("params").toObject().value("tx_desc").toInt(), 1024);
    QVERIFY(integer(b, "tx_pkts") > 0);
}

void TestEngineNull::windowLeavesOutTheWarmup_data() {
    QTest::addColumn<int>("burst");
    QTest::addColumn<int>("clone");
    QTest::newRow("burst 1, fresh") << 1 << 0;
    QTest::newRow("burst 32, fresh") << 32 << 0;
    QTest::newRow("burst 32, clone") << 32 << 1000;
}

void TestEngineNull::windowLeavesOutTheWarmup() {
    QFETCH(int, burst);
    QFETCH(int, clone);
    // Ended by a count rather than by a time a busy host may leave the TX
    // thread no share of: 30M packets, far more than any CPU sends in the
    // 50 ms warm-up, leave a window of well over 100 ms here, long enough
    // for the CPU share's edges to stay within 0.02%.
    const QJsonObject f = m_engine->runStep({{"burst", burst},
                                             {"clone", clone},
                                             {"count", 30000000},
                                             {"duration_ms", 60000},
                                             {"warmup_ms", 50}});
    QVERIFY(!f.isEmpty());
    QCOMPARE(f.value("params").toObject().value("warmup_ms").toInt(), 50);
    const QJsonObject w = f.value("window").toObject();
    QCOMPARE(w.value("warmup_ms").toInt(), 50);
    QCOMPARE(integer(w, "lcores"), 1);
    // From the first burst after the warm-up to the last packet sent.
    QVERIFY(integer(w, "start_ns") >= 50000000);
    QVERIFY(integer(w, "end_ns") <= integer(f, "elapsed_ns"));
    QCOMPARE(integer(w, "ns"), integer(w, "end_ns") - integer(w, "start_ns"));
    QVERIFY(integer(w, "tx_pkts") > 0);
    // The warm-up's packets are left out: fewer in the window whenever the
    // thread sent well inside the warm-up (a busy host may give it no CPU
    // then; first_tx_ns counts from the command, a little before the step).
    QVERIFY(integer(w, "tx_pkts") <= integer(f, "tx_pkts"));
    if (integer(f, "first_tx_ns") < 40000000) {
        QVERIFY(integer(w, "tx_pkts") < integer(f, "tx_pkts"));
        QVERIFY(integer(w, "tx_calls") < integer(f, "tx_calls"));
    }
    QCOMPARE(integer(w, "tx_pkts"), integer(w, "tx_calls") * burst);
    QCOMPARE(integer(w, "tx_bytes"), integer(w, "tx_pkts") * 60);
    QCOMPARE(w.value("pps").toDouble(), double(integer(w, "tx_pkts")) * 1e9 / integer(w, "ns"));
    QCOMPARE(w.value("ns_per_pkt").toDouble(), 1e9 / w.value("pps").toDouble());
    // One TX lcore: its window is the step's.
    const QJsonObject lw =
        f.value("lcores").toArray().first().toObject().value("window").toObject();
    for (const char *key : {"tx_pkts", "tx_bytes", "tx_calls", "start_ns", "end_ns", "ns"}) {
        QCOMPARE(integer(lw, key), integer(w, key));
    }
    QCOMPARE(lw.value("pps").toDouble(), w.value("pps").toDouble());
    // The TX thread over the same window: the lcore's marks sit on its
    // edges, on the CPU of its lcore.
    const QJsonObject lt =
        f.value("lcores").toArray().first().toObject().value("thread").toObject();
    QCOMPARE(lt.value("cpu").toInt(), m_engine->hello().value("worker_lcores")[0].toInt());
    // (both from the same TSC marks, rounded to the nanosecond apart)
    QVERIFY(qAbs(integer(lt, "wall_ns") - integer(w, "ns")) <= 1);
    const double share = lt.value("cpu_share").toDouble();
    // At most edge rounding above 1: with the TSC rate off by 0.1%, so is this.
    QVERIFY2(share > 0 && share <= 1.0002, qPrintable(QString::number(share)));
    QCOMPARE(share, double(integer(lt, "on_cpu_ns")) / integer(lt, "wall_ns"));
    QCOMPARE(lt.value("cpu_pps").toDouble(),
             double(integer(w, "tx_pkts")) * 1e9 / integer(lt, "on_cpu_ns"));
    QVERIFY(lt.value("cpu_pps").toDouble() >= w.value("pps").toDouble() * 0.999);
    // One TX lcore: its figures are the step's.
    const QJsonObject t = f.value("thread").toObject();
    QCOMPARE(integer(t, "lcores"), 1);
    QCOMPARE(t.value("min_cpu_share").toDouble(), share);
    QCOMPARE(t.value("max_steal_share"), lt.value("steal_share"));
    QCOMPARE(t.value("cpu_pps").toDouble(), lt.value("cpu_pps").toDouble());
    QCOMPARE(integer(t, "involuntary_switches"), integer(lt, "involuntary_switches"));
}

void TestEngineNull::pacedWindowHoldsTheRate() {
    // 100 kpps in bursts of 10: the window ends where its last burst is
    // sent and leaves that burst out, so it claims no burst more than the
    // rate gives. Only what the pacing catches up after a missed time slice
    // (at most 5 ms of bursts) may add to it, when the window opens behind
    // schedule on a busy host.
    const QJsonObject f = m_engine->runStep(
        {{"rate_pps", 100000}, {"burst", 10}, {"duration_ms", 300}, {"warmup_ms", 50}});
    const QJsonObject w = f.value("window").toObject();
    QVERIFY(integer(w, "tx_pkts") > 0);
    const double caughtUp = 100000 * 0.005;
    QVERIFY2(integer(w, "tx_pkts") <= 100000 * integer(w, "ns") / 1e9 + caughtUp,
             qPrintable(
                 QString("%1 packets in %2 ns").arg(integer(w, "tx_pkts")).arg(integer(w, "ns"))));
    QCOMPARE(integer(w, "tx_pkts") % 10, 0);
}

void TestEngineNull::warmupAsLongAsTheStepLeavesNoWindow() {
    const QJsonObject f = m_engine->runStep({{"duration_ms", 60}, {"warmup_ms", 60}});
    QCOMPARE(f.value("reason").toString(), QStringLiteral("duration"));
    QVERIFY(integer(f, "tx_pkts") > 0);
    const QJsonObject w = f.value("window").toObject();
    QCOMPARE(integer(w, "tx_pkts"), 0);
    QCOMPARE(integer(w, "ns"), 0);
    QCOMPARE(integer(w, "lcores"), 0);
    QCOMPARE(w.value("pps").toDouble(), 0.0);
    QCOMPARE(w.value("ns_per_pkt").toDouble(), 0.0);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
    // No window, no thread figures over it.
    QVERIFY(f.value("thread").isNull());
    QVERIFY(f.value("lcores").toArray().first().toObject().value("thread").isNull());
}

void TestEngineNull::stopDuringWarmupLeavesNoWindow() {
    const QJsonObject ack = m_engine->request({{"cmd", "start"},
                                               {"id", 70},
                                               {"duration_ms", 60000},
                                               {"warmup_ms", 30000},
                                               {"stats_ms", 20}});
    QVERIFY(ack.value("ok").toBool());
    QVERIFY(!m_engine->waitFor("stats", 70).isEmpty());
    QVERIFY(m_engine->request({{"cmd", "stop"}, {"id", 71}}).value("ok").toBool());
    const QJsonObject f = m_engine->waitFor("finished", 70, 3000);
    QCOMPARE(f.value("reason").toString(), QStringLiteral("stopped"));
    QVERIFY(integer(f, "tx_pkts") > 0);
    QCOMPARE(integer(f.value("window").toObject(), "tx_pkts"), 0);
    QCOMPARE(integer(f, "mbufs_in_use"), 0);
    m_engine->takeMessages();
}

void TestEngineNull::tscRateIsTheKernelClocks() {
    // The test pairs the TSC with CLOCK_MONOTONIC_RAW itself around a step
    // and compares the rate between its pairs with the engine's: whatever
    // this machine's rate, and however busy it is (a pair is good to about a
    // microsecond at worst, the span is over a second).
    const burstlab::engine::TscPair first = burstlab::engine::TscPair::now();
    const QJsonObject f = m_engine->runStep({{"duration_ms", 1000}, {"warmup_ms", 100}});
    const burstlab::engine::TscPair second = burstlab::engine::TscPair::now();
    QVERIFY(!f.isEmpty());
    const double measured = double(burstlab::engine::TscRate::between(first, second));
    const double engine = double(integer(m_engine->hello(), "tsc_hz"));
    QVERIFY2(qAbs(engine / measured - 1) < 1e-4,
             qPrintable(QString("engine %1 Hz, kernel clock %2 Hz").arg(engine).arg(measured)));
    // The step lies within the test's span of the same clock.
    QVERIFY(integer(f, "elapsed_ns") <= qint64(second.ns - first.ns));
    // The hello says how the rate was obtained.
    const QJsonObject calibration = m_engine->hello().value("tsc_calibration").toObject();
    QCOMPARE(calibration.value("source").toString(), QStringLiteral("clock_monotonic_raw"));
    QVERIFY(integer(calibration, "span_ns") >= 100000000);
    QVERIFY(integer(calibration, "dpdk_hz") > 0);
}

void TestEngineNull::pacedWindowCarriesItsTarget() {
    const QJsonObject paced = m_engine->runStep({{"rate_pps", 50000},
                                                 {"burst", 10},
                                                 {"count", 3000},
                                                 {"duration_ms", 60000},
                                                 {"warmup_ms", 0}});
    QCOMPARE(integer(paced.value("window").toObject(), "target_pps"), 50000);
    const QJsonObject unpaced = m_engine->runStep({{"duration_ms", 20}});
    QCOMPARE(integer(unpaced.value("window").toObject(), "target_pps"), 0);
}

// The signature costs a write into each packet's data. net_null discards
// what it is given, so without a sink the engine leaves it out and says so
// in the hello; a sink port (which reads packets back) turns it on.
void TestEngineNull::signatureIsLeftOutOnlyWhereNothingReadsIt() {
    const QJsonObject alone = m_engine->hello().value("signature").toObject();
    QCOMPARE(alone.value("on").toBool(true), false);
    QVERIFY2(alone.value("reason").toString().contains("net_null"),
             qPrintable(alone.value("reason").toString()));

    QStringList args = EngineProcess::vdevArgs("net_null0");
    args << "--sink-vdev"
         << "net_null1";
    EngineProcess withSink(args);
    QVERIFY2(withSink.start(), withSink.stderrText().constData());
    const QJsonObject read = withSink.hello().value("signature").toObject();
    QCOMPARE(read.value("on").toBool(false), true);
    QVERIFY(!read.contains("reason"));
    withSink.closeStdin();
    QVERIFY(withSink.waitForExit(5000));
}

QTEST_GUILESS_MAIN(TestEngineNull)
#include "tst_engine_null.moc"
