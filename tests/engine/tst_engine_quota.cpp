// The split of a step's `count` over its TX lcores, without DPDK: every
// lcore gets a limit (0 when there are more lcores than packets), the shares
// add up to the count and differ by at most one.
#include "Quota.h"

#include <QtTest>
#include <algorithm>
#include <vector>

using burstlab::engine::kNoQuota;
using burstlab::engine::lcoreQuota;

class TestEngineQuota : public QObject {
    Q_OBJECT

  private slots:
    void sharesAddUpToTheCount_data();
    void sharesAddUpToTheCount();
    void noCountMeansNoLimit();
};

void TestEngineQuota::sharesAddUpToTheCount_data() {
    QTest::addColumn<quint64>("count");
    QTest::addColumn<quint32>("queues");
    QTest::newRow("one lcore") << quint64(1001) << quint32(1);
    QTest::newRow("even") << quint64(100000) << quint32(4);
    QTest::newRow("remainder") << quint64(100001) << quint32(2);
    QTest::newRow("count 1, 2 queues") << quint64(1) << quint32(2);
    QTest::newRow("count 3, 8 queues") << quint64(3) << quint32(8);
    QTest::newRow("count = queues") << quint64(128) << quint32(128);
    QTest::newRow("huge count") << quint64(1000000000000000ULL) << quint32(7);
}

void TestEngineQuota::sharesAddUpToTheCount() {
    QFETCH(quint64, count);
    QFETCH(quint32, queues);
    std::vector<uint64_t> shares;
    for (uint32_t i = 0; i < queues; ++i) {
        shares.push_back(lcoreQuota(count, queues, i));
        // A limit of 0 sends nothing; only a step without a count has none.
        QVERIFY(shares.back() != kNoQuota);
    }
    uint64_t sum = 0;
    for (uint64_t s : shares) {
        sum += s;
    }
    QCOMPARE(sum, count);
    const auto [lo, hi] = std::minmax_element(shares.begin(), shares.end());
    QVERIFY(*hi - *lo <= 1);
    // The first lcores take the remainder.
    QVERIFY(std::is_sorted(shares.rbegin(), shares.rend()));
}

void TestEngineQuota::noCountMeansNoLimit() {
    for (uint32_t i = 0; i < 3; ++i) {
        QCOMPARE(lcoreQuota(0, 3, i), kNoQuota);
    }
}

QTEST_GUILESS_MAIN(TestEngineQuota)
#include "tst_engine_quota.moc"
