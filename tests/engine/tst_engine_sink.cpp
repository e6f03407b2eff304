// The sink's classification of received frames, without DPDK, on fixtures
// built with the engine's own packet template: this step's packets counted
// once, duplicates, reordering (also across a wrap of the sequence number,
// beyond the window, and one wild number), clones, late and foreign frames
// (other runs, forged and replayed frames among them), and the latency
// histogram's percentiles.
#include "LatencyHistogram.h"
#include "PacketTemplate.h"
#include "Signature.h"
#include "SinkClassifier.h"
#include "StepParams.h"

#include <QtTest>
#include <array>
#include <initializer_list>

using namespace burstlab::engine;

namespace {

constexpr uint8_t kTag = 7;
constexpr uint64_t kRunKey = 0x5eed5eed12345678ULL;

uint64_t keyOf(uint8_t tag, uint64_t runKey = kRunKey) {
    return signature::stepKey(runKey, tag);
}

// Frames of a step as the TX path builds them.
class Frames {
  public:
    explicit Frames(uint32_t size = 60, uint8_t tag = kTag, bool timestamp = false,
                    uint64_t key = keyOf(kTag))
        : m_template(params(size, timestamp, key), tag) {}

    const uint8_t *frame(uint8_t stream, uint32_t seq, uint64_t tsc = 0) {
        m_template.copyTo(m_buffer.data());
        m_template.stamp(m_buffer.data(), stream, seq, 0, tsc);
        return m_buffer.data();
    }
    size_t size() const { return m_template.size(); }

  private:
    static StepParams params(uint32_t size, bool timestamp, uint64_t key) {
        StepParams p;
        p.pktSize = size;
        p.timestamp = timestamp;
        p.signatureKey = key;
        return p;
    }
    PacketTemplate m_template;
    std::array<uint8_t, 2048> m_buffer{};
};

SinkClassifier classifier(uint32_t streams = 1, uint64_t copies = 1, bool timestamps = false) {
    SinkClassifier c;
    c.begin({kTag, keyOf(kTag), streams, copies, timestamps});
    return c;
}

// The classifier's counts against the expected ones, all five.
void expectCounts(const SinkClassifier &c, const SinkCounts &want) {
    const SinkCounts &got = c.counts();
    QCOMPARE(got.ours, want.ours);
    QCOMPARE(got.duplicates, want.duplicates);
    QCOMPARE(got.reordered, want.reordered);
    QCOMPARE(got.foreign, want.foreign);
    QCOMPARE(got.late, want.late);
}

void receive(SinkClassifier &c, Frames &f, std::initializer_list<uint32_t> seqs,
             uint8_t stream = 0) {
    for (uint32_t seq : seqs) {
        c.classify(f.frame(stream, seq), f.size(), 0);
    }
}

} // namespace

class TestEngineSink : public QObject {
    Q_OBJECT

  private slots:
    void signatureReadsBack_data();
    void signatureReadsBack();
    void inOrderIsCountedOnce();
    void duplicatesAreNotCounted();
    void reorderingIsDetected();
    void streamsAreIndependent();
    void sequenceWrapIsInOrder();
    void olderThanTheWindowCountsAsReordered();
    void oneWildNumberIsOneReordered();
    void aRunOfLossesIsBelieved();
    void clonesAreExpectedCopies();
    void lateAndForeignAreSeparated();
    void otherRunsAndForgedFramesAreForeign();
    void lateNeedsTheEarlierStepsKey();
    void latencyPercentiles();
    void latencyOfTimestampedPackets();
};

void TestEngineSink::signatureReadsBack_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("timestamp");
    for (int size : {60, 61, 64, 1514}) {
        QTest::addRow("%d bytes", size) << size << false;
        QTest::addRow("%d bytes, timestamps", size) << size << true;
    }
}

void TestEngineSink::signatureReadsBack() {
    QFETCH(int, size);
    QFETCH(bool, timestamp);
    Frames f(uint32_t(size), kTag, timestamp);
    const uint64_t tsc = 0x0123456789abcdefULL;
    const uint8_t *frame = f.frame(5, 0xfedcba98, tsc);
    const auto sig = signature::read(frame, f.size());
    QVERIFY(sig);
    QCOMPARE(sig->step, kTag);
    QCOMPARE(sig->stream, uint8_t(5));
    QCOMPARE(sig->seq, 0xfedcba98u);
    // Without timestamps the TSC field holds the step's key word, whose low
    // 16 bits are the IPv4 identification (network order, at 18).
    QCOMPARE(sig->tsc, timestamp ? tsc : keyOf(kTag));
    QCOMPARE(sig->ipId, signature::ipIdOf(keyOf(kTag)));
    QCOMPARE(uint16_t(frame[18] << 8 | frame[19]), signature::ipIdOf(keyOf(kTag)));
    // The layout docs/protocol.md gives: magic, TSC, tag, stream, sequence (network order).
    QCOMPARE(QByteArray(reinterpret_cast<const char *>(frame) + 42, 4).toHex(),
             QByteArray("be9be955"));
    QCOMPARE(frame[54], kTag);
    QCOMPARE(frame[55], uint8_t(5));
    QCOMPARE(QByteArray(reinterpret_cast<const char *>(frame) + 56, 4).toHex(),
             QByteArray("fedcba98"));
    // UDP checksum 0: no checksum, so the signature needs no checksum work.
    QCOMPARE(frame[40], uint8_t(0));
    QCOMPARE(frame[41], uint8_t(0));
    // One byte short, or a frame cut before the signature's end, is not ours.
    QVERIFY(!signature::read(frame, 59));
}

void TestEngineSink::inOrderIsCountedOnce() {
    Frames f;
    SinkClassifier c = classifier();
    for (uint32_t seq = 0; seq < 10000; ++seq) {
        c.classify(f.frame(0, seq), f.size(), 0);
    }
    expectCounts(c, {.ours = 10000});
}

void TestEngineSink::duplicatesAreNotCounted() {
    Frames f;
    SinkClassifier c = classifier();
    receive(c, f, {0, 1, 2, 2, 3, 1, 3});
    expectCounts(c, {.ours = 4, .duplicates = 3});
}

void TestEngineSink::reorderingIsDetected() {
    Frames f;
    SinkClassifier c = classifier();
    // 2 and 5 overtaken; 6 lost; 2 once more is a duplicate, not reordered again.
    receive(c, f, {0, 1, 3, 2, 4, 7, 5, 8, 2});
    expectCounts(c, {.ours = 8, .duplicates = 1, .reordered = 2});
}

void TestEngineSink::streamsAreIndependent() {
    Frames f;
    SinkClassifier c = classifier(2);
    receive(c, f, {0, 1, 2}, 0);
    receive(c, f, {0, 1}, 1); // behind stream 0's numbers, but in its own order
    receive(c, f, {3}, 0);
    expectCounts(c, {.ours = 6});
    // A stream the step does not have is not ours.
    receive(c, f, {0}, 2);
    expectCounts(c, {.ours = 6, .foreign = 1});
}

void TestEngineSink::sequenceWrapIsInOrder() {
    Frames f;
    SinkClassifier c = classifier();
    receive(c, f, {0xfffffffe, 0xffffffff, 0, 1, 0xffffffff});
    expectCounts(c, {.ours = 4, .duplicates = 1});
}

void TestEngineSink::olderThanTheWindowCountsAsReordered() {
    Frames f;
    SinkClassifier c = classifier();
    const uint32_t far = SinkClassifier::kWindow + 10;
    receive(c, f, {0, far, far + 1, 5, far + 2});
    expectCounts(c, {.ours = 5, .reordered = 1});
}

void TestEngineSink::oneWildNumberIsOneReordered() {
    // One packet with a number far ahead amid a stream of 12,000: it alone
    // is out of order, not the 11,889 that follow it.
    Frames f;
    SinkClassifier c = classifier();
    for (uint32_t seq = 0; seq < 12000; ++seq) {
        c.classify(f.frame(0, seq), f.size(), 0);
        if (seq == 110) {
            c.classify(f.frame(0, 0x7fff0000), f.size(), 0);
        }
    }
    expectCounts(c, {.ours = 12001, .reordered = 1});
    // Behind the stream (a stale number of this step) it is one as well.
    SinkClassifier d = classifier();
    receive(d, f, {0, 1, 2, 3});
    receive(d, f, {0xfff00000});
    receive(d, f, {4, 5, 6});
    expectCounts(d, {.ours = 8, .reordered = 1});
}

void TestEngineSink::aRunOfLossesIsBelieved() {
    // 10,000 packets lost in a row: the stream goes on from there, nothing
    // is reordered; with clone 2 the copies of the first packet after the
    // gap count as copies.
    Frames f;
    SinkClassifier c = classifier();
    receive(c, f, {0, 1, 10002, 10003, 10004, 10001});
    expectCounts(c, {.ours = 6, .reordered = 1});
    SinkClassifier d = classifier(1, 2);
    receive(d, f, {0, 0, 10002, 10002, 10002, 10003, 10003});
    expectCounts(d, {.ours = 6, .duplicates = 1});
}

void TestEngineSink::clonesAreExpectedCopies() {
    Frames f;
    SinkClassifier c = classifier(1, 3);
    // Each sequence number is sent 3 times; a 4th copy is a duplicate, a
    // copy of 0 after 1's copies began is reordered.
    receive(c, f, {0, 0, 1, 0, 1, 1, 1, 2});
    expectCounts(c, {.ours = 7, .duplicates = 1, .reordered = 1});
}

void TestEngineSink::lateAndForeignAreSeparated() {
    SinkClassifier c = classifier();
    c.begin({kTag + 1, keyOf(kTag + 1), 1, 1, false});
    // The step before (kTag) is late now.
    Frames earlier(60, kTag);
    c.classify(earlier.frame(0, 0), earlier.size(), 0);
    expectCounts(c, {.late = 1});
    Frames now(64, kTag + 1, false, keyOf(kTag + 1));
    Frames &f = now;

    std::array<uint8_t, 2048> frame{};
    std::memcpy(frame.data(), f.frame(0, 0), f.size());
    // IPv6
    frame[12] = 0x86;
    frame[13] = 0xdd;
    c.classify(frame.data(), f.size(), 0);
    // IPv4 with options, TCP, UDP without the magic, too short a UDP length
    std::memcpy(frame.data(), f.frame(0, 0), f.size());
    frame[14] = 0x46;
    c.classify(frame.data(), f.size(), 0);
    std::memcpy(frame.data(), f.frame(0, 0), f.size());
    frame[23] = 6;
    c.classify(frame.data(), f.size(), 0);
    std::memcpy(frame.data(), f.frame(0, 0), f.size());
    frame[42] ^= 0xff;
    c.classify(frame.data(), f.size(), 0);
    std::memcpy(frame.data(), f.frame(0, 0), f.size());
    frame[38] = 0;
    frame[39] = 20;
    c.classify(frame.data(), f.size(), 0);
    expectCounts(c, {.foreign = 5, .late = 1});
}

void TestEngineSink::otherRunsAndForgedFramesAreForeign() {
    SinkClassifier c = classifier();
    // Another run's step with the same tag, with and without timestamps.
    Frames otherRun(60, kTag, false, keyOf(kTag, kRunKey + 1));
    Frames otherRunTimed(60, kTag, true, keyOf(kTag, kRunKey + 1));
    receive(c, otherRun, {0, 1, 2});
    c.classify(otherRunTimed.frame(0, 3, 1000), otherRunTimed.size(), 2000);
    // Frames with the magic and the tag written by hand (key word 0), and one
    // whose IPv4 identification is right but whose key word is not.
    Frames forged(60, kTag, false, 0);
    receive(c, forged, {0, 1, 2, 0x7fffffff});
    Frames f;
    std::array<uint8_t, 2048> frame{};
    std::memcpy(frame.data(), f.frame(0, 4), f.size());
    frame[46] ^= 1;
    c.classify(frame.data(), f.size(), 0);
    expectCounts(c, {.foreign = 9});
    // None of them moved the stream: its own packets are in order.
    receive(c, f, {0, 1, 2, 3});
    expectCounts(c, {.ours = 4, .foreign = 9});
}

void TestEngineSink::lateNeedsTheEarlierStepsKey() {
    SinkClassifier c;
    c.begin({1, keyOf(1), 1, 1, true});
    c.begin({2, keyOf(2), 1, 1, false});
    Frames step1(60, 1, true, keyOf(1));
    Frames step1OtherRun(60, 1, true, keyOf(1, kRunKey + 1));
    Frames step0(60, 0, false, keyOf(0));
    c.classify(step1.frame(0, 5, 123), step1.size(), 0);
    c.classify(step1OtherRun.frame(0, 5, 123), step1OtherRun.size(), 0);
    // A tag no step of this classifier had.
    c.classify(step0.frame(0, 5), step0.size(), 0);
    expectCounts(c, {.foreign = 2, .late = 1});
}

void TestEngineSink::latencyPercentiles() {
    LatencyHistogram h;
    QCOMPARE(h.count(), 0u);
    QCOMPARE(h.quantile(0.5), 0u);
    // 1..10000: the median is 5000, p99 9900.
    for (uint64_t v = 10000; v >= 1; --v) {
        h.add(v);
    }
    QCOMPARE(h.count(), 10000u);
    QCOMPARE(h.min(), 1u);
    QCOMPARE(h.max(), 10000u);
    QVERIFY(qAbs(double(h.quantile(0.5)) / 5000 - 1) < 1.0 / 32);
    QVERIFY(qAbs(double(h.quantile(0.99)) / 9900 - 1) < 1.0 / 32);
    QCOMPARE(h.quantile(1.0), 10000u);
    // Exact below 32, and the extremes of the 64-bit range fit.
    LatencyHistogram small;
    for (uint64_t v : {3, 3, 3, 31}) {
        small.add(v);
    }
    QCOMPARE(small.quantile(0.5), 3u);
    QCOMPARE(small.quantile(1.0), 31u);
    small.add(UINT64_MAX);
    QCOMPARE(small.max(), UINT64_MAX);
    QCOMPARE(small.quantile(1.0), UINT64_MAX);
}

void TestEngineSink::latencyOfTimestampedPackets() {
    Frames f(60, kTag, true);
    SinkClassifier c = classifier(1, 1, true);
    for (uint32_t seq = 0; seq < 100; ++seq) {
        c.classify(f.frame(0, seq, 1000000), f.size(), 1000000 + 500 + seq);
    }
    // A duplicate adds no latency sample.
    c.classify(f.frame(0, 3, 1000000), f.size(), 1000000 + 99999);
    QCOMPARE(c.latency().count(), 100u);
    QCOMPARE(c.latency().min(), 500u);
    QCOMPARE(c.latency().max(), 599u);
    QVERIFY(qAbs(double(c.latency().quantile(0.5)) / 549 - 1) < 1.0 / 32);
}

QTEST_GUILESS_MAIN(TestEngineSink)
#include "tst_engine_sink.moc"
