// The sink on net_af_packet, on a veth pair inside a network namespace the
// test creates, against every kind of frame a port meets besides the
// engine's own: the kernel's IPv4 and IPv6 stack (UDP sockets, ping), raw
// frames unicast to the port's MAC, to another MAC and broadcast, frames
// forged with the signature but not the step's key, an earlier step's frames
// and one wild sequence number. Each is injected while a step runs and the
// counts must be exact. And a ring too small for an unpaced step: what the
// port's kernel ring dropped is counted apart, and every frame that reached
// the port is in exactly one figure; what the port's own interface sends is
// not received. Needs root for the namespace.
#include "EngineProcess.h"
#include "NetNamespace.h"
#include "PacketTemplate.h"
#include "Signature.h"
#include "StepParams.h"

#include <QJsonArray>
#include <QtTest>
#include <arpa/inet.h>
#include <array>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <sys/socket.h>

using namespace burstlab::engine;

class TestEngineSinkTraffic : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void everyFrameIsCountedOnce();
    void keyedFramesOfOtherStepsAndOneWildNumber();
    void ringDropsAreNotPathLoss();
    void whatTheSinksInterfaceSendsIsNotReceived();

  private:
    // Starts the engine, points va's neighbours at the sink and waits for a
    // quiet link; the hello's sink MAC in mac.
    bool startEngine(EngineProcess &engine, QByteArray &mac);
    // Starts a step of run key kRunKey and waits for its first stats.
    bool startStep(EngineProcess &engine, qint64 id);
    // A counter of the kernel's for an interface inside (statistics/NAME).
    std::optional<qint64> counter(const QString &iface, const QString &name) const;
    std::optional<qint64> vaSent() const { return counter("va", "tx_packets"); }

    NetNamespace m_ns;
};

namespace {

constexpr uint64_t kRunKey = 77;
const QString kSink = QStringLiteral("net_af_packet1,iface=vb,framecnt=4096");

// A frame the engine would send in step `serial` of run kRunKey (key word
// `key` when given), stream 0, sequence number seq.
QByteArray engineFrame(uint64_t serial, uint32_t seq, std::optional<uint64_t> key = {}) {
    StepParams p;
    p.signatureKey = key.value_or(signature::stepKey(kRunKey, serial));
    const PacketTemplate t(p, static_cast<uint8_t>(serial));
    std::array<uint8_t, 2048> buffer{};
    t.copyTo(buffer.data());
    t.stamp(buffer.data(), 0, seq, 0, 0);
    return QByteArray(reinterpret_cast<const char *>(buffer.data()), t.size());
}

// IPv4/UDP frames without the signature, from va's side to dstMac.
QList<QByteArray> rawFrames(const QByteArray &dstMac, int n) {
    QList<QByteArray> frames;
    for (int i = 0; i < n; ++i) {
        QByteArray f = dstMac + QByteArray::fromHex("020000000099"
                                                    "0800"
                                                    "4500002e00000000401100000a0000010a000002"
                                                    "1f901f90001a0000");
        f += QByteArray(18, char(i));
        frames << f;
    }
    return frames;
}

bool sendUdp(int family, const char *address, int n) {
    const int s = ::socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_storage to{};
    socklen_t length = 0;
    if (family == AF_INET) {
        auto *in = reinterpret_cast<sockaddr_in *>(&to);
        in->sin_family = AF_INET;
        in->sin_port = htons(9);
        inet_pton(AF_INET, address, &in->sin_addr);
        length = sizeof *in;
    } else {
        auto *in = reinterpret_cast<sockaddr_in6 *>(&to);
        in->sin6_family = AF_INET6;
        in->sin6_port = htons(9);
        inet_pton(AF_INET6, address, &in->sin6_addr);
        length = sizeof *in;
    }
    bool sent = s >= 0;
    const char payload[16] = "not the engine";
    for (int i = 0; i < n && sent; ++i) {
        sent = ::sendto(s, payload, sizeof payload, 0, reinterpret_cast<sockaddr *>(&to), length) ==
               sizeof payload;
        ::usleep(300);
    }
    if (s >= 0) {
        ::close(s);
    }
    return sent;
}

// ICMP echo requests through the kernel's IPv4 stack, as ping sends them.
bool sendPings(const char *address, int n) {
    const int s = ::socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMP);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    inet_pton(AF_INET, address, &to.sin_addr);
    bool sent = s >= 0;
    for (int i = 0; i < n && sent; ++i) {
        icmphdr echo{};
        echo.type = ICMP_ECHO;
        echo.un.echo.id = htons(0x4242);
        echo.un.echo.sequence = htons(uint16_t(i));
        // The checksum of the 8-byte header alone, folded.
        const auto *w = reinterpret_cast<const uint16_t *>(&echo);
        uint32_t sum = 0;
        for (size_t k = 0; k < sizeof echo / 2; ++k) {
            sum += w[k];
        }
        sum = (sum & 0xffff) + (sum >> 16);
        echo.checksum = uint16_t(~(sum + (sum >> 16)));
        sent = ::sendto(s, &echo, sizeof echo, 0, reinterpret_cast<sockaddr *>(&to), sizeof to) ==
               sizeof echo;
        ::usleep(300);
    }
    if (s >= 0) {
        ::close(s);
    }
    return sent;
}

} // namespace

void TestEngineSinkTraffic::initTestCase() {
    if (const QString why = m_ns.createOrWhyNot(); !why.isEmpty()) {
        QSKIP(qPrintable(why));
    }
    QVERIFY(m_ns.ip({"link", "add", "va", "type", "veth", "peer", "name", "vb"}));
    // IPv6 on va only, with nothing sent of its own accord: no link-local
    // address (no duplicate detection, no router solicitation) and the
    // multicast reports of the one address sent at once, before any step.
    const QString conf = "/proc/sys/net/ipv6/conf/va/";
    QVERIFY(NetNamespace::run(m_ns.exec() +
                              QStringList{"sh", "-c",
                                          "echo 1 > " + conf + "addr_gen_mode && echo 0 > " + conf +
                                              "router_solicitations && echo 0 > " + conf +
                                              "mldv2_unsolicited_report_interval && "
                                              "echo 0 > " +
                                              conf +
                                              "mldv1_unsolicited_report_interval && "
                                              "echo 0 > " +
                                              conf + "disable_ipv6"}));
    QVERIFY(m_ns.ip({"link", "set", "va", "up"}));
    QVERIFY(m_ns.ip({"link", "set", "vb", "up"}));
    QVERIFY(m_ns.ip({"addr", "add", "10.9.0.1/24", "dev", "va"}));
    QVERIFY(m_ns.ip({"-6", "addr", "add", "fd00::1/64", "dev", "va", "nodad"}));
}

std::optional<qint64> TestEngineSinkTraffic::counter(const QString &iface,
                                                     const QString &name) const {
    QProcess p;
    p.start(m_ns.exec().first(),
            m_ns.exec().mid(1) +
                QStringList{"cat", "/sys/class/net/" + iface + "/statistics/" + name});
    if (!p.waitForFinished(5000) || p.exitCode() != 0) {
        return std::nullopt;
    }
    bool ok = false;
    const qint64 n = p.readAllStandardOutput().trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(n) : std::nullopt;
}

bool TestEngineSinkTraffic::startEngine(EngineProcess &engine, QByteArray &mac) {
    if (!engine.start()) {
        qWarning("%s", engine.stderrText().constData());
        return false;
    }
    const QString text =
        engine.hello().value("ports").toArray().at(1).toObject().value("mac").toString();
    mac = QByteArray::fromHex(text.toLatin1().replace(':', ""));
    // Starting a port replays its MAC address to the kernel, which empties
    // the interface's neighbour table: the entries come after the hello.
    if (mac.size() != 6 ||
        !m_ns.ip(
            {"neigh", "replace", "10.9.0.2", "lladdr", text, "dev", "va", "nud", "permanent"}) ||
        !m_ns.ip({"-6", "neigh", "replace", "fd00::2", "lladdr", text, "dev", "va", "nud",
                  "permanent"})) {
        return false;
    }
    // Whatever the kernel sends on its own when the addresses and the
    // interface change is out before a step starts.
    std::optional<qint64> before = vaSent();
    for (int i = 0; i < 30 && before; ++i) {
        QTest::qWait(200);
        const std::optional<qint64> after = vaSent();
        if (after == before) {
            return true;
        }
        before = after;
    }
    return false;
}

bool TestEngineSinkTraffic::startStep(EngineProcess &engine, qint64 id) {
    const QJsonObject ack = engine.request({{"cmd", "start"},
                                            {"id", id},
                                            {"run_key", qint64(kRunKey)},
                                            {"rate_pps", 2000},
                                            {"duration_ms", 1500},
                                            {"stats_ms", 50}});
    return ack.value("ok").toBool() && !engine.waitFor("stats", id).isEmpty();
}

void TestEngineSinkTraffic::everyFrameIsCountedOnce() {
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev" << kSink;
    EngineProcess engine(args, m_ns.exec());
    QByteArray vbMac;
    QVERIFY2(startEngine(engine, vbMac), "the engine did not start or the link stayed busy");
    const std::optional<qint64> sentBefore = vaSent();
    QVERIFY(startStep(engine, 5));
    // While the step runs, out of va into the sink's vb.
    const QByteArray other = QByteArray::fromHex("020000000077");
    const QByteArray broadcast = QByteArray::fromHex("ffffffffffff");
    QList<QByteArray> forged;
    for (uint32_t seq = 0; seq < 10; ++seq) {
        forged << engineFrame(1, 100000 + seq, 0); // the magic and tag, key word 0
    }
    QVERIFY(m_ns.inside([] { return sendUdp(AF_INET, "10.9.0.2", 40); }));
    QVERIFY(m_ns.inside([] { return sendPings("10.9.0.2", 30); }));
    QVERIFY(m_ns.inside([] { return sendUdp(AF_INET6, "fd00::2", 20); }));
    QVERIFY(m_ns.sendFrames("va", rawFrames(vbMac, 25), 300));
    QVERIFY(m_ns.sendFrames("va", rawFrames(other, 15), 300));
    QVERIFY(m_ns.sendFrames("va", rawFrames(broadcast, 10), 300));
    QVERIFY(m_ns.sendFrames("va", forged, 300));
    const QJsonObject f = engine.waitFor("finished", 5, 10000);
    QVERIFY(!f.isEmpty());
    const std::optional<qint64> sentAfter = vaSent();
    const qint64 sent = f.value("tx_pkts").toInteger();
    qInfo("va sent %lld frames during the step's life, the engine %lld of them; the sink: "
          "rx_pkts %lld, rx_foreign %lld, rx_late %lld, rx_dropped %lld, rx_lost %lld",
          sentBefore && sentAfter ? *sentAfter - *sentBefore : -1, sent,
          f.value("rx_pkts").toInteger(), f.value("rx_foreign").toInteger(),
          f.value("rx_late").toInteger(), f.value("rx_dropped").toInteger(),
          f.value("rx_lost").toInteger());
    QVERIFY(sent > 100);
    QCOMPARE(f.value("rx_pkts").toInteger(), sent);
    // 40 UDP/IPv4 + 30 pings + 20 UDP/IPv6 + 25 + 15 + 10 raw + 10 forged.
    QCOMPARE(f.value("rx_foreign").toInteger(), 150);
    QCOMPARE(f.value("rx_late").toInteger(), 0);
    QCOMPARE(f.value("rx_duplicates").toInteger(), 0);
    QCOMPARE(f.value("rx_reordered").toInteger(), 0);
    QCOMPARE(f.value("rx_dropped").toInteger(), 0);
    QCOMPARE(f.value("rx_lost").toInteger(), 0);
    // The af_packet port's kernel ring is read; the driver has no other counter.
    const QJsonObject drops = f.value("rx_drops").toObject();
    QCOMPARE(drops.value("kernel_ring").toInteger(-1), 0);
    QCOMPARE(drops.value("imissed").toInteger(-1), 0);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
}

void TestEngineSinkTraffic::keyedFramesOfOtherStepsAndOneWildNumber() {
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev" << kSink;
    EngineProcess engine(args, m_ns.exec());
    QByteArray vbMac;
    QVERIFY2(startEngine(engine, vbMac), "the engine did not start or the link stayed busy");
    const QJsonObject first =
        engine.runStep({{"run_key", qint64(kRunKey)}, {"rate_pps", 2000}, {"duration_ms", 200}});
    QCOMPARE(first.value("rx_pkts").toInteger(), first.value("tx_pkts").toInteger());
    QVERIFY(startStep(engine, 6));
    // Step 1's packets arriving in step 2 are late; step 2's packet with a
    // sequence number far ahead is ours, once reordered, and moves nothing.
    QList<QByteArray> stale;
    for (uint32_t seq = 0; seq < 5; ++seq) {
        stale << engineFrame(1, seq);
    }
    QVERIFY(m_ns.sendFrames("va", stale, 300));
    QVERIFY(m_ns.sendFrames("va", {engineFrame(2, 0x7fff0000)}, 0));
    // Another run's step 2: foreign.
    QVERIFY(m_ns.sendFrames("va", {engineFrame(2, 3, signature::stepKey(kRunKey + 1, 2))}, 0));
    const QJsonObject f = engine.waitFor("finished", 6, 10000);
    QVERIFY(!f.isEmpty());
    const qint64 sent = f.value("tx_pkts").toInteger();
    qInfo("step 2: tx_pkts %lld, rx_pkts %lld, rx_late %lld, rx_foreign %lld, rx_reordered %lld",
          sent, f.value("rx_pkts").toInteger(), f.value("rx_late").toInteger(),
          f.value("rx_foreign").toInteger(), f.value("rx_reordered").toInteger());
    QVERIFY(sent > 100);
    QCOMPARE(f.value("rx_pkts").toInteger(), sent + 1);
    QCOMPARE(f.value("rx_late").toInteger(), 5);
    QCOMPARE(f.value("rx_foreign").toInteger(), 1);
    QCOMPARE(f.value("rx_reordered").toInteger(), 1);
    QCOMPARE(f.value("rx_duplicates").toInteger(), 0);
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
}

void TestEngineSinkTraffic::ringDropsAreNotPathLoss() {
    // 64 frames of ring against an unpaced step: the sink, polled by the
    // main lcore beside the protocol, cannot keep up.
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev"
         << "net_af_packet1,iface=vb,framecnt=64";
    EngineProcess engine(args, m_ns.exec());
    QByteArray vbMac;
    QVERIFY2(startEngine(engine, vbMac), "the engine did not start or the link stayed busy");
    const std::optional<qint64> before = counter("vb", "rx_packets");
    const QJsonObject f = engine.runStep({{"duration_ms", 500}});
    const std::optional<qint64> after = counter("vb", "rx_packets");
    QVERIFY(!f.isEmpty() && before && after);
    const qint64 reached = *after - *before;
    const qint64 sent = f.value("tx_pkts").toInteger();
    const qint64 ours = f.value("rx_pkts").toInteger();
    const qint64 dropped = f.value("rx_dropped").toInteger();
    qInfo("unpaced, a ring of 64: tx_pkts %lld, %lld reached vb; rx_pkts %lld, rx_dropped %lld "
          "(kernel_ring %lld), rx_lost %lld, rx_foreign %lld",
          sent, reached, ours, dropped,
          f.value("rx_drops").toObject().value("kernel_ring").toInteger(-1),
          f.value("rx_lost").toInteger(), f.value("rx_foreign").toInteger());
    // Every frame that reached the port is in exactly one figure.
    QCOMPARE(ours + f.value("rx_duplicates").toInteger() + f.value("rx_foreign").toInteger() +
                 f.value("rx_late").toInteger() + dropped,
             reached);
    QCOMPARE(f.value("rx_drops").toObject().value("kernel_ring").toInteger(-1), dropped);
    // Lost on the path is what never reached the port.
    QCOMPARE(f.value("rx_lost").toInteger(), qMax<qint64>(0, sent - ours - dropped));
    QVERIFY(sent - reached <= f.value("rx_lost").toInteger());
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
}

void TestEngineSinkTraffic::whatTheSinksInterfaceSendsIsNotReceived() {
    QStringList args = EngineProcess::vdevArgs("net_af_packet0,iface=va");
    args << "--sink-vdev" << kSink;
    EngineProcess engine(args, m_ns.exec());
    QByteArray vbMac;
    QVERIFY2(startEngine(engine, vbMac), "the engine did not start or the link stayed busy");
    // With an address of its own, vb's kernel asks ARP for its neighbours:
    // frames out of vb, which its packet sockets see as outgoing.
    QVERIFY(m_ns.ip({"addr", "add", "10.9.1.2/24", "dev", "vb"}));
    const std::optional<qint64> before = counter("vb", "tx_packets");
    QVERIFY(startStep(engine, 7));
    QVERIFY(m_ns.inside([] { return sendUdp(AF_INET, "10.9.1.10", 5); }));
    const QJsonObject f = engine.waitFor("finished", 7, 10000);
    const std::optional<qint64> after = counter("vb", "tx_packets");
    QVERIFY(m_ns.ip({"addr", "del", "10.9.1.2/24", "dev", "vb"}));
    QVERIFY(!f.isEmpty() && before && after);
    qInfo("vb sent %lld frames during the step; rx_foreign %lld", *after - *before,
          f.value("rx_foreign").toInteger());
    QVERIFY(*after > *before);
    QCOMPARE(f.value("rx_foreign").toInteger(), 0);
    QCOMPARE(f.value("rx_pkts").toInteger(), f.value("tx_pkts").toInteger());
    engine.closeStdin();
    QVERIFY(engine.waitForExit(5000));
}

QTEST_GUILESS_MAIN(TestEngineSinkTraffic)
#include "tst_engine_sink_traffic.moc"
