// The engine client: strict parsing of protocol v1, line framing, rates,
// launch commands, and the client against the real engine on net_null and
// against the fake engine's faults.
#include "engine/EngineClient.h"
#include "engine/EngineCommand.h"
#include "engine/EngineExit.h"
#include "engine/EngineMessageParser.h"
#include "engine/LineFramer.h"
#include "engine/RateTracker.h"
#include "host/Hugepages.h"
#include "model/StepParameters.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

const QString kBinDir = QStringLiteral(BURSTLAB_BIN_DIR);

QJsonObject validHello() {
    return QJsonDocument::fromJson(R"({"type":"hello","protocol":2,"engine_version":"0.1.0",
        "dpdk_version":"DPDK 22.11.11","tsc_hz":2450000000,"main_lcore":0,"worker_lcores":[1],
        "numa_nodes":1,"ports":[{"role":"tx","port_id":0,"name":"net_null0","driver":"net_null",
        "mac":"02:00:00:00:00:01","link_speed_mbps":10000,"link_up":true,"mtu":1500}],
        "limits":{"burst":[1,512],"clone":[0,4294967295]},
        "defaults":{"burst":32,"clone":0,"stats_ms":100}})")
        .object();
}

EngineMessage parse(const QJsonObject &o) {
    return EngineMessageParser::parse(o);
}

QString violation(const EngineMessage &m) {
    const auto *v = std::get_if<ProtocolViolation>(&m);
    return v ? v->message : QString();
}

EngineCommand fakeCommand(const QString &fault, int afterSteps = 0) {
    EngineCommand c;
    c.enginePath = kBinDir + QStringLiteral("/burstlab-fake-engine");
    c.program = c.enginePath;
    c.arguments = {QStringLiteral("--fault"), fault, QStringLiteral("--after-steps"),
                   QString::number(afterSteps)};
    return c;
}

EngineCommand realEngine() {
    EngineLaunch l;
    l.vdevs = {QStringLiteral("net_null0")};
    l.noHuge = true;
    l.memoryMb = 256;
    return EngineCommand::fromLaunch(l, kBinDir);
}

} // namespace

class TestEngineClient : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // --- parsing ---
    void parsesHello() {
        const EngineMessage m = parse(validHello());
        const auto *h = std::get_if<EngineHello>(&m);
        QVERIFY2(h, qPrintable(violation(m)));
        QCOMPARE(h->dpdkVersion, QStringLiteral("DPDK 22.11.11"));
        QCOMPARE(h->txPort()->name, QStringLiteral("net_null0"));
        QCOMPARE(h->txPort()->linkSpeedMbps, 10000);
        // net_null's speed is nominal and said to be, as the line-rate check says.
        QVERIFY2(h->summary().endsWith(QStringLiteral(
                     "net_null0 (net_null, 10000 Mbit/s nominal, no wire: not checked)")),
                 qPrintable(h->summary()));
        QCOMPARE(h->stepLimits().range(QStringLiteral("clone"))->max, 4294967295LL);
        QCOMPARE(h->stepLimits().check(QStringLiteral("burst"), 0),
                 QStringLiteral("burst must be in 1..512, got 0"));
        QVERIFY(h->stepLimits().check(QStringLiteral("burst"), 512).isEmpty());
    }

    void readsAStoredHello() {
        const std::optional<EngineHello> hello = EngineHello::fromJson(validHello());
        QVERIFY(hello);
        QCOMPARE(hello->txPort()->driver, QStringLiteral("net_null"));
        QCOMPARE(hello->stepLimits().range(QStringLiteral("burst"))->max, 512);
        QCOMPARE(hello->raw, validHello());
        // An engine that does not say how it got its TSC rate.
        QVERIFY(hello->tscSource.isEmpty());

        QJsonObject calibrated = validHello();
        calibrated.insert(QStringLiteral("tsc_calibration"),
                          QJsonObject{{"source", "clock_monotonic_raw"},
                                      {"span_ns", 250000000},
                                      {"dpdk_hz", 2450000000LL}});
        const std::optional<EngineHello> measured = EngineHello::fromJson(calibrated);
        QVERIFY(measured);
        QCOMPARE(measured->tscSource, QStringLiteral("clock_monotonic_raw"));
        QCOMPARE(measured->dpdkTscHz, 2450000000LL);

        QString error;
        QJsonObject broken = validHello();
        broken.remove(QStringLiteral("tsc_hz"));
        QVERIFY(!EngineHello::fromJson(broken, &error));
        QVERIFY2(error.contains(QStringLiteral("tsc_hz")), qPrintable(error));
        calibrated.insert(QStringLiteral("tsc_calibration"),
                          QJsonObject{{"source", "clock_monotonic_raw"}, {"span_ns", 1}});
        QVERIFY(!EngineHello::fromJson(calibrated, &error));
        QVERIFY2(error.contains(QStringLiteral("dpdk_hz")), qPrintable(error));
        QVERIFY(
            !EngineHello::fromJson(QJsonObject{{"type", "ack"}, {"id", 1}, {"ok", true}}, &error));
        QCOMPARE(error, QStringLiteral("not a hello message"));
    }

    void refusesBadHello_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "tsc_hz" << QJsonValue(QJsonValue::Undefined) << "tsc_hz";
        QTest::newRow("string for int") << "main_lcore" << QJsonValue("0") << "main_lcore";
        QTest::newRow("fraction") << "tsc_hz" << QJsonValue(1.5) << "tsc_hz";
        QTest::newRow("no tx port")
            << "ports" << QJsonValue(QJsonArray()) << "no port with role tx";
        QTest::newRow("bad limit")
            << "limits" << QJsonValue(QJsonObject{{"burst", QJsonArray{5, 1}}}) << "burst";
    }
    void refusesBadHello() {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QJsonObject o = validHello();
        if (value.isUndefined())
            o.remove(key);
        else
            o[key] = value;
        const QString why = violation(parse(o));
        QVERIFY2(why.contains(expected), qPrintable(why));
    }

    void refusesOtherProtocolVersion() {
        QJsonObject o = validHello();
        o[QStringLiteral("protocol")] = 3;
        o.remove(QStringLiteral("ports")); // a v3 hello may look different: still named as v3
        const EngineMessage m = parse(o);
        const auto *v = std::get_if<ProtocolViolation>(&m);
        QVERIFY(v);
        QCOMPARE(v->kind, ProtocolViolation::Kind::VersionMismatch);
        QVERIFY2(v->message.contains(QStringLiteral("protocol version 3")), qPrintable(v->message));
        QVERIFY2(v->message.contains(QStringLiteral("version 2")), qPrintable(v->message));
    }

    void parsesAcksAndStats() {
        const EngineMessage refused = EngineMessageParser::parse(
            R"({"type":"ack","id":7,"ok":false,"error":{"code":"out_of_range","field":"burst","message":"burst must be in 1..512, got 0"}})");
        const auto *a = std::get_if<EngineAck>(&refused);
        QVERIFY(a);
        QCOMPARE(a->id, 7);
        QCOMPARE(a->errorField, QStringLiteral("burst"));
        const EngineMessage nullId = EngineMessageParser::parse(
            R"({"type":"ack","id":null,"ok":false,"error":{"code":"bad_json","field":null,"message":"x"}})");
        QCOMPARE(std::get<EngineAck>(nullId).id, -1);
        const EngineMessage stats = EngineMessageParser::parse(
            R"({"type":"stats","id":3,"t_ns":100,"tx_pkts":5,"tx_bytes":300,"tx_calls":1,"ring_full":0,"retries":0,"alloc_fail":0,"busy_cycles":9,"mbufs_built":5,"extra":1})");
        QCOMPARE(std::get<Sample>(stats).txPkts, 5);
        QVERIFY(violation(EngineMessageParser::parse(R"({"type":"stats","id":3,"t_ns":"100"})"))
                    .contains(QStringLiteral("t_ns")));
    }

    void refusesGarbage_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("not json") << QByteArray("hello world");
        QTest::newRow("array") << QByteArray("[1,2]");
        QTest::newRow("no type") << QByteArray(R"({"id":1})");
        QTest::newRow("unknown type") << QByteArray(R"({"type":"bogus"})");
        QTest::newRow("finished short")
            << QByteArray(R"({"type":"finished","id":1,"reason":"duration"})");
        // Everything but the measured window's rate.
        QTest::newRow("finished, window without pps")
            << QByteArray(R"({"type":"finished","id":1,"reason":"duration","tx_pkts":10,
                "tx_bytes":600,"elapsed_ns":1000,"pps":1e7,"ns_per_pkt":100,"bps_l2":1,
                "bps_l1":1,"cycles_per_pkt":1,"tx_calls":1,"ring_full":0,"retries":0,
                "alloc_fail":0,"mbufs_in_use":0,"burst_hist":[0,1,0,0,0,0,0,0,0,0,0],
                "lcores":[],"window":{"warmup_ms":0,"lcores":1,"tx_pkts":10,"tx_bytes":600,
                "tx_calls":1,"start_ns":0,"end_ns":1000,"ns":1000,"ns_per_pkt":100}})");
    }
    void refusesGarbage() {
        QFETCH(QByteArray, line);
        QVERIFY(!violation(EngineMessageParser::parse(line)).isEmpty());
    }

    // --- framing and rates ---
    void framesLines() {
        LineFramer f(16);
        QCOMPARE(f.feed("ab"), QList<QByteArray>{});
        QCOMPARE(f.feed("c\r\nde\nf"), (QList<QByteArray>{"abc", "de"}));
        QCOMPARE(f.takeRest(), QByteArray("f"));
        QVERIFY(!f.overflowed());
        f.feed(QByteArray(17, 'x'));
        QVERIFY(f.overflowed());
    }

    void ratesSurviveALostSample() {
        RateTracker t;
        Sample s;
        s.tNs = 100000000;
        s.txPkts = 1000000;
        s.txBytes = 60000000;
        StepRates r = t.add(s);
        QCOMPARE(r.intervalPps, 10e6);
        QCOMPARE(r.intervalNsPerPkt, 100.0);
        QCOMPARE(r.intervalMbps, 4800.0);
        // the sample at 200 ms is lost: the next interval spans 200 ms
        s.tNs = 300000000;
        s.txPkts = 5000000;
        s.txBytes = 300000000;
        r = t.add(s);
        QCOMPARE(r.intervalPps, 20e6);
        QCOMPARE(r.intervalNsPerPkt, 50.0);
        QVERIFY(qAbs(r.totalPps - 5e6 / 0.3) < 1e-3);
    }

    // --- launch commands ---
    void buildsLaunchCommands() {
        EngineLaunch l;
        l.vdevs = {QStringLiteral("net_pcap0,tx_pcap=/tmp/a b.pcap")};
        l.lcores = QStringLiteral("0-1");
        l.noHuge = true;
        l.memoryMb = 512;
        const QStringList engineArgs{QStringLiteral("--vdev"),    l.vdevs[0],
                                     QStringLiteral("--lcores"),  QStringLiteral("0-1"),
                                     QStringLiteral("--no-huge"), QStringLiteral("--memory-mb"),
                                     QStringLiteral("512")};
        EngineCommand direct = EngineCommand::fromLaunch(l, QStringLiteral("/opt/bl"));
        QCOMPARE(direct.program, QStringLiteral("/opt/bl/burstlab-engine"));
        QCOMPARE(direct.arguments, engineArgs);
        l.mode = QStringLiteral("sudo");
        EngineCommand sudo = EngineCommand::fromLaunch(l, QStringLiteral("/opt/bl"));
        QCOMPARE(sudo.program, QStringLiteral("sudo"));
        QCOMPARE(sudo.arguments, QStringList({QStringLiteral("-n"), direct.program}) + engineArgs);
        QVERIFY(sudo.privileged);
        l.mode = QStringLiteral("pkexec");
        QCOMPARE(EngineCommand::fromLaunch(l, {}).program, QStringLiteral("pkexec"));
        l.mode = QStringLiteral("ssh");
        l.sshHost = QStringLiteral("lab1");
        EngineCommand ssh = EngineCommand::fromLaunch(l, QStringLiteral("/opt/bl"));
        QCOMPARE(ssh.program, QStringLiteral("ssh"));
        QCOMPARE(ssh.arguments.mid(0, 4),
                 QStringList({QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
                              QStringLiteral("lab1"), QStringLiteral("burstlab-engine")}));
        // the remote shell sees the space inside the vdev as part of one argument
        QCOMPARE(ssh.arguments.at(5), QStringLiteral("'net_pcap0,tx_pcap=/tmp/a b.pcap'"));
        QVERIFY(ssh.preflightError().isEmpty());
        l.sshHost = QStringLiteral("-oProxyCommand=x");
        QVERIFY(!EngineCommand::fromLaunch(l, {}).preflightError().isEmpty());
        l.mode = QStringLiteral("telnet");
        QVERIFY(
            EngineCommand::fromLaunch(l, {}).preflightError().contains(QStringLiteral("telnet")));
    }

    void probesHugepages() {
        QTemporaryDir root;
        QDir(root.path()).mkpath(QStringLiteral("proc"));
        QDir(root.path()).mkpath(QStringLiteral("sys/kernel/mm/hugepages/hugepages-1048576kB"));
        auto write = [&](const QString &path, const QByteArray &text) {
            QFile f(root.filePath(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("proc/meminfo"), "MemTotal: 1000 kB\nHugePages_Total:       0\n");
        write(QStringLiteral("sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages"), "0\n");
        QVERIFY(!EngineCommand::hugepagesReserved(root.path()));
        write(QStringLiteral("sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages"), "2\n");
        QVERIFY(EngineCommand::hugepagesReserved(root.path()));
        write(QStringLiteral("sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages"), "0\n");
        write(QStringLiteral("proc/meminfo"),
              "HugePages_Total:     256\nHugepagesize:       2048 kB\n");
        QVERIFY(EngineCommand::hugepagesReserved(root.path()));
        // The default size listed in sysfs too is counted once, not twice.
        QDir(root.path()).mkpath(QStringLiteral("sys/kernel/mm/hugepages/hugepages-2048kB"));
        write(QStringLiteral("sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages"), "256\n");
        QCOMPARE(reservedHugepagesMb(HostFs(root.path())), std::optional<double>(512));
    }

    void namesSignals() {
        QCOMPARE(describeSignal(9), QStringLiteral("signal 9 (SIGKILL)"));
        QCOMPARE(describeSignal(15), QStringLiteral("signal 15 (SIGTERM)"));
        QCOMPARE(describeEngineExitCode(3), QStringLiteral("EAL initialisation failed"));
    }

    // --- the real engine ---
    // The core's parameter table and the engine's hello name the same
    // parameters with the same ranges and defaults; where the engine takes
    // them from its port (fromPort), its range lies within the table's.
    void parameterTableAgreesWithTheEngine() {
        EngineClient client;
        QSignalSpy hello(&client, &EngineClient::helloReceived);
        QSignalSpy exited(&client, &EngineClient::exited);
        client.start(realEngine());
        QVERIFY(hello.wait(20000));
        const EngineHello h = client.hello();
        QStringList tableNames;
        for (const StepParameter &p : StepParameters::all()) {
            tableNames << p.name;
            if (!p.takenBy(EngineKind::Dpdk) || p.host) {
                // pktgen's only, or a host setting, which a net_null port
                // (no kernel interface) does not take: neither limited nor
                // defaulted here.
                QVERIFY2(!h.limits.contains(p.name) && !h.defaults.contains(p.name),
                         qPrintable(p.name));
                continue;
            }
            const bool ranged =
                p.type == ParameterType::Integer || p.type == ParameterType::PortRange;
            QVERIFY2(ranged == h.limits.contains(p.name), qPrintable(p.name));
            if (ranged) {
                const ParameterLimit engine = h.limits.value(p.name);
                if (p.fromPort) {
                    QVERIFY2(engine.min >= p.min && engine.max <= p.max, qPrintable(p.name));
                } else {
                    QCOMPARE(engine, (ParameterLimit{p.min, p.maxFor(EngineKind::Dpdk)}));
                }
            }
            // Defaults: the table's, except what the port decides (its MAC).
            const QJsonValue engineDefault = h.defaults.value(p.name);
            if (p.defaultValue.isUndefined())
                QVERIFY2(engineDefault.isUndefined(), qPrintable(p.name));
            else if (!(p.fromPort && p.type != ParameterType::Integer))
                QCOMPARE(engineDefault, p.defaultValue);
        }
        for (const QString &name : h.limits.keys())
            QVERIFY2(tableNames.contains(name), qPrintable(name));
        for (const QString &name : h.defaults.keys())
            QVERIFY2(tableNames.contains(name), qPrintable(name));
        client.shutdown();
        QVERIFY(exited.wait(5000));
    }

    void realEngineRunsAStep() {
        EngineClient client;
        QSignalSpy hello(&client, &EngineClient::helloReceived);
        QSignalSpy samples(&client, &EngineClient::sampleReceived);
        QSignalSpy finished(&client, &EngineClient::stepFinished);
        QSignalSpy refused(&client, &EngineClient::stepRefused);
        QSignalSpy exited(&client, &EngineClient::exited);
        client.start(realEngine());
        QVERIFY(hello.wait(20000));
        QCOMPARE(client.hello().txPort()->driver, QStringLiteral("net_null"));
        QVERIFY(client.hello().stepLimits().range(QStringLiteral("burst")));

        QVERIFY(client.startStep({{"burst", 0}}) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 5000);
        QCOMPARE(refused[0][1].value<EngineAck>().errorField, QStringLiteral("burst"));

        const qint64 id = client.startStep({{"burst", 16}, {"duration_ms", 250}, {"stats_ms", 50}});
        QVERIFY(id > 0);
        QCOMPARE(client.startStep({}), -1); // one step at a time
        QVERIFY(finished.wait(5000));
        const StepFinished f = finished[0][0].value<StepFinished>();
        QCOMPARE(f.id, id);
        QCOMPARE(f.reason, QStringLiteral("duration"));
        QVERIFY(f.counters.txPkts > 0);
        QCOMPARE(f.mbufsInUse, std::optional<qint64>(0));
        // The engine's window: no warm-up asked for, so from the first packet.
        QCOMPARE(f.window.warmupMs, 0);
        QCOMPARE(f.window.lcores, 1);
        QVERIFY(f.window.txPkts > 0 && f.window.txPkts <= f.counters.txPkts);
        QVERIFY(f.window.ns > 0 && f.window.ns <= f.elapsedNs);
        QCOMPARE(f.window.pps, double(f.window.txPkts) * 1e9 / double(f.window.ns));
        QVERIFY(samples.size() >= 2);
        const StepRates last = samples.last()[1].value<StepRates>();
        QVERIFY(last.intervalPps > 0 && last.totalNsPerPkt > 0);
        QVERIFY(samples.last()[0].value<Sample>().txPkts <= f.counters.txPkts);

        client.shutdown();
        QVERIFY(exited.wait(5000));
        QCOMPARE(client.failure(), EngineClient::Failure::None);
    }

    // --- faults, from the fake engine ---
    void crashIsReportedInWords() {
        EngineClient client;
        QSignalSpy failed(&client, &EngineClient::failed);
        QSignalSpy exited(&client, &EngineClient::exited);
        QSignalSpy finished(&client, &EngineClient::stepFinished);
        connect(&client, &EngineClient::helloReceived, &client, [&] {
            client.startStep({{"duration_ms", 40}});
        });
        connect(&client, &EngineClient::stepFinished, &client, [&] {
            client.startStep({{"duration_ms", 40}});
        });
        client.start(fakeCommand(QStringLiteral("crash"), 1));
        QVERIFY(exited.wait(10000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(client.failure(), EngineClient::Failure::Crashed);
        QCOMPARE(client.errorString(),
                 QStringLiteral("the engine was killed by signal 9 (SIGKILL)"));
        QCOMPARE(failed.size(), 1);
    }

    void hangIsDetectedWithinTwoSeconds() {
        EngineClient client;
        client.setExitTimeout(300);
        QSignalSpy exited(&client, &EngineClient::exited);
        QSignalSpy started(&client, &EngineClient::stepStarted);
        QElapsedTimer sinceStep;
        QElapsedTimer sinceFailure;
        qint64 detectedAfter = -1;
        connect(&client, &EngineClient::helloReceived, &client, [&] {
            client.startStep({{"duration_ms", 1000}});
            sinceStep.start();
        });
        connect(&client, &EngineClient::failed, &client, [&] {
            detectedAfter = sinceStep.elapsed();
            sinceFailure.start();
        });
        client.start(fakeCommand(QStringLiteral("hang")));
        QVERIFY(exited.wait(10000));
        QCOMPARE(client.failure(), EngineClient::Failure::Hung);
        QVERIFY2(client.errorString().contains(QStringLiteral("no stats for 2 s")),
                 qPrintable(client.errorString()));
        // the fake's last stats line comes at once: the stall is measured from it
        QVERIFY2(detectedAfter >= 1900 && detectedAfter < 3000,
                 qPrintable(QString::number(detectedAfter)));
        // a hung engine reads no shutdown: SIGTERM follows the detection at once
        QVERIFY(sinceFailure.elapsed() < 1500);
    }

    // A step that leaves a host setting unchanged after an earlier step set
    // it has the engine put it back before the ack: that ack may take as
    // long as a setting's, not the 2 s of an engine that hangs.
    void ackAfterHostSettingsMayTakeLong_data() {
        QTest::addColumn<QJsonObject>("first");
        QTest::addColumn<bool>("survives");
        QTest::newRow("first step set a qdisc") << QJsonObject{{"qdisc", "fq"}} << true;
        QTest::newRow("no host setting") << QJsonObject{} << false;
    }

    void ackAfterHostSettingsMayTakeLong() {
        QFETCH(QJsonObject, first);
        QFETCH(bool, survives);
        EngineClient client;
        client.setExitTimeout(300);
        QSignalSpy finished(&client, &EngineClient::stepFinished);
        QSignalSpy failed(&client, &EngineClient::failed);
        connect(&client, &EngineClient::helloReceived, &client, [&] { client.startStep(first); });
        connect(&client, &EngineClient::stepFinished, &client, [&] {
            if (finished.size() == 1)
                client.startStep({}); // the fake's ack comes 3 s late
        });
        client.start(fakeCommand(QStringLiteral("slow-ack"), 1));
        if (survives) {
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 15000);
            QCOMPARE(failed.size(), 0);
        } else {
            QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 15000);
            QCOMPARE(client.failure(), EngineClient::Failure::Hung);
            QCOMPARE(finished.size(), 1);
        }
    }

    void garbageIsAProtocolError() {
        EngineClient client;
        QSignalSpy exited(&client, &EngineClient::exited);
        connect(&client, &EngineClient::helloReceived, &client, [&] { client.startStep({}); });
        client.start(fakeCommand(QStringLiteral("garbage")));
        QVERIFY(exited.wait(10000));
        QCOMPARE(client.failure(), EngineClient::Failure::Protocol);
        QVERIFY2(client.errorString().contains(QStringLiteral("this is not a protocol line")),
                 qPrintable(client.errorString()));
    }

    void wrongVersionIsRefused() {
        EngineClient client;
        QSignalSpy hello(&client, &EngineClient::helloReceived);
        QSignalSpy exited(&client, &EngineClient::exited);
        client.start(fakeCommand(QStringLiteral("wrong-version")));
        QVERIFY(exited.wait(10000));
        QCOMPARE(hello.size(), 0);
        QCOMPARE(client.failure(), EngineClient::Failure::VersionMismatch);
        QVERIFY(client.errorString().contains(QStringLiteral("protocol version 3")));
    }

    void missingHelloTimesOut() {
        EngineClient client;
        client.setHelloTimeout(400);
        QSignalSpy exited(&client, &EngineClient::exited);
        client.start(fakeCommand(QStringLiteral("no-hello")));
        QVERIFY(exited.wait(10000));
        QCOMPARE(client.failure(), EngineClient::Failure::NoHello);
        QVERIFY(client.errorString().contains(QStringLiteral("no hello within 0.4 s")));
    }

    void fatalErrorIsReported() {
        EngineClient client;
        QSignalSpy exited(&client, &EngineClient::exited);
        client.start(fakeCommand(QStringLiteral("fatal")));
        QVERIFY(exited.wait(10000));
        QCOMPARE(client.failure(), EngineClient::Failure::Fatal);
        QVERIFY2(client.errorString().contains(QStringLiteral("eal_init")),
                 qPrintable(client.errorString()));
    }

    void missingProgramIsNamed() {
        EngineClient client;
        QSignalSpy exited(&client, &EngineClient::exited);
        EngineLaunch l;
        l.enginePath = QStringLiteral("/nonexistent/burstlab-engine");
        client.start(EngineCommand::fromLaunch(l, {}));
        QVERIFY(exited.wait(2000));
        QCOMPARE(client.failure(), EngineClient::Failure::NotStarted);
        QVERIFY(client.errorString().contains(
            QStringLiteral("/nonexistent/burstlab-engine does not exist")));

        QTemporaryDir dir;
        QFile plain(dir.filePath(QStringLiteral("burstlab-engine")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        EngineClient second;
        QSignalSpy secondExited(&second, &EngineClient::exited);
        second.start(EngineCommand::fromLaunch(EngineLaunch{}, dir.path()));
        QVERIFY(secondExited.wait(2000));
        QVERIFY(second.errorString().contains(QStringLiteral("is not an executable file")));

        // a missing launcher is named as such, not as a missing engine
        EngineCommand launcher = fakeCommand(QStringLiteral("no-hello"));
        launcher.program = QStringLiteral("burstlab-no-such-launcher");
        EngineClient third;
        QSignalSpy thirdExited(&third, &EngineClient::exited);
        third.start(launcher);
        QVERIFY(thirdExited.wait(2000));
        QCOMPARE(third.errorString(), QStringLiteral("the engine could not be started with "
                                                     "burstlab-no-such-launcher: "
                                                     "burstlab-no-such-launcher is not installed"));
    }
};

QTEST_GUILESS_MAIN(TestEngineClient)
#include "tst_engine_client.moc"
