// The pktgen engine's reading of pktgen's control files, on texts as Linux
// 6.1's pktgen writes them (taken from the test kernel), and of what /proc
// says about a kpktgend thread.
#include "KthreadUsage.h"
#include "PktgenText.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
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

// /proc/PID/sched of a kpktgend thread (CONFIG_SCHED_DEBUG), cut short.
constexpr const char *kSched = R"(kpktgend_0 (13, #threads: 1)
-------------------------------------------------------------------
se.exec_start                                :         38656.593057
se.vruntime                                  :            -1.353404
se.sum_exec_runtime                          :          1234.056789
se.nr_migrations                             :                    0
nr_switches                                  :                   62
)";

constexpr const char *kStatus = "Name:\tkpktgend_0\nState:\tS (sleeping)\n"
                                "voluntary_ctxt_switches:\t62\n"
                                "nonvoluntary_ctxt_switches:\t3\n";

} // namespace

class TestPktgenText : public QObject {
    Q_OBJECT

  private slots:
    void entryAfterARun();
    void entryNotRunYet();
    void notAnEntry();
    void lastCommandsResult();
    void threadEntries();
    void versionAndOwnEntries();
    void kthreadOnCpuTime();
    void kthreadSwitches();
    void kthreadFoundAndRead();
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

void TestPktgenText::lastCommandsResult() {
    // What pktgen said of the last write: the engine refuses a setting whose
    // result is not OK, with pktgen's first line.
    QCOMPARE(resultOf(kAfterRun), std::string("OK: 58(c58+d0) usec, 1024 (58byte,0frags)"));
    QCOMPARE(resultOf(kIdle), std::string("Idle"));
    const std::string refused = std::string(kIdle).replace(
        std::string(kIdle).find("Result: Idle"), 12,
        "Result: Flag -:NODE:- unknown\nAvailable flags, (prepend ! to un-set flag):");
    QCOMPARE(resultOf(refused), std::string("Flag -:NODE:- unknown"));
    QCOMPARE(resultOf("Params: count 0\n"), std::string());
    // A result on the text's first line is not a result line.
    QCOMPARE(resultOf("Result: OK"), std::string());
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

void TestPktgenText::kthreadOnCpuTime() {
    QCOMPARE(onCpuNsOfSchedstat("1234056789 5000 62\n").value_or(0), 1234056789u);
    // Scheduler info off: "0 0 0", no figure rather than 0 ns.
    QVERIFY(!onCpuNsOfSchedstat("0 0 0\n"));
    QVERIFY(!onCpuNsOfSchedstat(""));
    // Milliseconds with six decimals: the decimals are the nanoseconds.
    QCOMPARE(onCpuNsOfSched(kSched).value_or(0), 1234056789u);
    QCOMPARE(onCpuNsOfSched("se.sum_exec_runtime : 0.000001\n").value_or(0), 1u);
    QVERIFY(!onCpuNsOfSched(""));
    QVERIFY(!onCpuNsOfSched("se.sum_exec_runtime : 12\n"));         // no decimals
    QVERIFY(!onCpuNsOfSched("se.sum_exec_runtime : 12.34\n"));      // too few
    QVERIFY(!onCpuNsOfSched("se.sum_exec_runtime_x : 1.000000\n")); // another name
}

void TestPktgenText::kthreadSwitches() {
    QCOMPARE(statusNumber(kStatus, "voluntary_ctxt_switches").value_or(0), 62u);
    QCOMPARE(statusNumber(kStatus, "nonvoluntary_ctxt_switches").value_or(0), 3u);
    QVERIFY(!statusNumber(kStatus, "ctxt_switches"));
    QVERIFY(!statusNumber("Name:\tx\n", "voluntary_ctxt_switches"));
}

void TestPktgenText::kthreadFoundAndRead() {
    // A /proc of two threads: the one named kpktgend_1 is found by its
    // comm, and schedstat, when it shows a time, comes before sched.
    QTemporaryDir proc;
    QVERIFY(proc.isValid());
    const auto put = [&](const QString &file, const QByteArray &text) {
        QVERIFY(QDir(proc.path()).mkpath(QFileInfo(file).path()));
        QFile f(proc.filePath(file));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
    };
    put("7/comm", "kpktgend_10\n");
    put("42/comm", "kpktgend_1\n");
    put("42/sched", kSched);
    put("42/status", kStatus);
    const std::string dir = proc.path().toStdString();
    QCOMPARE(kpktgendPid(1, dir).value_or(0), 42);
    QVERIFY(!kpktgendPid(2, dir));
    auto c = readKthreadCounts(42, 1, dir);
    QVERIFY(c);
    QCOMPARE(c->cpu, 1u);
    QCOMPARE(c->cpuNs, 1234056789u);
    QCOMPARE(c->voluntary, 62u);
    QCOMPARE(c->involuntary, 3u);
    put("42/schedstat", "0 0 0\n"); // scheduler info off: sched's time
    QCOMPARE(readKthreadCounts(42, 1, dir).value_or(burstlab::protocol::ThreadCounts{}).cpuNs,
             1234056789u);
    put("42/schedstat", "1234056999 10 62\n");
    QCOMPARE(readKthreadCounts(42, 1, dir).value_or(burstlab::protocol::ThreadCounts{}).cpuNs,
             1234056999u);
    // No status: no figures rather than switches of 0.
    QVERIFY(QFile::remove(proc.filePath("42/status")));
    QVERIFY(!readKthreadCounts(42, 1, dir));
}

QTEST_GUILESS_MAIN(TestPktgenText)
#include "tst_pktgen_text.moc"
