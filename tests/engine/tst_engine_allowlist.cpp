// What the allow-list refuses that a privileged engine must never do: device
// arguments DPDK would take but that name files, programs or sockets; capture
// paths that leave the allowed directories by links; a --config chosen by
// whoever runs an elevated engine. The engine binary is run for the
// refusals that must happen before EAL starts (exit code 2).
#include "EngineConfig.h"
#include "Options.h"
#include "OptionsOutcome.h"
#include "Privilege.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>
#include <unistd.h>

using burstlab::engine::EngineConfig;
using burstlab::engine::Options;
using burstlab::engine::OptionsError;

namespace {

// The error text of applying `config` to a command line, or "ok".
QString verdict(const EngineConfig &config, const QString &commandLine) {
    return outcome([&] {
        Options o = Options::parse(words(commandLine + " --lcores 0-1"));
        config.apply(o);
    });
}

EngineConfig configFor(const QString &dir) {
    return EngineConfig::parse("pcap_dirs = " + dir.toStdString() + "\n", "test.conf");
}

bool writeFile(const QString &path, const QByteArray &text, QFile::Permissions perms) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.setPermissions(perms);
}

constexpr QFile::Permissions kOwnerOnly = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup;

} // namespace

class TestEngineAllowList : public QObject {
    Q_OBJECT

  private slots:
    void vdevArgumentsAreStrict_data();
    void vdevArgumentsAreStrict();
    void pcapTargetMustBeAPlainFile();
    void elevatedDefaultsGrantNoPaths();
    void configOptionOnlyWhenNotElevated();
    void interfacesAndMemory();
    void testsRunUnelevated();
    void engineRefusesBeforeEal();

  private:
    QTemporaryDir m_dir;
};

void TestEngineAllowList::vdevArgumentsAreStrict_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("messagePart"); // empty: accepted
    QTest::newRow("null size") << "net_null0,size=64,copy=1"
                               << "";
    QTest::newRow("ring") << "net_ring0,nodeaction=r0:0:CREATE"
                          << "";
    QTest::newRow("memif abstract") << "net_memif0,role=server,id=3"
                                    << "";
    QTest::newRow("unknown key") << "net_null0,evil=1"
                                 << "this driver takes copy, no-rx, size";
    QTest::newRow("key of another driver") << "net_null0,tx_pcap=/tmp/a.pcap"
                                           << "not allowed";
    QTest::newRow("xdp program") << "net_af_xdp0,iface=lo,xdp_prog=/tmp/p.o"
                                 << "not allowed";
    QTest::newRow("memif socket file") << "net_memif0,socket-abstract=no"
                                       << "not allowed";
    QTest::newRow("memif owner") << "net_memif0,owner-uid=0"
                                 << "not allowed";
    QTest::newRow("memif socket path") << "net_memif0,socket=/etc/x.sock"
                                       << "may name a file";
    QTest::newRow("bracket list") << "net_null0,size=[64"
                                  << "characters";
    QTest::newRow("key without value") << "net_null0,copy"
                                       << "key=value";
    QTest::newRow("empty argument") << "net_null0,,size=64"
                                    << "not allowed";
    QTest::newRow("trailing comma") << "net_null0,size=64,"
                                    << "empty argument";
    QTest::newRow("empty value") << "net_null0,size="
                                 << "characters";
    QTest::newRow("long interface") << "net_af_packet0,iface=abcdefghijklmnop"
                                    << "length";
    QTest::newRow("af_packet through the qdisc") << "net_af_packet0,qdisc_bypass=0"
                                                 << "";
    // DPDK's atoi() would read "yes" as 0 and "-1" as a bypass.
    QTest::newRow("qdisc_bypass word") << "net_af_packet0,qdisc_bypass=yes"
                                       << "qdisc_bypass='yes' must be 0 or 1";
    QTest::newRow("qdisc_bypass 2") << "net_af_packet0,qdisc_bypass=2"
                                    << "qdisc_bypass='2' must be 0 or 1";
    QTest::newRow("interface with slash") << "net_tap0,iface=../../x"
                                          << "characters";
}

void TestEngineAllowList::vdevArgumentsAreStrict() {
    QFETCH(QString, spec);
    QFETCH(QString, messagePart);
    const QString result = verdict(EngineConfig{}, "--vdev " + spec);
    if (messagePart.isEmpty()) {
        QCOMPARE(result, QStringLiteral("ok"));
    } else {
        QVERIFY2(result.contains(messagePart), qPrintable(result));
    }
}

void TestEngineAllowList::pcapTargetMustBeAPlainFile() {
    QVERIFY(m_dir.isValid());
    const QString dir = m_dir.filePath("pcap");
    QVERIFY(QDir().mkpath(dir));
    const EngineConfig c = configFor(dir);
    const QString existing = dir + "/old.pcap";
    QVERIFY(writeFile(existing, "x", kOwnerOnly));
    QCOMPARE(verdict(c, "--vdev net_pcap0,tx_pcap=" + existing), QStringLiteral("ok"));
    // A link to a file inside the allowed directory is refused all the same:
    // it could be pointed elsewhere between the check and DPDK's open().
    QVERIFY(QFile::link(existing, dir + "/link.pcap"));
    QVERIFY(verdict(c, "--vdev net_pcap0,tx_pcap=" + dir + "/link.pcap").contains("symbolic link"));
    // A second name for a file, e.g. a hard link to one outside.
    QVERIFY(link(existing.toLocal8Bit().constData(), (dir + "/hard.pcap").toLocal8Bit()) == 0);
    QVERIFY(verdict(c, "--vdev net_pcap0,tx_pcap=" + dir + "/hard.pcap").contains("single name"));
    QVERIFY(mkfifo((dir + "/fifo.pcap").toLocal8Bit().constData(), 0600) == 0);
    QVERIFY(verdict(c, "--vdev net_pcap0,rx_pcap=" + dir + "/fifo.pcap").contains("plain file"));
    // A linked directory leading out of the allowed one is judged by where
    // it leads.
    QVERIFY(QFile::link("/etc", dir + "/etc"));
    QVERIFY(verdict(c, "--vdev net_pcap0,tx_pcap=" + dir + "/etc/new.pcap")
                .contains("outside pcap_dirs"));
    QVERIFY(verdict(c, "--vdev net_pcap0,tx_pcap=" + dir + "/..").contains("does not name"));
}

void TestEngineAllowList::elevatedDefaultsGrantNoPaths() {
    QVERIFY(m_dir.isValid());
    const std::string absent = m_dir.filePath("absent.conf").toStdString();
    const EngineConfig user = EngineConfig::load(absent, false);
    const EngineConfig elevated = EngineConfig::load(absent, true);
    QCOMPARE(verdict(user, "--vdev net_pcap0,tx_pcap=/tmp/a.pcap"), QStringLiteral("ok"));
    QCOMPARE(verdict(user, "--vdev net_af_packet0,iface=lo"), QStringLiteral("ok"));
    const QString pcap = verdict(elevated, "--vdev net_pcap0,tx_pcap=/tmp/a.pcap");
    QVERIFY2(pcap.contains("privileges") && pcap.contains("none"), qPrintable(pcap));
    QVERIFY(verdict(elevated, "--vdev net_af_packet0,iface=lo").contains("interfaces (none)"));
    QVERIFY(verdict(elevated, "--pci 0000:03:00.0").contains("pci_devices (none)"));
    QCOMPARE(verdict(elevated, "--vdev net_null0"), QStringLiteral("ok"));
}

void TestEngineAllowList::configOptionOnlyWhenNotElevated() {
    QVERIFY(m_dir.isValid());
    const QString conf = m_dir.filePath("own.conf");
    QVERIFY(writeFile(conf, "pcap_dirs =\n", kOwnerOnly));
    const Options o = Options::parse(words("--vdev net_null0 --lcores 0-1 --config " + conf));
    const std::string installed = m_dir.filePath("installed.conf").toStdString();
    QVERIFY(EngineConfig::forEngine(o.configPath, installed, false).pcapDirs.empty());
    QVERIFY_THROWS_EXCEPTION(OptionsError, EngineConfig::forEngine(o.configPath, installed, true));
    // A file others may write is nobody's policy.
    QVERIFY(QFile::setPermissions(conf, kOwnerOnly | QFile::WriteOther));
    QVERIFY_THROWS_EXCEPTION(OptionsError, EngineConfig::forEngine(o.configPath, installed, false));
    const Options missing =
        Options::parse(words("--vdev net_null0 --lcores 0-1 --config " + conf + ".nope"));
    QVERIFY_THROWS_EXCEPTION(OptionsError,
                             EngineConfig::forEngine(missing.configPath, installed, false));
}

void TestEngineAllowList::interfacesAndMemory() {
    const EngineConfig c =
        EngineConfig::parse("interfaces = veth0, lo\nmax_memory_mb = 256\n", "test.conf");
    QCOMPARE(verdict(c, "--vdev net_af_packet0,iface=lo --memory-mb 256"), QStringLiteral("ok"));
    QVERIFY(
        verdict(c, "--vdev net_tap0,iface=eth0 --memory-mb 64").contains("interfaces (veth0, lo)"));
    QVERIFY(verdict(c, "--vdev net_tap0,remote=eth0 --memory-mb 64")
                .contains("interfaces (veth0, lo)"));
    QVERIFY(verdict(c, "--vdev net_null0 --memory-mb 512").contains("max_memory_mb (256)"));
    QVERIFY_THROWS_EXCEPTION(OptionsError, EngineConfig::parse("max_memory_mb = 1\n", "t"));
    QVERIFY(!EngineConfig::parse("interfaces = all\n", "t").interfaces.has_value());
}

void TestEngineAllowList::testsRunUnelevated() {
    // The engine tests rely on the permissive defaults of an engine that has
    // no more rights than its user; an elevated test run would change them.
    if (qEnvironmentVariableIsSet("SUDO_UID") || qEnvironmentVariableIsSet("PKEXEC_UID")) {
        QVERIFY(burstlab::engine::runsElevated());
        QSKIP("run through sudo or pkexec: the engine counts as elevated");
    }
    QVERIFY(!burstlab::engine::runsElevated());
}

void TestEngineAllowList::engineRefusesBeforeEal() {
    QVERIFY(m_dir.isValid());
    const QString conf = m_dir.filePath("engine.conf");
    QVERIFY(writeFile(conf, "pcap_dirs =\nlcores = all\n", kOwnerOnly));
    QProcess engine;
    engine.start(BURSTLAB_BIN_DIR "/burstlab-engine",
                 {"--vdev", "net_pcap0,tx_pcap=/tmp/refused.pcap", "--no-huge", "--config", conf});
    QVERIFY(engine.waitForFinished(10000));
    QCOMPARE(engine.exitCode(), 2);
    const QString err = QString::fromLocal8Bit(engine.readAllStandardError());
    QVERIFY2(err.contains("outside pcap_dirs") && err.contains(conf), qPrintable(err));
    QVERIFY(engine.readAllStandardOutput().isEmpty());
    QVERIFY(!QFile::exists("/tmp/refused.pcap"));
}

QTEST_GUILESS_MAIN(TestEngineAllowList)
#include "tst_engine_allowlist.moc"
