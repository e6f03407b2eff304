// The checklist's transmit-queue items of a kernel netdev: BQL and
// tx_queue_len, on fake /sys trees and on this host's own devices (with the
// offloads, read by ioctl); and which engines' runs they judge.
#include "host/Checklist.h"
#include "host/HostFs.h"
#include "host/QueueProbes.h"
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <unistd.h>

using namespace burstlab;

class TestChecklistQueues : public QObject {
    Q_OBJECT

  private slots:
    void bql_data() {
        QTest::addColumn<QStringList>("limitMax"); // one a TX queue; "" = no BQL files
        QTest::addColumn<CheckStatus>("status");
        QTest::addColumn<QString>("current");
        QTest::newRow("default") << QStringList{"1879048192", "1879048192"} << CheckStatus::Pass
                                 << "limit_max not capped on 2 TX queues";
        QTest::newRow("one capped")
            << QStringList{"1879048192", "3000"} << CheckStatus::Warn << "tx-1 limit_max 3000";
        QTest::newRow("no BQL") << QStringList{""} << CheckStatus::Pass
                                << "no byte queue limits (driver without BQL)";
    }

    void bql() {
        QFETCH(QStringList, limitMax);
        QFETCH(CheckStatus, status);
        QFETCH(QString, current);
        QTemporaryDir root;
        writeFile(root, "sys/class/net/eth5/queues/rx-0/rps_cpus", "0");
        for (qsizetype q = 0; q < limitMax.size(); ++q) {
            const QString dir = QStringLiteral("sys/class/net/eth5/queues/tx-%1/").arg(q);
            writeFile(root, dir + QStringLiteral("xps_cpus"), QStringLiteral("0"));
            if (limitMax[q].isEmpty())
                continue;
            writeFile(root, dir + QStringLiteral("byte_queue_limits/limit"),
                      QStringLiteral("2361"));
            writeFile(root, dir + QStringLiteral("byte_queue_limits/limit_max"), limitMax[q]);
        }
        const CheckResult result = probe(root.path(), "bql", QStringLiteral("eth5"));
        QCOMPARE(result.status, status);
        QCOMPARE(result.current, current);
    }

    void txQueueLen_data() {
        QTest::addColumn<QString>("length");
        QTest::addColumn<CheckStatus>("status");
        QTest::newRow("default") << "1000" << CheckStatus::Pass;
        QTest::newRow("short") << "100" << CheckStatus::Warn;
        QTest::newRow("noqueue device") << "0" << CheckStatus::Warn;
    }

    void txQueueLen() {
        QFETCH(QString, length);
        QFETCH(CheckStatus, status);
        QTemporaryDir root;
        writeFile(root, "sys/class/net/tap0/tx_queue_len", length);
        const CheckResult result = probe(root.path(), "tx_queue_len", QStringLiteral("tap0"));
        QCOMPARE(result.status, status);
        QCOMPARE(result.current, length);
    }

    void rootQdisc_data() {
        QTest::addColumn<QByteArray>("tcJson");
        QTest::addColumn<CheckStatus>("status");
        QTest::addColumn<QString>("current");
        QTest::newRow("pfifo_fast") << QByteArray(R"([{"kind":"pfifo_fast","handle":"0:",)"
                                                  R"("root":true,"refcnt":2}])")
                                    << CheckStatus::Pass << "pfifo_fast";
        QTest::newRow("mq over fq_codel")
            << QByteArray(R"([{"kind":"mq","handle":"0:","root":true},)"
                          R"({"kind":"fq_codel","handle":"0:","parent":":1"}])")
            << CheckStatus::Pass << "mq";
        QTest::newRow("tbf") << QByteArray(R"([{"kind":"tbf","handle":"8001:","root":true}])")
                             << CheckStatus::Warn << "tbf";
        QTest::newRow("down: noop, not shown") << QByteArray("[]") << CheckStatus::Warn << "noop";
    }

    void rootQdisc() {
        QFETCH(QByteArray, tcJson);
        QFETCH(CheckStatus, status);
        QFETCH(QString, current);
        const ProbeOutcome outcome = judgeRootQdisc(tcJson);
        QCOMPARE(outcome.status, status);
        QCOMPARE(outcome.current, current);
    }

    // tc on a veth device in a namespace this test makes (this kernel may
    // have no dummy driver): the default root qdisc passes, a tbf one warns.
    void rootQdiscInANamespace() {
        if (::geteuid() != 0)
            QSKIP("needs root to create a network namespace");
        const QString ns = QStringLiteral("blq%1").arg(::getpid());
        if (!run({"ip", "netns", "add", ns}))
            QSKIP("ip netns add failed");
        const auto cleanup = qScopeGuard([&] { run({"ip", "netns", "del", ns}); });
        QVERIFY(run({"ip", "-n", ns, "link", "add", "bq0", "type", "veth", "peer", "name", "bq1"}));
        QVERIFY(run({"ip", "-n", ns, "link", "set", "bq0", "up"}));
        ProbeContext context;
        context.netdev = QStringLiteral("bq0");
        context.netns = ns;
        const Checklist checklist = Checklist::builtIn();
        CheckResult result = checklist.run(*checklist.item(QStringLiteral("root_qdisc")), context);
        QCOMPARE(result.status, CheckStatus::Pass);
        QVERIFY(run({"tc", "-n", ns, "qdisc", "add", "dev", "bq0", "root", "tbf", "rate", "1mbit",
                     "burst", "32kbit", "latency", "400ms"}));
        result = checklist.run(*checklist.item(QStringLiteral("root_qdisc")), context);
        QCOMPARE(result.status, CheckStatus::Warn);
        QCOMPARE(result.current, QStringLiteral("tbf"));
        QCOMPARE(result.fix, QStringLiteral("tc qdisc del dev bq0 root"));
        context.netdev = QStringLiteral("bqnosuch0");
        result = checklist.run(*checklist.item(QStringLiteral("root_qdisc")), context);
        QCOMPARE(result.status, CheckStatus::Unknown);
        QVERIFY2(result.detail.startsWith(QLatin1String("tc qdisc show dev bqnosuch0: ")),
                 qPrintable(result.detail));
    }

    void noDeviceIsUnknown() {
        QTemporaryDir root;
        for (const char *item : {"bql", "tx_queue_len"}) {
            CheckResult result = probe(root.path(), item, QStringLiteral("eth9"));
            QCOMPARE(result.status, CheckStatus::Unknown);
            QVERIFY2(result.detail.contains(QLatin1String("no kernel netdev eth9")),
                     qPrintable(result.detail));
            result = probe(root.path(), item, QString());
            QCOMPARE(result.status, CheckStatus::Unknown);
        }
    }

    // Every device of this host's own /sys reads: a number for tx_queue_len,
    // a verdict for BQL. (Devices in other namespaces have a /sys of their
    // own; a test that makes one needs root and a /sys mounted in it.)
    void thisHostsDevices() {
        const QStringList devices =
            QDir(QStringLiteral("/sys/class/net")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        if (devices.isEmpty())
            QSKIP("this host shows no /sys/class/net");
        for (const QString &device : devices) {
            const CheckResult length = probe(QStringLiteral("/"), "tx_queue_len", device);
            QVERIFY2(length.status != CheckStatus::Unknown, qPrintable(device + length.detail));
            QFile file(QStringLiteral("/sys/class/net/%1/tx_queue_len").arg(device));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(length.current, QString::fromLatin1(file.readAll().trimmed()));
            // The per-feature gets are answered for every netdev, unprivileged.
            const CheckResult offloads = probe(QStringLiteral("/"), "offloads", device);
            QCOMPARE(offloads.status, CheckStatus::Pass);
            QVERIFY2(offloads.current.startsWith(QLatin1String("sg ")),
                     qPrintable(offloads.detail));
            QCOMPARE(offloads.note, QStringLiteral("Offloads: ") + offloads.current);
            if (!HostFs().program(QStringLiteral("tc")).isEmpty()) {
                const CheckResult qdisc = probe(QStringLiteral("/"), "root_qdisc", device);
                QVERIFY2(qdisc.status != CheckStatus::Unknown, qPrintable(device + qdisc.detail));
            }
            const CheckResult bql = probe(QStringLiteral("/"), "bql", device);
            QVERIFY2(bql.status == CheckStatus::Pass || bql.status == CheckStatus::Warn,
                     qPrintable(device + bql.detail));
        }
    }

    // BQL stops pktgen's queue as it does any sender's; the qdisc (and its
    // tx_queue_len) is only on a DPDK af_packet or tap port's path, as
    // pktgen's start_xmit calls the driver directly.
    void enginesJudged() {
        const Checklist checklist = Checklist::builtIn();
        QVERIFY(checklist.item(QStringLiteral("bql"))->appliesTo(EngineKind::Pktgen));
        QVERIFY(checklist.item(QStringLiteral("bql"))->appliesTo(EngineKind::Dpdk));
        QVERIFY(!checklist.item(QStringLiteral("tx_queue_len"))->appliesTo(EngineKind::Pktgen));
        QVERIFY(!checklist.item(QStringLiteral("root_qdisc"))->appliesTo(EngineKind::Pktgen));
        QVERIFY(checklist.item(QStringLiteral("root_qdisc"))->appliesTo(EngineKind::Dpdk));
        QVERIFY(checklist.item(QStringLiteral("tx_queue_len"))->appliesTo(EngineKind::Dpdk));
    }

  private:
    static bool run(const QStringList &command) {
        QProcess process;
        // tc is in sbin, which a user's PATH (sudo's included) may lack.
        process.start(HostFs().program(command.first()), command.mid(1));
        return process.waitForFinished(5000) && process.exitStatus() == QProcess::NormalExit &&
               process.exitCode() == 0;
    }

    static void writeFile(const QTemporaryDir &root, const QString &path, const QString &content) {
        const QString file = root.filePath(path);
        QVERIFY(QDir().mkpath(QFileInfo(file).path()));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(content.toUtf8() + '\n');
    }

    static CheckResult probe(const QString &root, const char *item, const QString &netdev) {
        ProbeContext context;
        context.root = root;
        context.netdev = netdev;
        const Checklist checklist = Checklist::builtIn();
        return checklist.run(*checklist.item(QLatin1String(item)), context);
    }
};

QTEST_GUILESS_MAIN(TestChecklistQueues)
#include "tst_checklist_queues.moc"
