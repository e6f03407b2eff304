// The pktgen engine's reading of pktgen's control files, on texts as Linux
// 6.1's pktgen writes them (taken from the test kernel).
#include "PktgenText.h"

#include <QtTest>

using namespace burstlab::engine;

namespace {

constexpr const char *kAfterRun = R"(Params: count 1000  min_pkt_size: 58  max_pkt_size: 58
     frags: 0  delay: 0  clone_skb: 0  ifname: dummy0@burstlab0
     flows: 0 flowlen: 0
     queue_map_min: 0  queue_map_max: 0
     burst: 32
     Flags: 
Current:
     pkts-sofar: 1024  errors: 3
     started: 790100us  stopped: 790158us idle: 0us
     seq_num: 1025  cur_dst_mac_offset: 0  cur_src_mac_offset: 0
     flows: 0
Result: OK: 58(c58+d0) usec, 1024 (58byte,0frags)
  17543859pps 8140Mb/sec (8140350576bps) errors: 3
)";

constexpr const char *kIdle = R"(Params: count 0  min_pkt_size: 0  max_pkt_size: 0
     frags: 0  delay: 0  clone_skb: 0  ifname: dummy0@burstlab0
Current:
     pkts-sofar: 0  errors: 0
     started: 0us  stopped: 0us idle: 0us
Result: Idle
)";

} // namespace

class TestPktgenText : public QObject {
    Q_OBJECT

  private slots:
    void entryAfterARun();
    void entryNotRunYet();
    void notAnEntry();
    void threadEntries();
    void versionAndOwnEntries();
};

void TestPktgenText::entryAfterARun() {
    const auto e = parseEntryText(kAfterRun);
    QVERIFY(e);
    QCOMPARE(e->sofar, 1024u);
    QCOMPARE(e->errors, 3u);
    QCOMPARE(e->startedUs, 790100u);
    QCOMPARE(e->stoppedUs, 790158u);
    QVERIFY(e->result);
    QCOMPARE(e->result->usec, 58u);
    QCOMPARE(e->result->pkts, 1024u);
    QCOMPARE(e->result->pps, 17543859u);
    QCOMPARE(e->result->errors, 3u);
}

void TestPktgenText::entryNotRunYet() {
    const auto e = parseEntryText(kIdle);
    QVERIFY(e);
    QCOMPARE(e->sofar, 0u);
    QCOMPARE(e->startedUs, 0u);
    QVERIFY(!e->result);
}

void TestPktgenText::notAnEntry() {
    QVERIFY(!parseEntryText(""));
    QVERIFY(!parseEntryText("Running: \nStopped: \nResult: NA\n"));
}

void TestPktgenText::threadEntries() {
    const ThreadEntries t = parseThreadText(
        "Running: eth0@burstlab1 \nStopped: dummy0@burstlab0 eth1 \nResult: OK: add_device=eth1\n");
    QCOMPARE(t.running, std::vector<std::string>{"eth0@burstlab1"});
    QCOMPARE(t.stopped, (std::vector<std::string>{"dummy0@burstlab0", "eth1"}));
    QCOMPARE(t.all().size(), 3u);
    QVERIFY(parseThreadText("Running: \nStopped: \nResult: NA\n").all().empty());
}

void TestPktgenText::versionAndOwnEntries() {
    QCOMPARE(pktgenVersionOf("Packet Generator for packet performance testing. Version: 2.75\n"),
             std::string("2.75"));
    QCOMPARE(pktgenVersionOf("something else\n"), std::string());
    QVERIFY(isOwnEntry("dummy0@burstlab0"));
    QVERIFY(!isOwnEntry("dummy0"));
    QVERIFY(!isOwnEntry("dummy0@other"));
}

QTEST_GUILESS_MAIN(TestPktgenText)
#include "tst_pktgen_text.moc"
