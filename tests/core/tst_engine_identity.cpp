// A run's engine as its stored hello names it: every hello ever stored reads,
// one from before the pktgen engine as DPDK's, and absent keys leave their
// part out rather than printing an empty version.
#include "model/EngineIdentity.h"

#include <QTest>

using namespace burstlab;

class TestEngineIdentity : public QObject {
    Q_OBJECT

  private slots:
    void pktgenHelloNamesKernelAndPktgen();
    void helloWithoutKindIsDpdk();
    void absentKeysAreLeftOut();
    void runWithoutHelloHasItsLaunchedKind();
};

void TestEngineIdentity::pktgenHelloNamesKernelAndPktgen() {
    const QJsonObject hello{
        {QStringLiteral("engine_kind"), QStringLiteral("pktgen")},
        {QStringLiteral("kernel_version"), QStringLiteral("6.1.0-18-amd64")},
        {QStringLiteral("pktgen_version"),
         QStringLiteral("Packet Generator for packet performance testing. Version: 2.75")}};
    const EngineIdentity id = EngineIdentity::of(hello, EngineKind::Dpdk);
    QCOMPARE(id.kind, EngineKind::Pktgen);
    QCOMPARE(id.pktgenVersion, QStringLiteral("2.75"));
    QCOMPARE(id.text(), QStringLiteral("kernel pktgen 2.75 (Linux 6.1.0-18-amd64)"));
}

void TestEngineIdentity::helloWithoutKindIsDpdk() {
    const QJsonObject hello{{QStringLiteral("dpdk_version"), QStringLiteral("DPDK 22.11.4")}};
    // The launch said pktgen, but the engine that answered is DPDK's.
    const EngineIdentity id = EngineIdentity::of(hello, EngineKind::Pktgen);
    QCOMPARE(id.kind, EngineKind::Dpdk);
    QCOMPARE(id.text(), QStringLiteral("DPDK 22.11.4"));
}

void TestEngineIdentity::absentKeysAreLeftOut() {
    const QJsonObject kindOnly{{QStringLiteral("engine_kind"), QStringLiteral("pktgen")}};
    QCOMPARE(EngineIdentity::of(kindOnly, EngineKind::Dpdk).text(),
             QStringLiteral("kernel pktgen"));
    // A first line without a number is kept as it is.
    const QJsonObject odd{{QStringLiteral("engine_kind"), QStringLiteral("pktgen")},
                          {QStringLiteral("pktgen_version"), QStringLiteral("custom build")}};
    QCOMPARE(EngineIdentity::of(odd, EngineKind::Dpdk).text(),
             QStringLiteral("kernel pktgen custom build"));
    const QJsonObject dpdk{{QStringLiteral("engine_version"), QStringLiteral("0.1.0")}};
    QCOMPARE(EngineIdentity::of(dpdk, EngineKind::Dpdk).text(), QStringLiteral("DPDK"));
}

void TestEngineIdentity::runWithoutHelloHasItsLaunchedKind() {
    QCOMPARE(EngineIdentity::of({}, EngineKind::Pktgen).kind, EngineKind::Pktgen);
    QCOMPARE(EngineIdentity::of({}, EngineKind::Dpdk).kind, EngineKind::Dpdk);
}

QTEST_MAIN(TestEngineIdentity)
#include "tst_engine_identity.moc"
