// The DPDK engine's host settings on its kernel-interface ports, a veth pair inside
// a network namespace the test creates: each step's qdisc, txqueuelen and
// gro set on both ports' interfaces before the step and read back in its
// finished message (and through burstlab-cli, stored with each step and
// named by the netdev text), the interfaces as found after the run, after SIGTERM,
// and after a SIGKILL mid-step at the next engine's start (from the
// journal) or with --restore-host; an AF_XDP port's interface set per step
// with traffic to the af_packet sink; a tap port's interface, which the
// engine creates and a kill takes away, set per step with traffic and its
// journal settled by the next start; and a net_null port refuses a host
// setting, naming it. Needs root for the namespace and the journal in /run.
#include "CliRun.h"
#include "EngineProcess.h"
#include "NetNamespace.h"
#include "StoreCheck.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>

class TestEngineHostSettings : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void init();
    void stepsSetAndTheRunPutsBack();
    void cliQdiscSweepStoredAndPutBack();
    void sigtermPutsBack();
    void killedEngineIsPutBackAtTheNextStart_data();
    void killedEngineIsPutBackAtTheNextStart();
    void afXdpPortSetPerStep();
    void tapPortSetPerStepAndSettledAfterAKill();
    void refusedOnAPortThatIsNoKernelInterface();

  private:
    // What the test reads of a device: its root qdisc's kind and handle and
    // its txqueuelen.
    struct Found {
        QString qdisc;
        qint64 txqueuelen = -1;
        bool operator==(const Found &) const = default;
    };
    Found found(const QString &device) const;
    QStringList engineArgs() const;

    NetNamespace m_ns;
    Found m_foundA;
    Found m_foundB;
    std::optional<bool> m_groB;
};

namespace {

// Names no other test's namespace uses: the journal in /run is named after
// the device, whichever namespace it is in.
const QString kA = QStringLiteral("bhsa");
const QString kB = QStringLiteral("bhsb");

QString journalOf(const QString &device) {
    return QStringLiteral("/run/burstlab/host-settings-%1.json").arg(device);
}

QJsonObject startCommand(qint64 id, QJsonObject params) {
    params["cmd"] = "start";
    params["id"] = id;
    return params;
}

} // namespace

TestEngineHostSettings::Found TestEngineHostSettings::found(const QString &device) const {
    Found f;
    for (const QJsonValue &q : m_ns.json({"tc", "-j", "qdisc", "show", "dev", device})) {
        if (q["root"].toBool())
            f.qdisc = q["kind"].toString() + " " + q["handle"].toString();
    }
    const QJsonArray link = m_ns.json({"ip", "-j", "link", "show", "dev", device});
    f.txqueuelen = link.at(0)["txqlen"].toInteger(-1);
    return f;
}

QStringList TestEngineHostSettings::engineArgs() const {
    // qdisc_bypass=0: the packets pass the root qdisc the steps set.
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=" + kA + ",qdisc_bypass=0");
    args << "--sink-vdev"
         << "net_af_packet1,iface=" + kB + ",framecnt=4096";
    return args;
}

void TestEngineHostSettings::initTestCase() {
    if (const QString why = m_ns.createOrWhyNot(); !why.isEmpty()) {
        QSKIP(qPrintable(why));
    }
    QVERIFY(m_ns.vethPair(kA, kB));
    m_foundA = found(kA);
    m_foundB = found(kB);
    m_groB = m_ns.gro(kB);
    QVERIFY(!m_foundA.qdisc.isEmpty());
    QVERIFY(m_foundA.txqueuelen > 0);
    QVERIFY(m_groB);
}

void TestEngineHostSettings::init() {
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QVERIFY(!QFile::exists(journalOf(kA)));
}

void TestEngineHostSettings::stepsSetAndTheRunPutsBack() {
    EngineProcess engine(engineArgs(), m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // The hello offers the host settings: both ports are kernel interfaces.
    QCOMPARE(engine.hello()["defaults"]["qdisc"].toString(), QStringLiteral("unchanged"));
    QCOMPARE(engine.hello()["limits"]["txqueuelen"][0].toInteger(), -1);
    const QString gro = *m_groB ? "off" : "on";
    struct Step {
        QString qdisc;
        qint64 txqueuelen;
    };
    // A sweep over qdisc with txqueuelen, then a step that leaves both
    // unchanged: the earlier step's values go before it.
    for (const Step &s : {Step{"pfifo", 500}, Step{"pfifo_fast", 64}}) {
        const QJsonObject f = engine.runStep({{"rate_pps", 10000},
                                              {"duration_ms", 200},
                                              {"qdisc", s.qdisc},
                                              {"txqueuelen", s.txqueuelen},
                                              {"gro", gro}});
        QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
        QVERIFY(f["tx_pkts"].toInteger() > 0);
        const QJsonObject hs = f["host_settings"].toObject();
        QCOMPARE(hs.keys(), QStringList({kA, kB}));
        for (const QString &device : {kA, kB}) {
            const QJsonObject d = hs[device].toObject();
            QCOMPARE(d["qdisc"]["asked"].toString(), s.qdisc);
            QCOMPARE(d["qdisc"]["read"].toString(), s.qdisc);
            QCOMPARE(d["txqueuelen"]["asked"].toInteger(), s.txqueuelen);
            QCOMPARE(d["txqueuelen"]["read"].toInteger(), s.txqueuelen);
            QCOMPARE(d["gro"]["read"].toString(), gro);
        }
        // Still set between steps, as the finished message says.
        QVERIFY(found(kA).qdisc.startsWith(s.qdisc + " "));
        QCOMPARE(found(kA).txqueuelen, s.txqueuelen);
        QCOMPARE(m_ns.gro(kB), std::optional<bool>(gro == "on"));
        QVERIFY(QFile::exists(journalOf(kA)));
        // Every packet passed the step's root qdisc (qdisc_bypass=0) to the sink.
        QCOMPARE(f["rx_pkts"].toInteger(), f["tx_pkts"].toInteger());
    }
    const QJsonObject plain = engine.runStep({{"rate_pps", 10000}, {"duration_ms", 100}});
    QVERIFY(!plain.isEmpty());
    QVERIFY(!plain.contains("host_settings"));
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QCOMPARE(m_ns.gro(kB), m_groB);
    // The run's end puts back a setting the last step left set.
    QVERIFY(
        !engine.runStep({{"rate_pps", 10000}, {"duration_ms", 100}, {"qdisc", "pfifo"}}).isEmpty());
    QVERIFY(found(kA).qdisc.startsWith("pfifo "));
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitCode(), 0);
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QVERIFY(!QFile::exists(journalOf(kA)));
    QVERIFY(!QFile::exists(journalOf(kB)));
}

// seed 003's question on the DPDK engine: a qdisc sweep through burstlab-cli
// with the af_packet port sending through the root qdisc.
void TestEngineHostSettings::cliQdiscSweepStoredAndPutBack() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath("runs.sqlite");
    const QStringList qdiscs{"pfifo", "pfifo_fast"};
    burstlab::CliRun cli(db);
    cli.startIn(m_ns.exec(), {"sweep",
                              "--vdev",
                              "net_af_packet0,iface=" + kA + ",qdisc_bypass=0",
                              "--sink-vdev",
                              "net_af_packet1,iface=" + kB + ",framecnt=4096",
                              "--no-huge",
                              "--engine",
                              EngineProcess::enginePath(),
                              "--sweep",
                              "qdisc=" + qdiscs.join(QLatin1Char(',')),
                              "--set",
                              "rate_pps=10000",
                              "--set",
                              "burst=1",
                              "--reps",
                              "2",
                              "--duration-ms",
                              "200",
                              "--label",
                              "dpdk-qdisc"});
    const burstlab::CliResult r = cli.finish(240000);
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    qInfo("%s", qPrintable(r.out));
    // The netdev text names the setting per point, and the checklist says
    // the sweep set it rather than judging what it found.
    for (const QString &q : qdiscs)
        QVERIFY2(r.out.contains("qdisc=" + q), qPrintable(r.out));
    QVERIFY(r.out.contains("set by this sweep: root qdisc (qdisc=pfifo,pfifo_fast)"));
    const QStringList seen =
        burstlab::StoreCheck::hostSettingPerStep(db, "dpdk-qdisc", "qdisc", {kA, kB});
    for (const QString &s : seen)
        QVERIFY2(qdiscs.contains(s), qPrintable(s));
    for (const QString &q : qdiscs)
        QVERIFY2(seen.count(q) >= 2, qPrintable(seen.join(", ")));
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QVERIFY(!QFile::exists(journalOf(kA)));
}

void TestEngineHostSettings::sigtermPutsBack() {
    EngineProcess engine(engineArgs(), m_ns.exec());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    const QJsonObject ack = engine.request(
        startCommand(7, {{"rate_pps", 1000}, {"duration_ms", 60000}, {"txqueuelen", 77}}), 30000);
    QVERIFY(ack["ok"].toBool());
    QVERIFY(!engine.waitFor("stats", 7).isEmpty());
    QCOMPARE(found(kA).txqueuelen, 77);
    // The engine runs under ip netns exec, which passes the signal on by
    // exec'ing it: the process is the engine itself.
    QCOMPARE(::kill(pid_t(engine.pid()), SIGTERM), 0);
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QVERIFY(!QFile::exists(journalOf(kA)));
}

void TestEngineHostSettings::killedEngineIsPutBackAtTheNextStart_data() {
    QTest::addColumn<QStringList>("restore"); // empty: the next engine's start
    QTest::newRow("next engine's start") << QStringList{};
    QTest::newRow("--restore-host")
        << QStringList{EngineProcess::enginePath()} + engineArgs() + QStringList{"--restore-host"};
    const QString cli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");
    QTest::newRow("burstlab-cli host-restore") << QStringList{cli,
                                                              "host-restore",
                                                              "--engine-kind",
                                                              "dpdk",
                                                              "--vdev",
                                                              "net_af_packet0,iface=" + kA,
                                                              "--sink-vdev",
                                                              "net_af_packet1,iface=" + kB,
                                                              "--no-huge",
                                                              "--engine",
                                                              EngineProcess::enginePath()};
}

void TestEngineHostSettings::killedEngineIsPutBackAtTheNextStart() {
    QFETCH(QStringList, restore);
    {
        EngineProcess engine(engineArgs(), m_ns.exec());
        QVERIFY2(engine.start(), engine.stderrText().constData());
        const QJsonObject ack = engine.request(
            startCommand(3, {{"rate_pps", 1000}, {"duration_ms", 60000}, {"qdisc", "pfifo"}}),
            30000);
        QVERIFY(ack["ok"].toBool());
        QVERIFY(!engine.waitFor("stats", 3).isEmpty());
        QCOMPARE(::kill(pid_t(engine.pid()), SIGKILL), 0);
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitStatus(), QProcess::CrashExit);
    }
    // Left as the killed engine's step set it, with the journal saying how
    // it was.
    QVERIFY(found(kA).qdisc.startsWith("pfifo "));
    QVERIFY(QFile::exists(journalOf(kA)));
    if (!restore.isEmpty()) {
        QProcess p;
        p.start(m_ns.exec().first(), m_ns.exec().mid(1) + restore);
        QVERIFY(p.waitForFinished(30000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + p.readAllStandardError()));
        QVERIFY2(out.contains(kA + ": qdisc " + m_foundA.qdisc.section(' ', 0, 0)),
                 qPrintable(out));
        QVERIFY2(out.contains(kB + ": "), qPrintable(out));
    } else {
        EngineProcess next(engineArgs(), m_ns.exec());
        QVERIFY2(next.start(), next.stderrText().constData());
        // Back before the hello.
        QCOMPARE(found(kA), m_foundA);
        QVERIFY(next.stderrText().contains("put back what a killed engine left"));
        next.closeStdin();
        QVERIFY(next.waitForExit(10000));
    }
    QCOMPARE(found(kA), m_foundA);
    QCOMPARE(found(kB), m_foundB);
    QVERIFY(!QFile::exists(journalOf(kA)));
    QVERIFY(!QFile::exists(journalOf(kB)));
}

// An AF_XDP port (the kernel's XDP socket on the veth end, in generic mode
// on veth) takes the same settings on its interface, per step, with its
// packets counted at the af_packet sink, and the run's end puts them back.
void TestEngineHostSettings::afXdpPortSetPerStep() {
    QStringList args = EngineProcess::vdevArgs("net_af_xdp0,iface=" + kA);
    args << "--sink-vdev"
         << "net_af_packet1,iface=" + kB + ",framecnt=4096";
    EngineProcess engine(args, m_ns.exec());
    if (!engine.start() && engine.stderrText().contains("af_xdp"))
        QSKIP(qPrintable("no AF_XDP socket here: " + engine.stderrText()));
    for (const qint64 txqueuelen : {qint64(64), qint64(500)}) {
        const QJsonObject f = engine.runStep(
            {{"rate_pps", 10000}, {"duration_ms", 200}, {"txqueuelen", txqueuelen}});
        QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
        QVERIFY(f["tx_pkts"].toInteger() > 0);
        QVERIFY(f["rx_pkts"].toInteger() > 0);
        const QJsonObject d = f["host_settings"][kA].toObject();
        QCOMPARE(d["txqueuelen"]["read"].toInteger(), txqueuelen);
        QCOMPARE(found(kA).txqueuelen, txqueuelen);
    }
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitCode(), 0);
    QCOMPARE(found(kA), m_foundA);
    QVERIFY(!QFile::exists(journalOf(kA)));
}

// A net_tap port's interface exists while its engine runs: set per step,
// read back in each finished message, and gone with a killed engine, whose
// journal the next start settles (the interface it creates anew is the
// kernel's default) rather than failing on it.
void TestEngineHostSettings::tapPortSetPerStepAndSettledAfterAKill() {
    const QString tap = QStringLiteral("bhst");
    const QStringList args = EngineProcess::vdevArgs("net_tap0,iface=" + tap);
    {
        EngineProcess engine(args, m_ns.exec());
        QVERIFY2(engine.start(), engine.stderrText().constData());
        const qint64 kernels = found(tap).txqueuelen;
        QVERIFY(kernels > 0);
        for (const qint64 txqueuelen : {qint64(77), qint64(300)}) {
            const QJsonObject f = engine.runStep(
                {{"rate_pps", 10000}, {"duration_ms", 200}, {"txqueuelen", txqueuelen}});
            QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
            QVERIFY(f["tx_pkts"].toInteger() > 0);
            const QJsonObject d = f["host_settings"][tap].toObject();
            QCOMPARE(d["txqueuelen"]["asked"].toInteger(), txqueuelen);
            QCOMPARE(d["txqueuelen"]["read"].toInteger(), txqueuelen);
            QCOMPARE(found(tap).txqueuelen, txqueuelen);
        }
        const QJsonObject ack = engine.request(
            startCommand(9, {{"rate_pps", 1000}, {"duration_ms", 60000}, {"txqueuelen", 55}}),
            30000);
        QVERIFY(ack["ok"].toBool());
        QVERIFY(!engine.waitFor("stats", 9).isEmpty());
        QVERIFY(QFile::exists(journalOf(tap)));
        QCOMPARE(::kill(pid_t(engine.pid()), SIGKILL), 0);
        QVERIFY(engine.waitForExit(10000));
        QVERIFY(QFile::exists(journalOf(tap)));
        EngineProcess next(args, m_ns.exec());
        QVERIFY2(next.start(), next.stderrText().constData());
        QVERIFY(!QFile::exists(journalOf(tap)));
        QCOMPARE(found(tap).txqueuelen, kernels);
        next.closeStdin();
        QVERIFY(next.waitForExit(10000));
        QCOMPARE(next.exitCode(), 0);
    }
    QVERIFY(!QFile::exists(journalOf(tap)));
}

void TestEngineHostSettings::refusedOnAPortThatIsNoKernelInterface() {
    EngineProcess engine(EngineProcess::vdevArgs("net_null0"));
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // The hello offers no host setting for a net_null port.
    QVERIFY(!engine.hello()["defaults"].toObject().contains("gro"));
    QVERIFY(!engine.hello()["limits"].toObject().contains("qdisc"));
    const QJsonObject ack = engine.request(startCommand(4, {{"count", 100}, {"gro", "off"}}));
    QVERIFY(!ack["ok"].toBool());
    const QJsonObject error = ack["error"].toObject();
    QCOMPARE(error["field"].toString(), QStringLiteral("gro"));
    QVERIFY2(error["message"].toString().contains("net_null0 is a net_null port"),
             qPrintable(error["message"].toString()));
    // Unchanged leaves the device alone: no kernel interface needed.
    const QJsonObject f =
        engine.runStep({{"count", 100}, {"gro", "unchanged"}, {"txqueuelen", -1}});
    QCOMPARE(f["tx_pkts"].toInteger(), 100);
    QVERIFY(!f.contains("host_settings"));
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
}

QTEST_GUILESS_MAIN(TestEngineHostSettings)
#include "tst_engine_hostsettings.moc"
