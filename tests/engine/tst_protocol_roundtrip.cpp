// Every message of both engines, made by the engines' own code from
// recorded figures (a DPDK step's counters and TSC marks, pktgen's /proc
// text), written by the protocol's one writer and read back by the
// client's parser: a field one side drops or renames fails here, on every
// build, without DPDK running or a kernel with pktgen.
#include "Figures.h"
#include "Parameters.h"
#include "PktgenMessages.h"
#include "StepMessages.h"
#include "TakenParameters.h"
#include "engine/EngineMessageParser.h"
#include "model/StepParameters.h"

#include <QtTest>

namespace pr = burstlab::protocol;
namespace en = burstlab::engine;

namespace {

QByteArray line(const pr::Json &message) {
    return QByteArray::fromStdString(message.dump());
}

// The message as the client reads it; none, and why, when it refuses it.
template <typename T>
std::optional<T> parsed(const pr::Json &message, burstlab::EngineKind kind, QString *why) {
    const burstlab::EngineMessage m = burstlab::EngineMessageParser::parse(line(message), kind);
    if (const auto *violation = std::get_if<burstlab::ProtocolViolation>(&m))
        *why = QStringLiteral("refused: %1 in %2")
                   .arg(violation->message, QString::fromStdString(message.dump()));
    else if (!std::holds_alternative<T>(m))
        *why = QStringLiteral("another message: ") + QString::fromStdString(message.dump());
    else
        return std::get<T>(m);
    return std::nullopt;
}

// A TX lcore's result: its window from startTsc to endTsc (1 GHz, so TSC
// cycles are ns) and its thread's marks over it.
en::LcoreResult lcore(unsigned id, uint64_t pkts, uint64_t startTsc, uint64_t endTsc) {
    en::LcoreResult l;
    l.lcore = id;
    l.queue = static_cast<uint16_t>(id - 1);
    l.counters.txPkts = pkts + 100;
    l.counters.txBytes = (pkts + 100) * 60;
    l.counters.txCalls = (pkts + 100) / 32;
    l.counters.busyCycles = (pkts + 100) * 50;
    l.counters.mbufsBuilt = pkts + 100;
    l.counters.cpuNs = endTsc - startTsc;
    l.window = {startTsc, endTsc, pkts, pkts / 32};
    l.usage.measured = true;
    l.usage.startTsc = startTsc;
    l.usage.endTsc = endTsc;
    l.usage.start.cpu = id;
    l.usage.end.cpu = id;
    l.usage.end.cpuNs = (endTsc - startTsc) * 9 / 10;
    l.usage.end.involuntary = 3;
    return l;
}

// pktgen's file of an entry after its run (tests/engine/tst_pktgen_text's).
std::string entryText(uint64_t pkts, uint64_t startedUs, uint64_t usec, uint64_t pps) {
    return "Params: count " + std::to_string(pkts) +
           "  min_pkt_size: 60  max_pkt_size: 60\n"
           "Current:\n     pkts-sofar: " +
           std::to_string(pkts) + "  errors: 1\n     started: " + std::to_string(startedUs) +
           "us  stopped: " + std::to_string(startedUs + usec) +
           "us idle: 0us\nResult: OK: " + std::to_string(usec) + "(c" + std::to_string(usec) +
           "+d0) usec, " + std::to_string(pkts) + " (60byte,0frags)\n  " + std::to_string(pps) +
           "pps 2000Mb/sec (2000000000bps) errors: 1\n";
}

} // namespace

class TstProtocolRoundtrip : public QObject {
    Q_OBJECT

  private slots:
    void dpdkFinished() {
        en::messages::StepRecord step;
        step.id = 7;
        step.params.burst = 16;
        step.params.warmupMs = 20;
        // Two lcores: 0.8 M packets in 100 ms from 20 ms, 0.4 M in 80 ms from 30 ms.
        step.lcores = {lcore(1, 800000, 20000000, 120000000),
                       lcore(2, 400000, 30000000, 110000000)};
        for (const en::LcoreResult &l : step.lcores)
            step.totals += l.counters;
        step.totals.burstHist[pr::burstBucket(16)] = 1000;
        step.commandTsc = 0;
        step.startTsc = 1000;
        step.endTsc = 125001000;
        step.firstTxTsc = 2000;
        en::messages::StepEnd end;
        end.reason = "duration";
        end.tscHz = 1000000000;
        end.mbufsInUse = 5;

        QString why;
        const auto f = parsed<burstlab::StepFinished>(pr::toJson(en::messages::finished(step, end)),
                                                      burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(f, qPrintable(why));
        QCOMPARE(f->id, 7);
        QCOMPARE(f->counters.txPkts, qint64(1200200));
        QCOMPARE(f->counters.txCalls.value_or(-1), qint64(800100 / 32 + 400100 / 32));
        QCOMPARE(f->burstHist.value_or(QList<qint64>()).value(5), qint64(1000));
        QCOMPARE(f->elapsedNs, qint64(125000000));
        QCOMPARE(f->pps, 1200200 / 0.125);
        QCOMPARE(f->mbufsInUse.value_or(-1), qint64(5));
        QCOMPARE(f->firstTxNs.value_or(-1), qint64(2000));
        // The step's rate is the sum of the lcores' own; its window the
        // time both were in theirs (from the step's start at TSC 1000).
        QCOMPARE(f->window.pps, 800000 / 0.1 + 400000 / 0.08);
        QCOMPARE(f->window.startNs, qint64(30000000 - 1000));
        QCOMPARE(f->window.endNs, qint64(110000000 - 1000));
        QCOMPARE(f->window.lcores, qint64(2));
        QCOMPARE(f->window.warmupMs, qint64(20));
        QCOMPARE(f->window.bpsL1, f->window.pps * (60 + 24) * 8);
        QCOMPARE(f->lcores.size(), 2);
        QCOMPARE(f->lcores[1].window.pps, 400000 / 0.08);
        QCOMPARE(f->lcores[1].cpuNs.value_or(-1), qint64(80000000));
        QVERIFY(f->lcores[0].thread);
        QVERIFY(f->thread);
        QCOMPARE(f->params.value("burst").toInt(), 16);
        QVERIFY(!f->lcores[0].pktgenPps);
    }

    void dpdkStats() {
        en::CounterSnapshot totals;
        totals.txPkts = 42;
        totals.txCalls = 2;
        QString why;
        const auto s = parsed<burstlab::Sample>(
            pr::toJson(en::messages::stats(3, 5000, totals, 40)), burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(s, qPrintable(why));
        QCOMPARE(s->stepId, 3);
        QCOMPARE(s->tNs, 5000);
        QCOMPARE(s->txPkts, 42);
        QCOMPARE(s->txCalls.value_or(-1), 2);
        QCOMPARE(s->rxPkts, 40);
    }

    void pktgenHello() {
        const en::StepLimits limits;
        en::StepParams defaults;
        defaults.burst = 1;
        en::pktgen::HelloFacts facts;
        // Two devices, as the scripts' two-device runs send on.
        for (const char *name : {"dummy0", "dummy1"})
            facts.devices.push_back({name, "dummy", "02:00:00:00:00:09", 0, true, 1500, 1});
        // A receiving host device (--host-device) is the sink.
        facts.sinks.push_back({"hs1", "veth", "02:00:00:00:00:0a", 10000, true, 1500, 1});
        facts.kernelVersion = "6.1.0-28-amd64";
        facts.pgctrlText = "Packet Generator (proc) Version: 2.75\nRunning: \n";
        facts.threadCpus = {1};
        facts.limits = en::StepParams::limitsJson(limits);
        facts.defaults = defaults.toJson();
        const pr::Hello h = en::pktgen::hello(facts);
        QString why;
        const auto hello =
            parsed<burstlab::EngineHello>(pr::toJson(h), burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(hello, qPrintable(why));
        QCOMPARE(hello->kind, burstlab::EngineKind::Pktgen);
        QCOMPARE(hello->pktgenVersion, QStringLiteral("2.75"));
        QCOMPARE(hello->kernelVersion, QStringLiteral("6.1.0-28-amd64"));
        QCOMPARE(hello->workerCpus, QList<qint64>{1});
        QVERIFY(hello->txPort());
        QCOMPARE(hello->txPort()->name, QStringLiteral("dummy0"));
        QCOMPARE(hello->ports.size(), 3);
        QCOMPARE(hello->ports.at(1).name, QStringLiteral("dummy1"));
        QCOMPARE(hello->ports.at(1).portId, 1);
        QCOMPARE(hello->ports.at(2).role, QStringLiteral("sink"));
        QCOMPARE(hello->ports.at(2).name, QStringLiteral("hs1"));
        // What pktgen does not take is neither limited nor defaulted.
        QVERIFY(hello->limits.contains(QStringLiteral("clone")));
        QVERIFY(!hello->limits.contains(QStringLiteral("tx_desc")));
        QVERIFY(!hello->defaults.contains(QStringLiteral("warmup_ms")));
        QCOMPARE(hello->defaults.value("burst").toInt(), 1);
    }

    void pktgenStatsAndFinished() {
        en::StepParams params;
        params.burst = 8;
        const std::vector<std::string> texts = {entryText(1000000, 5000100, 250000, 4000000),
                                                entryText(500000, 5000300, 200000, 2500000)};
        QString why;
        const auto s =
            parsed<burstlab::Sample>(pr::toJson(en::pktgen::stats(4, 9000, params, texts, 1400000)),
                                     burstlab::EngineKind::Pktgen, &why);
        QVERIFY2(s, qPrintable(why));
        QCOMPARE(s->txPkts, 1500000);
        QCOMPARE(s->rxPkts, 1400000);
        QVERIFY(!s->txCalls);

        en::pktgen::StepRecord step;
        step.id = 4;
        step.params = params;
        step.commandNs = 5000000000ULL; // 5 s of CLOCK_MONOTONIC, 100 us before the first start
        step.reason = "count";
        pr::ThreadCounts before{1, 1000, 0, 0, 10};
        pr::ThreadCounts after{1, 1000 + 240000000, 2, 0, 10};
        step.entries = {{1, 0, "dummy0@burstlab0", texts[0], before, after},
                        {2, 1, "dummy0@burstlab1", texts[1], std::nullopt, std::nullopt}};
        const auto f = parsed<burstlab::StepFinished>(pr::toJson(en::pktgen::finished(step)),
                                                      burstlab::EngineKind::Pktgen, &why);
        QVERIFY2(f, qPrintable(why));
        QCOMPARE(f->reason, QStringLiteral("count"));
        QCOMPARE(f->counters.txPkts, 1500000);
        QVERIFY(!f->counters.txCalls);
        QVERIFY(!f->burstHist);
        // From pktgen's first start (100 us after the command) to its last end.
        QCOMPARE(f->firstTxNs.value_or(-1), qint64(100000));
        QCOMPARE(f->elapsedNs, qint64(250000000));
        QCOMPARE(f->window.pps, 1000000 / 0.25 + 500000 / 0.2);
        QCOMPARE(f->window.startNs, qint64(200000));
        QCOMPARE(f->window.endNs, qint64(200200000)); // the second ends 200 ms after its start
        QCOMPARE(f->lcores.size(), 2);
        QCOMPARE(f->lcores[0].pktgenPps.value_or(-1), 4000000.0);
        QCOMPARE(f->pktgenPps().value_or(-1), 6500000.0);
        QVERIFY(f->lcores[0].thread);
        QCOMPARE(f->lcores[0].thread->onCpuNs, qint64(240000000));
        QVERIFY(!f->lcores[1].thread);
        QVERIFY(f->thread);
        QCOMPARE(f->params.value("burst").toInt(), 8);
        QVERIFY(!f->params.contains(QStringLiteral("tx_desc")));
        QVERIFY(!f->rxPkts); // no receiving host device

        // The receiving devices' counters: received, dropped by them (their
        // rx_dropped), the rest lost; nothing classified, no latency.
        step.sink = en::RxCounts{1400000, {0, 0, 100, std::nullopt}};
        const auto r = parsed<burstlab::StepFinished>(pr::toJson(en::pktgen::finished(step)),
                                                      burstlab::EngineKind::Pktgen, &why);
        QVERIFY2(r, qPrintable(why));
        QCOMPARE(r->rxPkts.value_or(-1), 1400000);
        QCOMPARE(r->rxDropped.value_or(-1), 100);
        QCOMPARE(r->rxLost.value_or(-1), 1500000 - 1400000 - 100);
        QVERIFY(r->rxDrops);
        QCOMPARE(r->rxDrops->rxNombuf, 100);
        QVERIFY(!r->rxDrops->kernelRing);
        QVERIFY(!r->rxForeign);
        QVERIFY(!r->rxDuplicates);
        QVERIFY(!r->latencyNs);
    }

    void replies() {
        QString why;
        const auto ok =
            parsed<burstlab::EngineAck>(pr::ack(3, std::nullopt), burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(ok, qPrintable(why));
        QVERIFY(ok->ok);
        const auto refused = parsed<burstlab::EngineAck>(
            pr::ack(4, pr::ProtocolError{"out_of_range", "burst", "burst must be 1..512"}),
            burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(refused, qPrintable(why));
        QVERIFY(!refused->ok);
        QCOMPARE(refused->errorField, QStringLiteral("burst"));
        const auto error = parsed<burstlab::EngineErrorMessage>(
            pr::fatalError("eal_init", "no memory"), burstlab::EngineKind::Dpdk, &why);
        QVERIFY2(error, qPrintable(why));
        QVERIFY(error->fatal);
        QCOMPARE(error->code, QStringLiteral("eal_init"));
    }

    // The one table both sides read: the engine's reader and echo walk it
    // in its order, and the client's table says the same ranges and defaults.
    void parameterTable() {
        const pr::Json defaults = en::StepParams().toJson();
        const pr::Json limits = en::StepParams::limitsJson(en::StepLimits());
        QStringList echoed;
        for (const auto &item : defaults.items())
            echoed << QString::fromStdString(item.key());
        QStringList table;
        for (const pr::Parameter &p : pr::kParameters) {
            if (p.name != "count") // no default: left out of the echo
                table << QString::fromLatin1(p.name.data(), qsizetype(p.name.size()));
        }
        QCOMPARE(echoed, table);
        for (const pr::Parameter &p : pr::kParameters) {
            const QString name = QString::fromLatin1(p.name.data(), qsizetype(p.name.size()));
            const burstlab::StepParameter *client = burstlab::StepParameters::find(name);
            QVERIFY2(client, qPrintable(name));
            if (p.kind == pr::ParameterKind::Integer) {
                QCOMPARE(client->min, p.limit.lo);
                QCOMPARE(client->max, p.limit.hi);
                if (name != QLatin1String("queues")) // the engine's lcores narrow it
                    QCOMPARE(limits[std::string(p.name)][1].get<int64_t>(), p.limit.hi);
            }
            if (p.value && p.kind == pr::ParameterKind::Integer)
                QCOMPARE(client->defaultValue.toInteger(), *p.value);
        }
        QCOMPARE(burstlab::StepParameters::find(QStringLiteral("burst"))
                     ->defaultFor(burstlab::EngineKind::Pktgen)
                     .toInt(),
                 1);
        QVERIFY(en::takes(en::EngineKind::Pktgen, "src_port"));
        QVERIFY(!en::takes(en::EngineKind::Pktgen, "tx_desc"));
        // The engines and the client agree on who takes what.
        for (const burstlab::StepParameter &p : burstlab::StepParameters::all()) {
            const std::string name = p.name.toStdString();
            QCOMPARE(en::takes(en::EngineKind::Dpdk, name), p.takenBy(burstlab::EngineKind::Dpdk));
            QCOMPARE(en::takes(en::EngineKind::Pktgen, name),
                     p.takenBy(burstlab::EngineKind::Pktgen));
        }
        QVERIFY(!en::takes(en::EngineKind::Dpdk, "frags"));
    }
};

QTEST_APPLESS_MAIN(TstProtocolRoundtrip)
#include "tst_protocol_roundtrip.moc"
