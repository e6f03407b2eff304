// Host settings as sweep parameters, in the test kernel (run as the guest's
// root; elsewhere it skips): a queue_xmit sweep over the root qdisc of a
// veth device through the real CLI, each step's setting stored, the device
// left with the qdisc it had; an engine killed with SIGKILL mid-step, whose
// journal the next start puts back; gro on the receiving end of the pair
// read back per step, and what that end received counted per step as the
// sink's figures; every way the engine ends putting the device back; the
// checklist's gro fix tried through the CLI (try-fix), and its tx_ring fix
// refused on veth before anything runs.
#include "CliRun.h"
#include "EngineProcess.h"
#include "NetNamespace.h"
#include "StoreCheck.h"
#include "store/RunStore.h"
#include "sweep/FixTrial.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <cstring>
#include <unistd.h>

using namespace burstlab;

namespace {

const QString kPktgen = QStringLiteral("/proc/net/pktgen");
// The pair's own names, so no other test's veth0 meets these settings.
const QString kSend = QStringLiteral("hs0");
const QString kReceive = QStringLiteral("hs1");
constexpr int kTimeoutMs = 240000;

bool run(const QString &program, const QStringList &args) {
    return QProcess::execute(program, args) == 0;
}

QString journalOf(const QString &device) {
    return QStringLiteral("/run/burstlab/host-settings-%1.json").arg(device);
}

// The root qdisc as tc lists it: "noqueue 0:" for the kernel's own.
QString rootQdisc(const QString &device) {
    QProcess tc;
    tc.start("tc", {"-j", "qdisc", "show", "dev", device});
    if (!tc.waitForFinished(10000))
        return {};
    for (const QJsonValue &q : QJsonDocument::fromJson(tc.readAllStandardOutput()).array()) {
        if (q["root"].toBool())
            return q["kind"].toString() + " " + q["handle"].toString();
    }
    return {};
}

QJsonObject startCommand(qint64 id, QJsonObject params) {
    params["cmd"] = "start";
    params["id"] = id;
    return params;
}

// A step through the qdisc that runs until it is stopped.
const QJsonObject kQueueXmitUntilStopped{
    {"xmit_mode", "queue_xmit"}, {"duration_ms", 600000}, {"stats_ms", 50}};

QString describe(const CliResult &r) {
    return QStringLiteral("exit %1\n%2\n%3").arg(r.code).arg(r.out, r.err);
}

} // namespace

class TestPktgenHostSettings : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void cleanup();
    void qdiscSweepStoredAndPutBack();
    void groSweepOnTheReceivingEnd();
    void killedMidStepPutBackAtNextStart();
    void endsPuttingBack_data();
    void endsPuttingBack();
    void groOnTheReceivingEndReadBack();
    void refusedValueNamesTheSetting();
    void tryFixGroOnTheReceivingEnd();
    void tryFixRefusedWhereTheDeviceCannot();

  private:
    QTemporaryDir m_dir;
    QString m_kernelQdisc;           // the pair's sending end's, as the kernel gave it
    std::optional<bool> m_kernelGro; // the receiving end's (veth's is off unless XDP is on)
};

void TestPktgenHostSettings::initTestCase() {
    if (!QFile::exists(kPktgen + "/pgctrl"))
        QSKIP(
            "no pktgen here: this test runs inside the test kernel (tests/guest/run-in-guest.sh)");
    QVERIFY(m_dir.isValid());
    if (!QFile::exists("/sys/class/net/" + kSend))
        QVERIFY(run("ip", {"link", "add", kSend, "type", "veth", "peer", "name", kReceive}));
    // The receiving end counts every frame: no IPv6 router solicitation or
    // MLD report from the sending end among a step's packets, not even one
    // sent in the moment between the link coming up and IPv6 going off.
    for (const QString &device : {kSend, kReceive}) {
        QFile ipv6("/proc/sys/net/ipv6/conf/" + device + "/disable_ipv6");
        if (ipv6.exists())
            QVERIFY(ipv6.open(QIODevice::WriteOnly) && ipv6.write("1\n") == 2);
    }
    QVERIFY(run("ip", {"link", "set", kSend, "up"}));
    QVERIFY(run("ip", {"link", "set", kReceive, "up"}));
    m_kernelQdisc = rootQdisc(kSend);
    QVERIFY2(m_kernelQdisc.endsWith(" 0:"), qPrintable(m_kernelQdisc));
    m_kernelGro = NetNamespace::groHere(kReceive);
    QVERIFY(m_kernelGro);
}

void TestPktgenHostSettings::cleanup() {
    QCOMPARE(rootQdisc(kSend), m_kernelQdisc);
    QCOMPARE(NetNamespace::groHere(kReceive), m_kernelGro);
    QVERIFY(!QFile::exists(journalOf(kSend)));
    QVERIFY(!QFile::exists(journalOf(kReceive)));
}

void TestPktgenHostSettings::qdiscSweepStoredAndPutBack() {
    const QString db = m_dir.filePath("runs.sqlite");
    const QStringList qdiscs{"pfifo_fast", "fq", "noqueue"};
    const CliResult r =
        CliRun::run(db,
                    {"sweep", "--engine-kind", "pktgen", "--device", kSend, "--engine",
                     EngineProcess::pktgenEnginePath(), "--sweep", "qdisc=" + qdiscs.join(','),
                     "--set", "xmit_mode=queue_xmit", "--set", "count=20000", "--reps", "2",
                     "--duration-ms", "60000", "--label", "qdisc-sweep"},
                    kTimeoutMs);
    QVERIFY2(r.code == 0, qPrintable(describe(r)));
    const qint64 id = CliRun::runLabelled(db, "qdisc-sweep").value("id").toLongLong();
    const QStringList seen = StoreCheck::hostSettingPerStep(db, "qdisc-sweep", "qdisc", {kSend});
    for (const QString &s : seen)
        QVERIFY2(qdiscs.contains(s), qPrintable(s));
    for (const QString &q : qdiscs)
        QVERIFY2(seen.count(q) >= 2, qPrintable(seen.join(", ")));
    // The netdev text names the setting per point.
    const CliResult text = CliRun::run(db, {"export", "--format", "netdev", QString::number(id)});
    QVERIFY2(text.code == 0, qPrintable(describe(text)));
    for (const QString &q : qdiscs)
        QVERIFY2(text.out.contains("qdisc=" + q), qPrintable(text.out));
    // The root qdisc is probed for this pktgen run, and not judged on the
    // value found before the steps set it.
    QVERIFY2(text.out.contains("set by this sweep: root qdisc (qdisc=pfifo_fast,fq,noqueue)"),
             qPrintable(text.out));
}

// Done when (2): a gro sweep through the CLI on the pair's receiving end.
void TestPktgenHostSettings::groSweepOnTheReceivingEnd() {
    const QString db = m_dir.filePath("gro.sqlite");
    const CliResult r = CliRun::run(
        db,
        {"sweep", "--engine-kind", "pktgen", "--device", kSend, "--host-device", kReceive,
         "--engine", EngineProcess::pktgenEnginePath(), "--sweep", "gro=on,off", "--set",
         "count=20000", "--reps", "2", "--duration-ms", "60000", "--label", "gro-sweep"},
        kTimeoutMs);
    QVERIFY2(r.code == 0, qPrintable(describe(r)));
    const qint64 id = CliRun::runLabelled(db, "gro-sweep").value("id").toLongLong();
    RunStore store;
    QVERIFY(store.open(db, RunStore::Access::ReadOnlyIfNeeded));
    const auto steps = store.stepsOf(id);
    QVERIFY(steps && steps->size() >= 4);
    for (const StepResult &step : *steps) {
        QVERIFY(step.measured);
        const QString asked = step.measured->params.value("gro").toString();
        const QJsonObject setting = step.measured->hostSettings.value_or(QJsonObject())[kReceive]
                                        .toObject()["gro"]
                                        .toObject();
        QCOMPARE(setting["asked"].toString(), asked);
        QCOMPARE(setting["read"].toString(), asked);
        // The receiving end measured the step: each packet sent was
        // received, dropped there, or lost on the way.
        const StepFinished &m = *step.measured;
        QVERIFY(m.rxPkts && m.rxDropped && m.rxLost);
        QVERIFY2(*m.rxPkts > 0 && *m.rxPkts <= m.counters.txPkts,
                 qPrintable(QStringLiteral("%1 of %2").arg(*m.rxPkts).arg(m.counters.txPkts)));
        QVERIFY2(*m.rxPkts + *m.rxDropped + *m.rxLost == m.counters.txPkts,
                 qPrintable(QStringLiteral("received %1, dropped %2, lost %3, sent %4")
                                .arg(*m.rxPkts)
                                .arg(*m.rxDropped)
                                .arg(*m.rxLost)
                                .arg(m.counters.txPkts)));
    }
    const CliResult text = CliRun::run(db, {"export", "--format", "netdev", QString::number(id)});
    QVERIFY2(text.code == 0, qPrintable(describe(text)));
    QVERIFY2(text.out.contains("gro=on") && text.out.contains("gro=off") &&
                 text.out.contains("set by this sweep: offloads (gro=on,off)"),
             qPrintable(text.out));
    QVERIFY2(text.out.contains("Sink per point") && !text.out.contains("no sink figures"),
             qPrintable(text.out));
    // Its command to run it again names the receiving end too.
    QVERIFY2(text.out.contains("--host-device " + kReceive), qPrintable(text.out));
    qInfo().noquote() << text.out;
}

void TestPktgenHostSettings::killedMidStepPutBackAtNextStart() {
    {
        EngineProcess engine({"--device", kSend}, {}, EngineProcess::pktgenEnginePath());
        QVERIFY2(engine.start(), engine.stderrText().constData());
        QJsonObject step = kQueueXmitUntilStopped;
        step["qdisc"] = "fq";
        const QJsonObject ack = engine.request(startCommand(1, step));
        QVERIFY2(ack["ok"].toBool(), QJsonDocument(ack).toJson().constData());
        QVERIFY(!engine.waitFor("stats", 1).isEmpty());
        QVERIFY(rootQdisc(kSend).startsWith("fq "));
        QVERIFY(QFile::exists(journalOf(kSend)));
        ::kill(static_cast<pid_t>(engine.pid()), SIGKILL);
        QVERIFY(engine.waitForExit(10000));
        QCOMPARE(engine.exitStatus(), QProcess::CrashExit);
    }
    // Killed: nothing put back, the journal says what was found.
    QVERIFY(rootQdisc(kSend).startsWith("fq "));
    QFile journal(journalOf(kSend));
    QVERIFY(journal.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(journal.readAll())["originals"]["qdisc"].toString(),
             m_kernelQdisc.section(' ', 0, 0));
    EngineProcess next({"--device", kSend}, {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(next.start(), next.stderrText().constData());
    QCOMPARE(rootQdisc(kSend), m_kernelQdisc);
    QVERIFY(!QFile::exists(journalOf(kSend)));
    next.closeStdin();
    QVERIFY(next.waitForExit(10000));
    QVERIFY2(next.stderrText().contains("put back what a killed engine left: " + kSend.toLatin1() +
                                        ": qdisc"),
             next.stderrText().constData());
}

void TestPktgenHostSettings::endsPuttingBack_data() {
    QTest::addColumn<QString>("how");
    for (const char *how : {"shutdown", "eof", "sigterm", "stop"})
        QTest::newRow(how) << how;
}

void TestPktgenHostSettings::endsPuttingBack() {
    QFETCH(QString, how);
    EngineProcess engine({"--device", kSend}, {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    QJsonObject step = kQueueXmitUntilStopped;
    step["qdisc"] = "pfifo";
    step["txqueuelen"] = 64;
    QVERIFY(engine.request(startCommand(1, step))["ok"].toBool());
    QVERIFY(!engine.waitFor("stats", 1).isEmpty());
    QVERIFY(rootQdisc(kSend).startsWith("pfifo "));
    if (how == "shutdown") {
        engine.send({{"cmd", "shutdown"}, {"id", 2}});
    } else if (how == "eof") {
        engine.closeStdin();
    } else if (how == "sigterm") {
        ::kill(static_cast<pid_t>(engine.pid()), SIGTERM);
    } else {
        // A stopped step keeps the settings for the run's next step; the
        // run's end puts them back.
        QVERIFY(engine.request({{"cmd", "stop"}, {"id", 2}})["ok"].toBool());
        const QJsonObject f = engine.waitFor("finished", 1);
        QCOMPARE(f["reason"].toString(), QStringLiteral("stopped"));
        QCOMPARE(f["host_settings"][kSend]["txqueuelen"]["read"].toInt(), 64);
        QVERIFY(rootQdisc(kSend).startsWith("pfifo "));
        engine.closeStdin();
    }
    QVERIFY(engine.waitForExit(10000));
    QCOMPARE(engine.exitCode(), 0);
}

void TestPktgenHostSettings::groOnTheReceivingEndReadBack() {
    EngineProcess engine({"--device", kSend, "--host-device", kReceive}, {},
                         EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    for (const QString value : {"off", "on", "off"}) {
        const QJsonObject f = engine.runStep({{"count", 2000}, {"gro", value}});
        QVERIFY2(!f.isEmpty(), engine.stderrText().constData());
        const QJsonObject setting = f["host_settings"][kReceive]["gro"].toObject();
        QCOMPARE(setting["asked"].toString(), value);
        QCOMPARE(setting["read"].toString(), value);
        QCOMPARE(NetNamespace::groHere(kReceive), std::optional<bool>(value == "on"));
        QVERIFY(!f["host_settings"].toObject().contains(kSend));
        QVERIFY2(f["rx_pkts"].toInteger() > 0 && f["rx_pkts"].toInteger() <= 2000,
                 QJsonDocument(f).toJson().constData());
    }
    // A step that leaves gro unchanged runs with the device's own.
    const QJsonObject f = engine.runStep({{"count", 2000}});
    QVERIFY(!f.contains("host_settings"));
    QCOMPARE(NetNamespace::groHere(kReceive), m_kernelGro);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
}

void TestPktgenHostSettings::refusedValueNamesTheSetting() {
    EngineProcess engine({"--device", kSend}, {}, EngineProcess::pktgenEnginePath());
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // veth has no ring parameters (ETHTOOL_GRINGPARAM is not supported).
    const QJsonObject ack = engine.request(startCommand(1, {{"count", 1000}, {"tx_ring", 256}}));
    QCOMPARE(ack["ok"].toBool(), false);
    QCOMPARE(ack["error"]["field"].toString(), QStringLiteral("tx_ring"));
    QVERIFY2(ack["error"]["message"].toString().startsWith("tx_ring on " + kSend + ": "),
             qPrintable(ack["error"]["message"].toString()));
    engine.closeStdin();
    QVERIFY(engine.waitForExit(10000));
}

QTEST_GUILESS_MAIN(TestPktgenHostSettings)
#include "tst_pktgen_hostsettings.moc"

// The offloads item's gro fix as an experiment: both values stored as one
// run, the verdict printed the one the run's own statistics give, gro put
// back (cleanup()).
void TestPktgenHostSettings::tryFixGroOnTheReceivingEnd() {
    const QString db = m_dir.filePath("tryfix.sqlite");
    const QString found = *m_kernelGro ? "on" : "off";
    const QString recommended = "on";
    if (found == recommended)
        QSKIP("this kernel's veth has GRO on already: nothing to try");
    const CliResult r = CliRun::run(db,
                                    {"try-fix", "offloads", "--setting", "gro", "--engine-kind",
                                     "pktgen", "--device", kSend, "--host-device", kReceive,
                                     "--engine", EngineProcess::pktgenEnginePath(), "--set",
                                     "count=20000", "--reps", "2", "--duration-ms", "60000"},
                                    kTimeoutMs);
    QVERIFY2(r.code == 0, qPrintable(describe(r)));
    const qint64 id = CliRun::runLabelled(db, "try-fix gro").value("id").toLongLong();
    QVERIFY2(id > 0, qPrintable(describe(r)));
    RunStore store;
    QVERIFY(store.open(db, RunStore::Access::ReadOnlyIfNeeded));
    const auto data = store.loadRunData(id);
    QVERIFY(data);
    QCOMPARE(data->run.spec.axisNames(), QStringList{"gro"});
    QStringList asked;
    for (const StepResult &step : data->results()) {
        QVERIFY(step.measured);
        asked << step.measured->params.value("gro").toString();
        const QJsonObject read = step.measured->hostSettings.value_or(QJsonObject())[kReceive]
                                     .toObject()["gro"]
                                     .toObject();
        QCOMPARE(read["read"].toString(), asked.last());
    }
    QCOMPARE(asked.count(found), 2);
    QCOMPARE(asked.count(recommended), 2);
    const FixTrial trial{"offloads", {}, "gro", kReceive, found, recommended};
    const auto delta = trial.delta(*data);
    QVERIFY2(delta, qPrintable(describe(r)));
    const QString verdict =
        QStringLiteral("try-fix gro %1 -> %2 on %3: ").arg(found, recommended, kReceive);
    QVERIFY2(r.out.contains(verdict) &&
                 r.out.contains(QStringLiteral("pps): ") + toString(delta->verdict)),
             qPrintable(describe(r)));
    QVERIFY2(r.err.contains(QStringLiteral("gro is %1 on %2 again, as found").arg(found, kReceive)),
             qPrintable(describe(r)));
}

void TestPktgenHostSettings::tryFixRefusedWhereTheDeviceCannot() {
    const QString db = m_dir.filePath("refused.sqlite");
    const CliResult r = CliRun::run(db,
                                    {"try-fix", "tx_ring", "--engine-kind", "pktgen", "--device",
                                     kSend, "--engine", EngineProcess::pktgenEnginePath()},
                                    kTimeoutMs);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("tx_ring cannot be changed on " + kSend), qPrintable(describe(r)));
    // Refused before the store is opened: nothing ran, nothing was stored.
    QVERIFY(!QFile::exists(db));
}
