// The TX thread's figures over its window without DPDK: the steal of one
// CPU read from /proc/stat text, and the figures made from the marks taken
// at the window's edges (CPU share, steal share, CPU-time rate).
#include "ThreadUsage.h"

#include <QtTest>

using burstlab::engine::figuresOf;
using burstlab::engine::stealTicksOf;
using burstlab::engine::ThreadUsage;
using burstlab::protocol::nsPerTick;

namespace {

// /proc/stat of a 2-CPU guest: user nice system idle iowait irq softirq steal guest guest_nice.
constexpr const char *kProcStat = "cpu  5000 10 2000 90000 300 0 40 700 0 0\n"
                                  "cpu0 2500 5 1000 45000 150 0 20 300 0 0\n"
                                  "cpu1 2500 5 1000 45000 150 0 20 400 0 0\n"
                                  "intr 123456 0 0 9\n"
                                  "ctxt 987654\n";

ThreadUsage usage(uint64_t startTsc, uint64_t endTsc, uint64_t cpuNs,
                  std::optional<uint64_t> stealTicks) {
    ThreadUsage u;
    u.measured = true;
    u.startTsc = startTsc;
    u.endTsc = endTsc;
    u.start.cpu = 1;
    u.start.cpuNs = 1000;
    u.start.involuntary = 7;
    u.start.voluntary = 1;
    u.start.stealTicks = stealTicks ? std::optional<uint64_t>(100) : std::nullopt;
    u.end = u.start;
    u.end.cpuNs = 1000 + cpuNs;
    u.end.involuntary = 19;
    u.end.stealTicks = stealTicks ? std::optional<uint64_t>(100 + *stealTicks) : std::nullopt;
    return u;
}

} // namespace

class TestEngineThread : public QObject {
    Q_OBJECT

  private slots:
    void stealOfOneCpu() {
        QCOMPARE(stealTicksOf(kProcStat, 0).value_or(0), uint64_t(300));
        QCOMPARE(stealTicksOf(kProcStat, 1).value_or(0), uint64_t(400));
        // Not the aggregate line, and not a CPU the text does not have.
        QVERIFY(!stealTicksOf(kProcStat, 2));
        QVERIFY(!stealTicksOf("cpu  1 2 3 4 5 6 7 8\ncpu1 1 2 3 4 5 6 7 8", 1)); // cut off
        QVERIFY(!stealTicksOf("cpu  1 2 3\ncpu0 1 2 3 4\n", 0)); // a kernel without steal
        QCOMPARE(nsPerTick() * uint64_t(sysconf(_SC_CLK_TCK)), uint64_t(1000000000));
    }

    void figuresOverTheWindow() {
        // 1 GHz TSC: 100 ms of wall time, 71 ms on the CPU, 4 ms stolen.
        const uint64_t ticks4ms = 4000000 / nsPerTick();
        const auto f =
            figuresOf(usage(5000, 5000 + 100000000, 71000000, ticks4ms), 7100000, 1000000000);
        QVERIFY(f);
        QCOMPARE(f->cpu, 1u);
        QCOMPARE(f->wallNs, uint64_t(100000000));
        QCOMPARE(f->onCpuNs, uint64_t(71000000));
        QCOMPARE(f->cpuShare, 0.71);
        QCOMPARE(f->involuntary, uint64_t(12));
        QCOMPARE(f->voluntary, uint64_t(0));
        QCOMPARE(f->stealNs.value_or(0), ticks4ms * nsPerTick());
        QVERIFY(std::abs(f->stealShare.value_or(0) - double(ticks4ms * nsPerTick()) / 1e8) < 1e-12);
        // 7.1 M packets: 71 Mpps on the wall clock, 100 M per CPU second.
        QCOMPARE(f->cpuPps, 1e8);
        // Without steal in /proc/stat it is unknown, not 0.
        const auto noSteal = figuresOf(usage(0, 1000, 500, std::nullopt), 10, 1000000000);
        QVERIFY(noSteal && !noSteal->stealNs && !noSteal->stealShare);
    }

    void noFiguresWithoutAWindow() {
        ThreadUsage never;
        QVERIFY(!figuresOf(never, 100, 1000000000));
        QVERIFY(!figuresOf(usage(0, 1000, 500, 0), 0, 1000000000));     // no packet
        QVERIFY(!figuresOf(usage(1000, 1000, 500, 0), 10, 1000000000)); // no time
    }
};

QTEST_GUILESS_MAIN(TestEngineThread)
#include "tst_engine_thread.moc"
