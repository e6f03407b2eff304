// The paced schedule (Pacer): whole TSC cycles from the step's start, exact
// over any number of bursts, and a long lag dropped rather than caught up.
#include "Pacer.h"

#include <QtTest>

using burstlab::engine::Pacer;

namespace {

// When burst k is due with no lag: k * burst * cycles / pkts, rounded down.
uint64_t exactDue(uint64_t bursts, uint32_t burst, uint64_t cycles, uint64_t pkts) {
    return static_cast<uint64_t>(static_cast<unsigned __int128>(bursts) * burst * cycles / pkts);
}

} // namespace

class TestEnginePacer : public QObject {
    Q_OBJECT

  private slots:
    void firstBurstIsDueAtTheStart() {
        const Pacer pacer(2445406123, 100000, 32, 12227030);
        QCOMPARE(pacer.due(), uint64_t(0));
    }

    void scheduleStaysExact_data() {
        QTest::addColumn<quint64>("cycles");
        QTest::addColumn<quint64>("pkts");
        QTest::addColumn<quint32>("burst");
        // 2445.406123 MHz, 3 queues, 100 kpps: 73362.18369 cycles a packet.
        QTest::newRow("100 kpps, 3 queues")
            << quint64(3 * 2445406123ULL) << quint64(100000) << quint32(32);
        // A rate that does not divide the clock, burst 1.
        QTest::newRow("7 pps") << quint64(2445406123ULL) << quint64(7) << quint32(1);
        // Due times past 2^53 cycles, where a double stops holding whole cycles.
        QTest::newRow("past 2^53") << quint64(1ULL << 31) << quint64(3) << quint32(512);
    }

    void scheduleStaysExact() {
        QFETCH(quint64, cycles);
        QFETCH(quint64, pkts);
        QFETCH(quint32, burst);
        Pacer pacer(cycles, pkts, burst, 1ULL << 40);
        for (uint64_t k = 1; k <= 200000; ++k) {
            pacer.sent(pacer.due(), burst);
            if (pacer.due() != exactDue(k, burst, cycles, pkts)) {
                QFAIL(qPrintable(QString("burst %1: due %2, expected %3")
                                     .arg(k)
                                     .arg(pacer.due())
                                     .arg(exactDue(k, burst, cycles, pkts))));
            }
        }
    }

    void shortBurstAdvancesByItsPackets() {
        // 10 cycles a packet: bursts of 32, then one of 5 (the count's end).
        Pacer pacer(10, 1, 32, 1000);
        pacer.sent(0, 32);
        QCOMPARE(pacer.due(), uint64_t(320));
        pacer.sent(320, 5);
        QCOMPARE(pacer.due(), uint64_t(370));
    }

    void lagUpToTheLimitIsCaughtUp() {
        Pacer pacer(100, 1, 1, 1000);
        pacer.sent(0, 1);
        // 1000 cycles late: still on the schedule, so the next bursts follow at once.
        pacer.sent(1100, 1);
        QCOMPARE(pacer.due(), uint64_t(200));
    }

    void longerLagIsDropped() {
        Pacer pacer(100, 1, 1, 1000);
        pacer.sent(0, 1);
        // 1001 cycles late: the schedule goes on from 1000 behind this burst.
        pacer.sent(1101, 1);
        QCOMPARE(pacer.due(), uint64_t(1101 - 1000 + 100));
    }
};

QTEST_GUILESS_MAIN(TestEnginePacer)
#include "tst_engine_pacer.moc"
