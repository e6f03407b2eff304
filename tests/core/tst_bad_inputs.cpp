// Bad input from a user or a file reaches the CLI and the engine: each one
// must end in a clear error and its documented exit code, never a crash or a
// signal. The full table of what was tried is in docs/security.md.
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kBin = QStringLiteral(BURSTLAB_BIN_DIR);

struct Outcome {
    int exitCode = -1;
    QString stderrText;
};

Outcome runProgram(const QString &program, const QStringList &args) {
    QProcess p;
    p.start(kBin + "/" + program, args);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit)
        return {-1, QStringLiteral("crashed or hung")};
    return {p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError())};
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestBadInputs : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void importsRefuseGarbage_data();
    void importsRefuseGarbage();
    void corruptStoreIsReported_data();
    void corruptStoreIsReported();
    void commandLinesAreRefused_data();
    void commandLinesAreRefused();

  private:
    QTemporaryDir m_dir;
};

void TestBadInputs::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QByteArray random(64 * 1024, '\0');
    QRandomGenerator gen(5);
    for (char &c : random)
        c = char(gen.bounded(256));
    QVERIFY(writeFile(m_dir.filePath("random.bin"), random));
    QVERIFY(writeFile(m_dir.filePath("zeros.bin"), QByteArray(8 << 20, '\0')));
    QVERIFY(writeFile(m_dir.filePath("text.txt"), "garbage\nburst=x tx:y pps\n"));
    QVERIFY(writeFile(m_dir.filePath("truncated.sqlite"), QByteArray("SQLite format 3\0x", 17)));
    QVERIFY(writeFile(m_dir.filePath("garbage.sqlite"), random));
}

void TestBadInputs::importsRefuseGarbage_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("messagePart");
    for (const char *format : {"pktgen", "netdev"}) {
        const QString f = QString::fromLatin1(format);
        const QString expected =
            f == "pktgen" ? "no pktgen 'Result: OK:' block" : "no result table";
        QTest::newRow(qPrintable(f + " random")) << f << "random.bin" << expected;
        QTest::newRow(qPrintable(f + " zeros")) << f << "zeros.bin" << expected;
        QTest::newRow(qPrintable(f + " text")) << f << "text.txt" << expected;
        QTest::newRow(qPrintable(f + " a directory")) << f << "."
                                                      << "cannot read";
        QTest::newRow(qPrintable(f + " missing")) << f << "missing.txt"
                                                  << "cannot read";
    }
}

void TestBadInputs::importsRefuseGarbage() {
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, messagePart);
    const Outcome o = runProgram("burstlab-cli", {"--db", m_dir.filePath("ok.sqlite"), "import",
                                                  "--format", format, m_dir.filePath(file)});
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.stderrText.contains(messagePart), qPrintable(o.stderrText));
}

void TestBadInputs::corruptStoreIsReported_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("truncated header") << "truncated.sqlite";
    QTest::newRow("random bytes") << "garbage.sqlite";
}

void TestBadInputs::corruptStoreIsReported() {
    QFETCH(QString, file);
    const QString db = m_dir.filePath(file);
    QFile original(db);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    for (const QStringList &command : {QStringList{"runs"}, QStringList{"show", "1"}}) {
        const Outcome o = runProgram("burstlab-cli", QStringList{"--db", db} + command);
        QCOMPARE(o.exitCode, 4);
        QVERIFY2(o.stderrText.contains("not a burstlab store or is corrupt"),
                 qPrintable(o.stderrText));
    }
    // Reported, not "repaired": the file is left as it was.
    original.seek(0);
    QCOMPARE(original.readAll(), before);
}

void TestBadInputs::commandLinesAreRefused_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("messagePart");
    const QString engine = "burstlab-engine";
    QTest::newRow("engine: raw EAL option")
        << engine << QStringList{"-d", "/tmp/x.so", "--vdev", "net_null0"} << "unknown option '-d'";
    QTest::newRow("engine: EAL options after --")
        << engine << QStringList{"--vdev", "net_null0", "--", "-d", "/tmp/x.so"} << "'--'";
    QTest::newRow("engine: option hidden in a vdev")
        << engine << QStringList{"--vdev", "net_null0,size=64 -d /x"} << "spaces";
    QTest::newRow("engine: XDP program")
        << engine << QStringList{"--vdev", "net_af_xdp0,iface=lo,xdp_prog=/tmp/p.o"}
        << "not allowed";
    QTest::newRow("engine: capture outside pcap_dirs")
        << engine << QStringList{"--vdev", "net_pcap0,tx_pcap=/tmp/../etc/x.pcap"}
        << "outside pcap_dirs";
    QTest::newRow("engine: PCI device not listed")
        << engine << QStringList{"--pci", "0000:00:01.0"} << "pci_devices";
    QTest::newRow("engine: memory beyond 32 bits")
        << engine << QStringList{"--vdev", "net_null0", "--memory-mb", "99999999999999999999"}
        << "--memory-mb";
    QTest::newRow("engine: a file that is not an allow-list")
        << engine << QStringList{"--vdev", "net_null0", "--config", "/etc/passwd"}
        << "expected key = value";
    QTest::newRow("cli: ssh host that is an ssh option")
        << "burstlab-cli" << QStringList{"sweep",   "--launch", "ssh", "--host", "-oProxyCommand=x",
                                         "--sweep", "burst=1"}
        << "not a host name";
    QTest::newRow("cli: sweep too large")
        << "burstlab-cli" << QStringList{"sweep", "--sweep", "burst=1..99999999999"}
        << "more than 100000 values";
}

void TestBadInputs::commandLinesAreRefused() {
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(QString, messagePart);
    const Outcome o = runProgram(program, args);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.stderrText.contains(messagePart), qPrintable(o.stderrText));
}

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_bad_inputs.moc"
