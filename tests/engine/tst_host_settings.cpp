// The host settings' plain parts, without a kernel device: the step's
// fields read and refused by name, what a step asks, tc's root qdisc, and
// the journal a killed engine leaves. Setting them on a device is tested in
// the test kernel (tests/kernel/tst_pktgen_hostsettings).
#include "HostJournal.h"
#include "HostSettings.h"
#include "NetdevSettings.h"
#include "StepParams.h"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace burstlab::engine;
using nlohmann::json;

class TestHostSettings : public QObject {
    Q_OBJECT
  private slots:
    void unchangedByDefault();
    void askedInTableOrder();
    void badValuesRefusedNamingTheSetting_data();
    void badValuesRefusedNamingTheSetting();
    void rootQdiscFromTc();
    void journalRoundTrip();
    void journalOfAnotherDeviceOrWritableRefused();
    void journalWithBadValuesNotRestored();
};

void TestHostSettings::unchangedByDefault() {
    const StepParams p;
    QVERIFY(askedSettings(p).empty());
    const nlohmann::ordered_json echo = p.toJson();
    QCOMPARE(QString::fromStdString(echo["qdisc"].get<std::string>()), QStringLiteral("unchanged"));
    QCOMPARE(echo["tx_ring"].get<int64_t>(), -1);
}

void TestHostSettings::askedInTableOrder() {
    StepParams p;
    const StepLimits limits;
    QVERIFY(!p.apply(json{{"qdisc", "fq"}, {"gro", "off"}, {"txqueuelen", 0}}, limits));
    const auto asked = askedSettings(p);
    QCOMPARE(asked.size(), size_t{3});
    // txqueuelen before qdisc: a fifo takes its limit from it when created.
    QCOMPARE(QString::fromStdString(asked[0].first), QStringLiteral("gro"));
    QCOMPARE(QString::fromStdString(asked[1].first), QStringLiteral("txqueuelen"));
    QCOMPARE(asked[1].second.get<int64_t>(), 0);
    QCOMPARE(QString::fromStdString(asked[2].first), QStringLiteral("qdisc"));
}

void TestHostSettings::badValuesRefusedNamingTheSetting_data() {
    QTest::addColumn<QByteArray>("command");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("says");
    QTest::newRow("qdisc word") << QByteArray(R"({"qdisc":"htb"})") << "qdisc"
                                << "qdisc must be one of unchanged, pfifo_fast, pfifo, fq, "
                                   "fq_codel, sfq, noqueue";
    QTest::newRow("gro word") << QByteArray(R"({"gro":"yes"})") << "gro"
                              << "gro must be one of unchanged, on, off";
    QTest::newRow("gro bool") << QByteArray(R"({"gro":true})") << "gro"
                              << "gro must be one of unchanged, on, off, got boolean";
    QTest::newRow("ring range") << QByteArray(R"({"tx_ring":-2})") << "tx_ring"
                                << "tx_ring must be an integer in -1..65536";
    QTest::newRow("bql range") << QByteArray(R"({"bql_limit_max":1879048193})") << "bql_limit_max"
                               << "bql_limit_max must be an integer in -1..";
}

void TestHostSettings::badValuesRefusedNamingTheSetting() {
    QFETCH(QByteArray, command);
    QFETCH(QString, field);
    QFETCH(QString, says);
    StepParams p;
    const auto error = p.apply(json::parse(command.constData()), StepLimits{});
    QVERIFY(error);
    QCOMPARE(QString::fromStdString(error->field), field);
    QVERIFY2(QString::fromStdString(error->message).startsWith(says), error->message.c_str());
}

void TestHostSettings::rootQdiscFromTc() {
    // tc -j qdisc show dev veth0, on Linux 6.1: the kernel's own noqueue.
    const auto found =
        parseRootQdisc(R"([{"kind":"noqueue","handle":"0:","root":true,"refcnt":2,"options":{}}])");
    QVERIFY(found);
    QCOMPARE(QString::fromStdString(found->kind), QStringLiteral("noqueue"));
    QVERIFY(found->kernelDefault);
    // One a step put there (or an administrator): a handle of its own.
    const auto set = parseRootQdisc(
        R"([{"kind":"fq","handle":"8001:","root":true,"refcnt":2,"options":{"limit":10000}},)"
        R"({"kind":"pfifo","handle":"0:","parent":"8001:1"}])");
    QVERIFY(set);
    QCOMPARE(QString::fromStdString(set->kind), QStringLiteral("fq"));
    QVERIFY(!set->kernelDefault);
    // A device that is down: tc hides its noop root.
    QVERIFY(!parseRootQdisc("[]"));
    QVERIFY(!parseRootQdisc("not json"));
}

void TestHostSettings::journalRoundTrip() {
    QTemporaryDir dir;
    const std::string journalDir = dir.filePath("burstlab").toStdString();
    const HostJournal journal(journalDir, "veth0");
    std::string error;
    QVERIFY(!journal.read(&error));
    QVERIFY(error.empty());
    QCOMPARE(journal.write({{"qdisc", "noqueue"}, {"gro", "on"}}), std::string());
    // Only the engine's user may touch what the engine will set from it.
    struct stat st {};
    QCOMPARE(stat(journalDir.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0700u);
    QCOMPARE(stat(journal.path().c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0600u);
    const auto originals = journal.read(&error);
    QVERIFY2(originals, error.c_str());
    QCOMPARE((*originals)["qdisc"], json("noqueue"));
    QCOMPARE((*originals)["gro"], json("on"));
    // This process wrote it: not another engine's that still runs.
    QVERIFY(!journal.liveWriter());
    journal.remove();
    QVERIFY(!journal.read(&error));
    QVERIFY(error.empty());
}

void TestHostSettings::journalOfAnotherDeviceOrWritableRefused() {
    QTemporaryDir dir;
    const std::string journalDir = dir.path().toStdString();
    const HostJournal veth0(journalDir, "veth0");
    {
        std::ofstream out(veth0.path());
        out << R"({"device":"veth1","pid":1,"originals":{"gro":"on"}})";
    }
    chmod(veth0.path().c_str(), 0600);
    std::string error;
    QVERIFY(!veth0.read(&error));
    QVERIFY2(error.find("not a host settings journal of veth0") != std::string::npos,
             error.c_str());
    chmod(veth0.path().c_str(), 0666);
    error.clear();
    QVERIFY(!veth0.read(&error));
    QVERIFY2(error.find("only it may write") != std::string::npos, error.c_str());
}

void TestHostSettings::journalWithBadValuesNotRestored() {
    QTemporaryDir dir;
    const std::string journalDir = dir.path().toStdString();
    // Device names no kernel has: nothing is written if a check fails, and
    // the journal stays for a person to read, even past the engine's end
    // (restore), though a good entry came first.
    for (const json &originals :
         {json{{"gro", "on"}, {"tx_ring", "many"}}, json{{"qdisc", 7}}, json{{"mtu", 9000}}}) {
        QCOMPARE(HostJournal(journalDir, "burstlab-none").write(originals), std::string());
        HostSettings host("burstlab-none", journalDir);
        std::string restored;
        const std::string error = host.restoreJournal(&restored);
        QVERIFY2(error.find("which is not a host setting's value") != std::string::npos,
                 error.c_str());
        QVERIFY(restored.empty());
        QCOMPARE(host.restore(), std::string());
        std::string why;
        QVERIFY(HostJournal(journalDir, "burstlab-none").read(&why));
    }
}

QTEST_GUILESS_MAIN(TestHostSettings)
#include "tst_host_settings.moc"
