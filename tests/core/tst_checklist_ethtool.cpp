// The SIOCETHTOOL probes for real, on a veth pair inside a network namespace this
// test creates and deletes (root only). veth answers some ethtool queries and not
// others: the unsupported ones must come back as "unknown" with the reason.
#include "host/Checklist.h"
#include "host/Ethtool.h"
#include <QFileInfo>
#include <QProcess>
#include <QtTest>
#include <unistd.h>

using namespace burstlab;

namespace {

bool ip(const QStringList &args, QString *error = nullptr) {
    QProcess process;
    process.start(QStringLiteral("ip"), args);
    const bool ok = process.waitForFinished(5000) && process.exitStatus() == QProcess::NormalExit &&
                    process.exitCode() == 0;
    if (!ok && error)
        *error = QString::fromLocal8Bit(process.readAllStandardError()) + process.errorString();
    return ok;
}

QString netnsLink() {
    return QFileInfo(QStringLiteral("/proc/thread-self/ns/net")).symLinkTarget();
}

QString hostTree(const char *name) {
    return QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/") + QLatin1String(name);
}

} // namespace

class TestChecklistEthtool : public QObject {
    Q_OBJECT

    const QString m_netns = QStringLiteral("blchk%1").arg(::getpid());
    const QString m_iface = QStringLiteral("bl%1a").arg(::getpid());
    const QString m_peer = QStringLiteral("bl%1b").arg(::getpid());

    ProbeContext context(const char *tree) const {
        ProbeContext c = ProbeContext::forPort(QStringLiteral("net_af_packet0,iface=") + m_iface);
        c.netns = m_netns;
        c.root = hostTree(tree);
        c.selfPid = 1;
        return c;
    }

    CheckResult probe(const char *item, const char *tree) const {
        const Checklist checklist = Checklist::builtIn();
        return checklist.run(*checklist.item(QLatin1String(item)), context(tree));
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        if (::geteuid() != 0)
            QSKIP("needs root to create a network namespace");
        QString error;
        if (!ip({QStringLiteral("netns"), QStringLiteral("add"), m_netns}, &error))
            QSKIP(qPrintable(QStringLiteral("ip netns add failed: ") + error));
        QVERIFY2(ip({QStringLiteral("-n"), m_netns, QStringLiteral("link"), QStringLiteral("add"),
                     m_iface, QStringLiteral("type"), QStringLiteral("veth"),
                     QStringLiteral("peer"), QStringLiteral("name"), m_peer},
                    &error),
                 qPrintable(error));
    }

    void cleanupTestCase() { ip({QStringLiteral("netns"), QStringLiteral("del"), m_netns}); }

    void driverInfoInsideNamespace() {
        const QString before = netnsLink();
        Ethtool ethtool(m_iface, m_netns);
        const std::optional<Ethtool::DriverInfo> info = ethtool.driverInfo();
        QVERIFY2(info, qPrintable(ethtool.error()));
        QCOMPARE(info->driver, QStringLiteral("veth"));
        QCOMPARE(netnsLink(), before); // the thread came back to its own namespace
    }

    void interfaceOnlyExistsInItsNamespace() {
        Ethtool outside(m_iface);
        QVERIFY(!outside.driverInfo());
        QCOMPARE(outside.error(), QStringLiteral("no such interface '%1'").arg(m_iface));

        Ethtool missing(QStringLiteral("blnosuch0"), m_netns);
        QVERIFY(!missing.pause());
        QCOMPARE(missing.error(), QStringLiteral("no such interface 'blnosuch0' in network "
                                                 "namespace '%1'")
                                      .arg(m_netns));

        Ethtool noNamespace(m_iface, QStringLiteral("blnosuchns"));
        QVERIFY(!noNamespace.ring());
        QVERIFY2(noNamespace.error().startsWith(
                     QLatin1String("cannot open network namespace 'blnosuchns'")),
                 qPrintable(noNamespace.error()));
    }

    // Whatever this kernel's veth supports, a query either answers or says why not,
    // and the checklist turns a refusal into "unknown" with that reason.
    void queriesAnswerOrExplain_data() {
        QTest::addColumn<QString>("item");
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("currentPrefix");
        QTest::newRow("pause") << "flow_control"
                               << "ETHTOOL_GPAUSEPARAM"
                               << "autoneg ";
        QTest::newRow("ring") << "tx_ring"
                              << "ETHTOOL_GRINGPARAM"
                              << "tx ";
        QTest::newRow("coalesce") << "coalescing"
                                  << "ETHTOOL_GCOALESCE"
                                  << "rx-usecs ";
        QTest::newRow("offloads") << "offloads"
                                  << "ETHTOOL_GSG"
                                  << "sg ";
    }

    void queriesAnswerOrExplain() {
        QFETCH(QString, item);
        QFETCH(QString, command);
        QFETCH(QString, currentPrefix);
        const CheckResult result = probe(qPrintable(item), "tuned");
        if (result.status == CheckStatus::Unknown) {
            QCOMPARE(result.detail, QStringLiteral("the driver of '%1' does not support %2 "
                                                   "(Operation not supported)")
                                        .arg(m_iface, command));
        } else {
            QVERIFY2(result.current.startsWith(currentPrefix), qPrintable(result.current));
        }
    }

    void driverBuiltInOrModule() {
        const CheckResult builtIn = probe("driver_builtin", "tuned");
        QCOMPARE(builtIn.status, CheckStatus::Pass);
        QCOMPARE(builtIn.current, QStringLiteral("veth built in"));
        QCOMPARE(builtIn.note, QStringLiteral("Driver veth compiled in"));

        const CheckResult module =
            probe("driver_builtin", "untuned"); // lists veth in /proc/modules
        QCOMPARE(module.status, CheckStatus::Warn);
        QCOMPARE(module.current, QStringLiteral("veth module"));
    }

    void wholeChecklistOnVeth() {
        const QList<CheckResult> results = Checklist::builtIn().run(context("tuned"));
        QCOMPARE(results.size(), Checklist::builtIn().items().size());
        for (const CheckResult &r : results) {
            QVERIFY2(!r.detail.contains(QLatin1String("no kernel netdev")), qPrintable(r.id));
            if (r.id == QLatin1String("flow_control"))
                QCOMPARE(r.fix,
                         QStringLiteral("ethtool -A %1 autoneg off rx off tx off").arg(m_iface));
        }
    }
};

QTEST_GUILESS_MAIN(TestChecklistEthtool)
#include "tst_checklist_ethtool.moc"
