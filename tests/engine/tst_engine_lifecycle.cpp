// Lifecycle: every way the engine ends (stdin EOF, SIGTERM, SIGINT, shutdown,
// a closed stdout, bad options, a port that is not there) ends it quickly
// with the documented exit code and without files left in DPDK's runtime
// directory.
#include "EngineProcess.h"
#include "SchedulingDelay.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <unistd.h>

namespace {

QString runtimeBase() {
    if (getuid() == 0) {
        return "/var/run/dpdk";
    }
    const QByteArray xdg = qgetenv("XDG_RUNTIME_DIR");
    return (xdg.isEmpty() ? QString("/tmp") : QString::fromLocal8Bit(xdg)) + "/dpdk";
}

// Runtime directories of the engine with this pid (the prefix embeds it).
QStringList leftovers(qint64 pid) {
    return QDir(runtimeBase())
        .entryList({QString("burstlab-%1-*").arg(pid)}, QDir::Dirs | QDir::NoDotAndDotDot);
}

} // namespace

class TestEngineLifecycle : public QObject {
    Q_OBJECT

  private slots:
    void endsCleanly_data();
    void endsCleanly();
    void brokenStdoutExits5();
    void badOptionsExit2_data();
    void badOptionsExit2();
    void helpAndVersion();
    void missingPortExits4();
    void noHugepagesExits3();
};

void TestEngineLifecycle::endsCleanly_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("running");
    for (const char *how : {"eof", "sigterm", "sigint", "shutdown"}) {
        QTest::addRow("%s idle", how) << how << false;
        QTest::addRow("%s in a step", how) << how << true;
    }
}

void TestEngineLifecycle::endsCleanly() {
    QFETCH(QString, how);
    QFETCH(bool, running);
    EngineProcess engine(EngineProcess::vdevArgs("net_null0"));
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QString dir = engine.runtimeDir();
    QVERIFY2(QFileInfo::exists(dir), qPrintable(dir));
    if (running) {
        QVERIFY(engine.request({{"cmd", "start"}, {"id", 1}, {"duration_ms", 60000}})
                    .value("ok")
                    .toBool());
        QVERIFY(!engine.waitFor("stats", 1).isEmpty());
    }
    QElapsedTimer timer;
    timer.start();
    if (how == "eof") {
        engine.closeStdin();
    } else if (how == "sigterm") {
        ::kill(static_cast<pid_t>(engine.pid()), SIGTERM);
    } else if (how == "sigint") {
        ::kill(static_cast<pid_t>(engine.pid()), SIGINT);
    } else {
        engine.send({{"cmd", "shutdown"}, {"id", 2}});
    }
    // Waited for as an event, the loop running: how late its ticks came is
    // how busy the host is, and the 2 s an engine gets to stop grow by as
    // much (a 60 s step still stops long before its end).
    const SchedulingDelay delay;
    QTRY_VERIFY_WITH_TIMEOUT(engine.exited(), 30000);
    const qint64 limitMs = 2000 + 10 * delay.maxMs();
    qInfo("stopped %lld ms after the request (limit %lld ms: the loop ran up to %lld ms late)",
          timer.elapsed(), limitMs, delay.maxMs());
    QVERIFY2(timer.elapsed() < limitMs, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(engine.waitForExit(0));
    QCOMPARE(engine.exitStatus(), QProcess::NormalExit);
    QCOMPARE(engine.exitCode(), 0);
    if (running) {
        const QJsonObject f = engine.waitFor("finished", 1, 0);
        QCOMPARE(f.value("reason").toString(), QStringLiteral("stopped"));
        QCOMPARE(f.value("mbufs_in_use").toInt(), 0);
    }
    QVERIFY2(!QFileInfo::exists(dir), qPrintable(dir));
}

void TestEngineLifecycle::brokenStdoutExits5() {
    // head reads the hello and leaves: the ack to the ping meets a closed
    // pipe while stdin is still open. The ping is sent only once the reading
    // side has closed its end (the flag file), however slowly the host runs.
    QTemporaryDir flagDir;
    QVERIFY(flagDir.isValid());
    QProcess shell;
    shell.setEnvironment(QProcess::systemEnvironment()
                         << QStringLiteral("FLAG=") + flagDir.filePath(QStringLiteral("closed")));
    QStringList args = {"-c",
                        R"((until [ -e "$FLAG" ]; do sleep 0.05; done; )"
                        R"(echo '{"cmd":"ping","id":1}'; sleep 3) | "$0" "$@" | )"
                        R"({ head -n1; exec 0<&-; touch "$FLAG"; }; echo "exit=${PIPESTATUS[1]}")",
                        EngineProcess::enginePath()};
    args << EngineProcess::vdevArgs("net_null0");
    shell.start("bash", args);
    QVERIFY(shell.waitForFinished(60000));
    const QList<QByteArray> lines = shell.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[0].contains("\"hello\""));
    QCOMPARE(lines[1], QByteArray("exit=5"));
    const QByteArray prefix = lines[0].mid(lines[0].indexOf("burstlab-")).split('"').first();
    QVERIFY(!prefix.isEmpty());
    QVERIFY(!QFileInfo::exists(runtimeBase() + "/" + prefix));
}

void TestEngineLifecycle::badOptionsExit2_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("no port") << QStringList{"--no-huge"} << "--vdev";
    QTest::newRow("driver not allowed")
        << QStringList{"--vdev", "net_vhost0,iface=/tmp/x", "--no-huge"} << "net_null";
    QTest::newRow("raw EAL option")
        << QStringList{"--vdev", "net_null0", "-d", "/tmp/x.so"} << "unknown option";
    QTest::newRow("memory too small")
        << QStringList{"--vdev", "net_null0", "--memory-mb", "1"} << "64..65536";
    QTest::newRow("one lcore") << QStringList{"--vdev", "net_null0", "--lcores", "0"}
                               << "at least two";
    QTest::newRow("bad pci") << QStringList{"--pci", "zz"} << "DDDD:BB:DD.F";
    QTest::newRow("pci not allowed") << QStringList{"--pci", "0000:7f:1f.7"} << "pci_devices";
    QTest::newRow("pcap outside the allowed dirs")
        << QStringList{"--vdev", "net_pcap0,tx_pcap=/etc/burstlab-test.pcap"} << "pcap_dirs";
    QTest::newRow("missing value") << QStringList{"--vdev"} << "needs a value";
}

void TestEngineLifecycle::badOptionsExit2() {
    QFETCH(QStringList, args);
    QFETCH(QString, messagePart);
    QProcess p;
    p.start(EngineProcess::enginePath(), args);
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(messagePart), qPrintable(err));
    QVERIFY(leftovers(p.processId()).isEmpty());
}

void TestEngineLifecycle::helpAndVersion() {
    QProcess p;
    p.start(EngineProcess::enginePath(), {"--help"});
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains("--sink-vdev"));
    p.start(EngineProcess::enginePath(), {"--version"});
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains("DPDK"));
}

void TestEngineLifecycle::missingPortExits4() {
    // An argument the engine lets through, but a value the driver refuses:
    // EAL starts, the device is never created.
    EngineProcess engine(EngineProcess::vdevArgs("net_null0,no-rx=5"));
    QVERIFY(!engine.start(10000));
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 4);
    const QJsonObject error = engine.waitFor("error", -1, 0);
    QCOMPARE(error.value("code").toString(), QStringLiteral("port_setup"));
    QVERIFY(error.value("fatal").toBool());
    QVERIFY(leftovers(engine.pid()).isEmpty());
}

void TestEngineLifecycle::noHugepagesExits3() {
    QFile meminfo("/proc/meminfo");
    QVERIFY(meminfo.open(QIODevice::ReadOnly));
    if (!meminfo.readAll().contains("HugePages_Total:       0")) {
        QSKIP("hugepages are configured here: EAL would start");
    }
    EngineProcess engine({"--vdev", "net_null0", "--memory-mb", "128", "--lcores", "0-1"});
    QVERIFY(!engine.start(10000));
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 3);
    QCOMPARE(engine.waitFor("error", -1, 0).value("code").toString(), QStringLiteral("eal_init"));
    QVERIFY(leftovers(engine.pid()).isEmpty());
}

QTEST_GUILESS_MAIN(TestEngineLifecycle)
#include "tst_engine_lifecycle.moc"
