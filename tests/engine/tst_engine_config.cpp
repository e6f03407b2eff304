// The engine's allow-list (engine.conf) and command-line checks, tested as
// functions: what a privileged engine refuses before EAL ever starts.
#include "EngineConfig.h"
#include "Options.h"
#include "OptionsOutcome.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using burstlab::engine::EngineConfig;
using burstlab::engine::Options;
using burstlab::engine::OptionsError;

class TestEngineConfig : public QObject {
    Q_OBJECT

  private slots:
    void parsesTheShippedFile();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void missingFileGivesDefaults();
    void pcapDirs();
    void pciAllowList();
    void lcoreAllowList();
};

void TestEngineConfig::parsesTheShippedFile() {
    QFile shipped(BURSTLAB_SOURCE_DIR "/installer/engine.conf");
    if (!shipped.open(QIODevice::ReadOnly)) {
        QSKIP("installer/engine.conf is not in this tree");
    }
    const EngineConfig c = EngineConfig::parse(shipped.readAll().toStdString(), "engine.conf");
    QVERIFY(c.pciDevices.empty());
    QVERIFY(!c.pcapDirs.empty());
    QVERIFY(!c.lcores.has_value());
}

void TestEngineConfig::refusesBadFiles_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("no equals") << "# c\npci_devices\n"
                               << "line 2: expected key = value";
    QTest::newRow("unknown key") << "pcap_dir = /tmp\n"
                                 << "unknown key 'pcap_dir'";
    QTest::newRow("repeated key") << "lcores = all\nlcores = 0-1\n"
                                  << "line 2: lcores is given twice";
    QTest::newRow("relative dir") << "pcap_dirs = tmp\n"
                                  << "absolute";
    QTest::newRow("bad cpu list") << "lcores = 0-x\n"
                                  << "not a CPU number";
}

void TestEngineConfig::refusesBadFiles() {
    QFETCH(QString, text);
    QFETCH(QString, messagePart);
    const QString result = outcome([&] { EngineConfig::parse(text.toStdString(), "conf"); });
    QVERIFY2(result.contains(messagePart), qPrintable(result));
}

void TestEngineConfig::missingFileGivesDefaults() {
    QTemporaryDir dir;
    const EngineConfig c = EngineConfig::load(dir.filePath("absent.conf").toStdString(), false);
    QVERIFY(c.pciDevices.empty());
    QCOMPARE(c.pcapDirs, (std::vector<std::string>{"/tmp", "/var/tmp"}));
}

void TestEngineConfig::pcapDirs() {
    QTemporaryDir allowed;
    QTemporaryDir other;
    QVERIFY(allowed.isValid() && other.isValid());
    const EngineConfig c = EngineConfig::parse(
        "pcap_dirs = " + allowed.path().toStdString() + "\nlcores = all\n", "conf");
    QVERIFY(QDir(allowed.path()).mkdir("sub"));
    // A link inside the allowed directory that leads out of it.
    QVERIFY(QFile::link(other.filePath("x.pcap"), allowed.filePath("escape.pcap")));
    QFile target(other.filePath("x.pcap"));
    QVERIFY(target.open(QIODevice::WriteOnly));
    target.close();
    auto check = [&](const QString &spec) {
        return outcome([&] {
            Options o = Options::parse(words("--vdev " + spec + " --lcores 0-1"));
            c.apply(o);
        });
    };
    QCOMPARE(check("net_pcap0,tx_pcap=" + allowed.filePath("a.pcap")), QStringLiteral("ok"));
    QCOMPARE(check("net_pcap0,tx_pcap=" + allowed.filePath("sub/a.pcap")), QStringLiteral("ok"));
    QVERIFY(check("net_pcap0,tx_pcap=" + other.filePath("a.pcap")).contains("pcap_dirs"));
    QVERIFY(
        check("net_pcap0,tx_pcap=" + allowed.filePath("sub/../../a.pcap")).contains("pcap_dirs"));
    QVERIFY(check("net_pcap0,tx_pcap=" + allowed.filePath("escape.pcap")).contains("pcap_dirs"));
    QVERIFY(check("net_pcap0,rx_pcap=/etc/shadow").contains("pcap_dirs"));
    QVERIFY(check("net_pcap0,tx_pcap=" + allowed.filePath("missing/a.pcap")).contains("pcap_dirs"));
    QVERIFY(check("net_memif0,socket=/tmp/m.sock").contains("may name a file"));
    QCOMPARE(check("net_null0,size=64"), QStringLiteral("ok"));
}

void TestEngineConfig::pciAllowList() {
    const EngineConfig none = EngineConfig::parse("pci_devices =\n", "conf");
    const EngineConfig one = EngineConfig::parse("pci_devices = 0000:03:00.0\n", "conf");
    auto check = [&](const EngineConfig &c, const char *pci) {
        return outcome([&] {
            Options o = Options::parse(words(QString("--pci %1 --lcores 0-1").arg(pci)));
            c.apply(o);
        });
    };
    QVERIFY(check(none, "0000:03:00.0").contains("pci_devices"));
    QCOMPARE(check(one, "0000:03:00.0"), QStringLiteral("ok"));
    QVERIFY(check(one, "0000:03:00.1").contains("pci_devices"));
}

void TestEngineConfig::lcoreAllowList() {
    const EngineConfig c = EngineConfig::parse("lcores = 1\n", "conf");
    const QString given = outcome([&] {
        Options o = Options::parse(words("--vdev net_null0 --lcores 0-1"));
        c.apply(o);
    });
    QVERIFY2(given.contains("CPU 0 is not in lcores"), qPrintable(given));
    // A default list is cut down to the allowed CPUs: one CPU is too few.
    const QString defaulted = outcome([&] {
        Options o = Options::parse(words("--vdev net_null0"));
        c.apply(o);
    });
    QVERIFY2(defaulted.contains("at least two"), qPrintable(defaulted));
}

QTEST_GUILESS_MAIN(TestEngineConfig)
#include "tst_engine_config.moc"
