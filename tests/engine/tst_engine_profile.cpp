// The profile of a thread whose time split is known: it runs three million
// iterations of one loop in a named function, then one million of the same
// loop in another, again and again. The profile must put the first on top with about
// three quarters of the samples and the second with about a quarter, and
// count about one sample per period of the thread's CPU time (its own CPU
// clock: CPU hogs beside the test change nothing but how long it takes).
#include "ProfileBuilder.h"
#include "StepProfiler.h"
#include "Symbols.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <ctime>
#include <thread>
#include <unistd.h>

using namespace burstlab::engine::profile;

namespace spin {

uint64_t threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return uint64_t(t.tv_sec) * 1000000000ULL + uint64_t(t.tv_nsec);
}

std::atomic<uint64_t> sink{0};

// A chain of dependent multiply-adds: the same cost per iteration wherever
// it is inlined, so iterations split the CPU time.
[[gnu::always_inline]] inline void work(uint64_t iterations) {
    uint64_t x = sink.load(std::memory_order_relaxed);
    for (uint64_t i = 0; i < iterations; ++i)
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    sink.store(x, std::memory_order_relaxed);
}

constexpr uint64_t kQuarter = 1000000;

[[gnu::noinline]] void hotThreeQuarters() {
    work(3 * kQuarter);
}

[[gnu::noinline]] void coldOneQuarter() {
    work(kQuarter);
}

} // namespace spin

class TestEngineProfile : public QObject {
    Q_OBJECT

    static constexpr uint32_t kHz = 997;
    static constexpr uint64_t kCpuNs = 800000000; // of the thread's CPU time

  private slots:
    void demangledNamesLoseTheirParametersAndReturnType() {
        QCOMPARE(Symbols::demangled("_ZN8burstlab6engine8TxWorker3runEv"),
                 std::string("burstlab::engine::TxWorker::run"));
        QCOMPARE(Symbols::demangled("_ZN8burstlab6engine8TxWorker8sendLoopILb0EEENS1_6InHandEv"),
                 std::string("burstlab::engine::TxWorker::sendLoop<false>"));
        QCOMPARE(Symbols::demangled("eth_null_tx"), std::string("eth_null_tx"));
    }

    void knownSplitIsWhatTheProfileSays() {
        const burstlab::protocol::Profiling can = probe();
        if (!can.available)
            QSKIP(qPrintable(QString::fromStdString("cannot profile here: " + can.reason)));
        std::atomic<pid_t> tid{0};
        std::atomic<bool> go{false};
        std::atomic<uint64_t> cpuNs{0};
        int fd = -1;
        std::thread worker([&] {
            tid = gettid();
            while (!go)
                std::this_thread::yield();
            enableEvent(fd);
            const uint64_t start = spin::threadCpuNs();
            while (spin::threadCpuNs() - start < kCpuNs) {
                spin::hotThreeQuarters();
                spin::coldOneQuarter();
            }
            disableEvent(fd);
            cpuNs = spin::threadCpuNs() - start;
        });
        while (tid == 0)
            std::this_thread::yield();
        std::string error;
        auto profiler = StepProfiler::open({tid.load()}, kHz, error);
        if (!profiler) {
            go = true;
            worker.join();
            QFAIL(error.c_str());
        }
        fd = profiler->fds().front();
        go = true;
        worker.join();
        Symbols symbols;
        const burstlab::protocol::Profile p = profiler->finish(symbols);
        QCOMPARE(p.event, can.event);
        QCOMPARE(p.hz, uint64_t(kHz));
        QCOMPARE(p.lost, uint64_t(0));
        // One sample per period of CPU time, give or take a tenth.
        const double expected = double(cpuNs) * kHz / 1e9;
        QVERIFY2(
            std::abs(double(p.samples) - expected) < expected * 0.1,
            qPrintable(QStringLiteral("%1 samples, %2 expected").arg(p.samples).arg(expected)));
        QVERIFY(p.functions.size() >= 2);
        QString listed;
        for (const auto &f : p.functions)
            listed += QStringLiteral("%1 %2 (%3); ")
                          .arg(QString::fromStdString(f.name))
                          .arg(f.samples)
                          .arg(QString::fromStdString(f.module));
        const auto share = [&](const char *name) {
            for (const auto &f : p.functions) {
                if (f.name.find(name) != std::string::npos)
                    return double(f.samples) / double(p.samples);
            }
            return 0.0;
        };
        const double hot = share("hotThreeQuarters"), cold = share("coldOneQuarter");
        // Frame pointers walk from the sampled function to its caller.
        const bool chained = std::any_of(p.stacks.begin(), p.stacks.end(), [](const auto &st) {
            return st.stack.ends_with(";spin::hotThreeQuarters");
        });
        qInfo("hot %.3f, cold %.3f of %llu samples: %s", hot, cold,
              static_cast<unsigned long long>(p.samples), qPrintable(listed));
        QVERIFY2(std::abs(hot - 0.75) < 0.08, qPrintable(listed));
        QVERIFY2(std::abs(cold - 0.25) < 0.08, qPrintable(listed));
        QVERIFY(chained);
    }
};

QTEST_GUILESS_MAIN(TestEngineProfile)
#include "tst_engine_profile.moc"
