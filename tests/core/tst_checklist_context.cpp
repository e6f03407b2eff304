// Where the probes look: the port spec turned into netdev / PCI address, the
// placeholders of fix commands, and the kernel's CPU list syntax.
#include "host/CpuList.h"
#include "host/ProbeContext.h"
#include <QTemporaryDir>
#include <QtTest>

using namespace burstlab;

class TestChecklistContext : public QObject {
    Q_OBJECT

  private slots:
    void forPort_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("netdev");
        QTest::addColumn<QString>("pci");
        QTest::newRow("null") << "net_null0"
                              << ""
                              << "";
        QTest::newRow("af_packet") << "net_af_packet0,iface=va,qpairs=1"
                                   << "va"
                                   << "";
        QTest::newRow("tap") << "net_tap0,iface=t0"
                             << "t0"
                             << "";
        QTest::newRow("pcap") << "net_pcap0,tx_pcap=/tmp/x.pcap"
                              << ""
                              << "";
        QTest::newRow("pci short") << "03:00.0"
                                   << ""
                                   << "0000:03:00.0";
        QTest::newRow("pci full") << "0000:81:00.1"
                                  << ""
                                  << "0000:81:00.1";
    }

    void forPort() {
        QFETCH(QString, spec);
        QFETCH(QString, netdev);
        QFETCH(QString, pci);
        const ProbeContext context = ProbeContext::forPort(spec, {1, 2});
        QCOMPARE(context.netdev, netdev);
        QCOMPARE(context.pciAddress, pci);
        QCOMPARE(context.lcores, QList<int>({1, 2}));
        QCOMPARE(context.root, QStringLiteral("/"));
    }

    void expandPlaceholders() {
        ProbeContext context;
        QTemporaryDir empty; // a host that says nothing about its CPUs
        context.root = empty.path();
        const QString fix = QStringLiteral("ethtool -A {netdev} off; bind {pci}; cpus {lcores}");
        QCOMPARE(context.expand(fix), QStringLiteral("ethtool -A IFACE off; bind ADDR; cpus CPUS"));
        // Without lcores, the ones an engine would transmit on: all CPUs but the first.
        context.root = QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/untuned");
        QCOMPARE(context.expand(fix), QStringLiteral("ethtool -A IFACE off; bind ADDR; cpus 1-3"));
        context = ProbeContext::forPort(QStringLiteral("net_af_packet0,iface=eth5"), {2, 3, 4, 7});
        QCOMPARE(context.expand(fix), QStringLiteral("ethtool -A eth5 off; bind ADDR; cpus 2-4,7"));
    }

    void cpuList_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<int>>("cpus");
        QTest::newRow("ranges") << "0-3,8,10-11" << QList<int>{0, 1, 2, 3, 8, 10, 11};
        QTest::newRow("flags") << "domain,managed_irq,2-3" << QList<int>{2, 3};
        QTest::newRow("unsorted") << "5,1,1" << QList<int>{1, 5};
        QTest::newRow("empty") << "" << QList<int>{};
        QTest::newRow("reversed") << "3-1" << QList<int>{};
        QTest::newRow("garbage") << "1,x-2" << QList<int>{};
        QTest::newRow("huge") << "0-4000000000" << QList<int>{};
    }

    void cpuList() {
        QFETCH(QString, text);
        QFETCH(QList<int>, cpus);
        QCOMPARE(parseKernelCpuList(text), cpus);
    }

    void formatsRanges() {
        QCOMPARE(formatCpuList({11, 0, 1, 2, 3, 8, 10}), QStringLiteral("0-3,8,10-11"));
        QCOMPARE(formatCpuList({}), QString());
        QCOMPARE(parseKernelCpuList(formatCpuList({4, 6, 7})), QList<int>({4, 6, 7}));
    }
};

QTEST_GUILESS_MAIN(TestChecklistContext)
#include "tst_checklist_context.moc"
