// Verdicts on ethtool replies, for NIC settings this machine's devices cannot show:
// flow control on, a short TX ring, adaptive coalescing; offloads as recorded.
#include "host/EthtoolJudge.h"
#include <QtTest>

using namespace burstlab;

class TestChecklistNetdev : public QObject {
    Q_OBJECT

  private slots:
    void pause_data() {
        QTest::addColumn<bool>("autoneg");
        QTest::addColumn<bool>("rx");
        QTest::addColumn<bool>("tx");
        QTest::addColumn<CheckStatus>("status");
        QTest::addColumn<QString>("current");
        QTest::newRow("all off") << false << false << false << CheckStatus::Pass
                                 << "autoneg off, rx off, tx off";
        QTest::newRow("autoneg only")
            << true << false << false << CheckStatus::Warn << "autoneg on, rx off, tx off";
        QTest::newRow("rx pause") << false << true << false << CheckStatus::Fail
                                  << "autoneg off, rx on, tx off";
        QTest::newRow("tx pause") << true << false << true << CheckStatus::Fail
                                  << "autoneg on, rx off, tx on";
    }

    void pause() {
        QFETCH(bool, autoneg);
        QFETCH(bool, rx);
        QFETCH(bool, tx);
        QFETCH(CheckStatus, status);
        QFETCH(QString, current);
        const ProbeOutcome outcome = EthtoolJudge::pause({autoneg, rx, tx});
        QCOMPARE(outcome.status, status);
        QCOMPARE(outcome.current, current);
        QCOMPARE(outcome.values.value(QLatin1String("rx")).toBool(), rx);
    }

    void ring_data() {
        QTest::addColumn<unsigned>("pending");
        QTest::addColumn<unsigned>("max");
        QTest::addColumn<CheckStatus>("status");
        QTest::newRow("1024 of 4096") << 1024u << 4096u << CheckStatus::Pass;
        QTest::newRow("exactly 1000") << 1000u << 4096u << CheckStatus::Pass;
        QTest::newRow("512 of 4096") << 512u << 4096u << CheckStatus::Warn;
        QTest::newRow("at a small maximum") << 256u << 256u << CheckStatus::Pass;
        QTest::newRow("no maximum reported") << 0u << 0u << CheckStatus::Warn;
    }

    void ring() {
        QFETCH(unsigned, pending);
        QFETCH(unsigned, max);
        QFETCH(CheckStatus, status);
        const ProbeOutcome outcome = EthtoolJudge::ring({512, 4096, pending, max}, 1000);
        QCOMPARE(outcome.status, status);
        QCOMPARE(outcome.current, QStringLiteral("tx %1 (max %2)").arg(pending).arg(max));
        QCOMPARE(outcome.detail, QStringLiteral("rx 512 (max 4096)"));
        QCOMPARE(outcome.values.value(QLatin1String("tx_ring")).toInt(), int(pending));
    }

    void coalesce() {
        Ethtool::Coalesce fixed;
        fixed.rxUsecs = 30;
        fixed.rxFrames = 64;
        ProbeOutcome outcome = EthtoolJudge::coalesce(fixed);
        QCOMPARE(outcome.status, CheckStatus::Pass);
        QCOMPARE(outcome.current,
                 QStringLiteral("rx-usecs 30, tx-usecs 0, adaptive-rx off, adaptive-tx off"));
        QCOMPARE(outcome.values.value(QLatin1String("rx_usecs")).toInt(), 30);

        Ethtool::Coalesce adaptive = fixed;
        adaptive.adaptiveTx = true;
        outcome = EthtoolJudge::coalesce(adaptive);
        QCOMPARE(outcome.status, CheckStatus::Warn);
        QVERIFY(outcome.current.endsWith(QLatin1String("adaptive-tx on")));
    }

    // Recorded whatever their state, and quoted in the setup note.
    void offloads() {
        Ethtool::Offloads o;
        o.sg = true;
        o.gro = true;
        const ProbeOutcome outcome = EthtoolJudge::offloads(o);
        QCOMPARE(outcome.status, CheckStatus::Pass);
        QCOMPARE(outcome.current, QStringLiteral("sg on, tso off, gso off, gro on"));
        QCOMPARE(outcome.values.value(QLatin1String("offloads")).toString(), outcome.current);
    }
};

QTEST_GUILESS_MAIN(TestChecklistNetdev)
#include "tst_checklist_netdev.moc"
