// The packet template: every flow and timestamp gives a frame a receiver
// accepts. The IPv4 checksum is patched incrementally, so this checks the
// patch against a full recomputation over all 65536 flows, odd and even
// sizes, each stamped over the frame the buffer held before (as a reused
// mbuf is), and the signature reads back. The UDP checksum is 0 (none).
#include "PacketTemplate.h"
#include "Signature.h"
#include "StepParams.h"

#include <QRandomGenerator>
#include <QtTest>
#include <algorithm>
#include <array>

using burstlab::engine::PacketTemplate;
using burstlab::engine::StepParams;
namespace signature = burstlab::engine::signature;

namespace {

uint32_t sum16(const uint8_t *p, size_t n) {
    uint32_t s = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        s += (p[i] << 8) | p[i + 1];
    }
    if (n % 2) {
        s += p[n - 1] << 8;
    }
    return s;
}

uint16_t fold(uint32_t s) {
    while (s >> 16) {
        s = (s & 0xffff) + (s >> 16);
    }
    return static_cast<uint16_t>(s);
}

uint16_t be16(const uint8_t *p) {
    return static_cast<uint16_t>((p[0] << 8) | p[1]);
}

// Empty when a receiver would accept the frame.
QString check(const uint8_t *f) {
    if (fold(sum16(f + 14, 20)) != 0xffff) {
        return "IPv4 header checksum";
    }
    if (be16(f + 40) != 0) {
        return "UDP checksum set: it must be 0 (none)";
    }
    return {};
}

} // namespace

class TestEnginePacket : public QObject {
    Q_OBJECT

  private slots:
    void everyFlowIsValid_data();
    void everyFlowIsValid();
    void flowsVaryAddressAndPort();
    void taggedFrameCarriesItsSignature();
};

void TestEnginePacket::everyFlowIsValid_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("timestamp");
    QTest::addColumn<QString>("dstIp");
    for (int size : {60, 61, 64, 1514}) {
        QTest::addRow("%d bytes", size) << size << false << "198.18.0.2";
        QTest::addRow("%d bytes, timestamps", size) << size << true << "198.18.0.2";
    }
    // Addresses near the top: adding the flow number carries through them.
    QTest::addRow("wrapping address") << 60 << true << "255.255.255.200";
}

void TestEnginePacket::everyFlowIsValid() {
    QFETCH(int, size);
    QFETCH(bool, timestamp);
    QFETCH(QString, dstIp);
    StepParams p;
    p.pktSize = static_cast<uint32_t>(size);
    p.flows = 65536;
    p.timestamp = timestamp;
    // The older src_port: flows count up from it to 65535, then wrap to it.
    nlohmann::json command = {{"dst_ip", dstIp.toStdString()}, {"src_port", 65000}};
    QVERIFY(!p.apply(command, {}));
    const PacketTemplate t(p, 42);
    QCOMPARE(int(t.size()), size);
    std::array<uint8_t, 2048> frame{};
    t.copyTo(frame.data());
    QRandomGenerator rng(42);
    for (uint32_t flow = 0; flow < p.flows; ++flow) {
        const uint64_t tsc = rng.generate64();
        // Flows in a scrambled order: each stamp lands on another flow's frame.
        const uint32_t f = (flow * 40503u) % p.flows;
        t.stamp(frame.data(), 3, flow, f, tsc);
        const QString problem = check(frame.data());
        if (!problem.isEmpty()) {
            QFAIL(qPrintable(QString("flow %1: %2").arg(f).arg(problem)));
        }
        QCOMPARE(be16(frame.data() + 34), static_cast<uint16_t>(65000 + f % 536));
        QCOMPARE(be16(frame.data() + 36), uint16_t(54000));
        const auto sig = signature::read(frame.data(), t.size());
        QVERIFY(sig);
        QCOMPARE(sig->seq, flow);
        QCOMPARE(sig->stream, uint8_t(3));
        QCOMPARE(sig->step, uint8_t(42));
        QCOMPARE(sig->tsc, timestamp ? tsc : 0);
    }
    // Nothing past the frame but the 2 bytes a 60-byte frame's signature
    // store may reach.
    QVERIFY(std::all_of(frame.begin() + std::max<int>(size, 62), frame.end(),
                        [](uint8_t b) { return b == 0; }));
}

// Behind an 802.1Q tag, every stamp lands 4 bytes later and a sink still
// reads the signature.
void TestEnginePacket::taggedFrameCarriesItsSignature() {
    StepParams p;
    QVERIFY(!p.apply({{"vlan", 4094},
                      {"vlan_pcp", 7},
                      {"pkt_size", 64},
                      {"flows", 8},
                      {"timestamp", true},
                      {"tos", 0xb8}},
                     {}));
    const PacketTemplate t(p, 9);
    std::array<uint8_t, 2048> frame{};
    t.copyTo(frame.data());
    t.stamp(frame.data(), 2, 77, 5, 123456789);
    QCOMPARE(be16(frame.data() + 12), uint16_t(0x8100));
    QCOMPARE(be16(frame.data() + 14), uint16_t(7 << 13 | 4094)); // PCP 7, DEI 0, VID 4094
    QCOMPARE(be16(frame.data() + 16), uint16_t(0x0800));
    // Flow 5: source port 50005 where the untagged frame has it at 34.
    QCOMPARE(be16(frame.data() + 38), uint16_t(50005));
    const auto sig = signature::read(frame.data(), t.size());
    QVERIFY(sig);
    QCOMPARE(sig->seq, 77u);
    QCOMPARE(sig->stream, uint8_t(2));
    QCOMPARE(sig->step, uint8_t(9));
    QCOMPARE(sig->tsc, uint64_t(123456789));
    // The TOS byte (EF, 0xb8) in the IPv4 header, which its checksum covers.
    QCOMPARE(frame[18 + 1], uint8_t(0xb8));
    // Untagged, the rest is the frame every check above holds.
    std::array<uint8_t, 2048> untagged{};
    std::copy(frame.begin(), frame.begin() + 12, untagged.begin());
    std::copy(frame.begin() + 16, frame.end(), untagged.begin() + 12);
    QVERIFY2(check(untagged.data()).isEmpty(), qPrintable(check(untagged.data())));
    // The tag is part of the frame: 60 bytes cannot hold it and the signature.
    StepParams small;
    const auto err = small.apply({{"vlan", 1}, {"pkt_size", 60}}, {});
    QVERIFY(err);
    QCOMPARE(err->field, std::string("pkt_size"));
}

void TestEnginePacket::flowsVaryAddressAndPort() {
    StepParams p;
    p.flows = 4;
    const PacketTemplate t(p, 1);
    std::array<uint8_t, 2048> a{};
    std::array<uint8_t, 2048> b{};
    t.copyTo(a.data());
    t.stamp(a.data(), 0, 0, 0, 0);
    t.copyTo(b.data());
    t.stamp(b.data(), 0, 0, 3, 0);
    QCOMPARE(be16(b.data() + 34), static_cast<uint16_t>(be16(a.data() + 34) + 3));
    QCOMPARE(b[33], static_cast<uint8_t>(a[33] + 3));
    QCOMPARE(be16(a.data() + 12), uint16_t(0x0800));
    // The default ports are dynamic ones, never a well-known (< 1024) port.
    QCOMPARE(be16(a.data() + 34), uint16_t(50000));
    QCOMPARE(be16(a.data() + 36), uint16_t(54000));

    // Ranges: each port counts through its own range with the flow.
    StepParams r;
    QVERIFY(!r.apply({{"flows", 8}, {"udp_src", {1024, 1027}}, {"udp_dst", {2000, 2001}}}, {}));
    const PacketTemplate ranged(r, 1);
    for (uint32_t f = 0; f < 8; ++f) {
        ranged.copyTo(a.data());
        ranged.stamp(a.data(), 0, 0, f, 0);
        QCOMPARE(be16(a.data() + 34), uint16_t(1024 + f % 4));
        QCOMPARE(be16(a.data() + 36), uint16_t(2000 + f % 2));
        QVERIFY(check(a.data()).isEmpty());
    }
    // A range is [lo,hi] with lo <= hi, each a port.
    for (const nlohmann::json &bad :
         {nlohmann::json{5, 2}, nlohmann::json{0, 65536}, nlohmann::json{7}, nlohmann::json(7)}) {
        StepParams q;
        const auto error = q.apply({{"udp_dst", bad}}, {});
        QVERIFY2(error, bad.dump().c_str());
        QCOMPARE(error->field, std::string("udp_dst"));
    }
}

QTEST_GUILESS_MAIN(TestEnginePacket)
#include "tst_engine_packet.moc"
