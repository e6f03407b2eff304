// net_pcap: the capture file holds exactly the packets the engine counted,
// of the requested sizes, as valid Ethernet/IPv4/UDP with correct IPv4
// checksums and no UDP checksum (0), each with its payload signature (one
// step tag per step, sequence numbers in order, each sent `clone` times),
// read back with libpcap (tst_engine_pcap_tshark reads them with tshark).
#include "EngineProcess.h"
#include "PcapCapture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestEnginePcap : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void captureHoldsTheCountedPackets();
    void defaultPortsOfManyFlowsAreNoKnownProtocol();
    void vlanTagWithCorrectChecksums();
    void cloneSendsEachBufferThatOften_data();
    void cloneSendsEachBufferThatOften();
};

void TestEnginePcap::captureHoldsTheCountedPackets() {
    // Under /tmp whatever TMPDIR says: the engine writes captures only into
    // the allow-listed pcap_dirs, /tmp by default.
    QTemporaryDir dir("/tmp/burstlab-pcap-XXXXXX");
    QVERIFY(dir.isValid());
    const QString file = dir.filePath("tx.pcap");
    EngineProcess engine(EngineProcess::vdevArgs("net_pcap0,tx_pcap=" + file));
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // A capture can be read: its packets carry the signature.
    QCOMPARE(engine.hello().value("signature").toObject().value("on").toBool(false), true);

    // Fresh packets with flows and timestamps, ended by a count...
    const QJsonObject a = engine.runStep({{"count", 1000},
                                          {"pkt_size", 128},
                                          {"flows", 16},
                                          {"timestamp", true},
                                          {"burst", 32},
                                          {"run_key", 1}});
    QCOMPARE(a.value("reason").toString(), QStringLiteral("count"));
    QCOMPARE(a.value("tx_pkts").toInteger(), 1000);
    QCOMPARE(a.value("mbufs_in_use").toInteger(), 0);
    // ...then clones of minimum size, ended by time.
    const QJsonObject b = engine.runStep({{"duration_ms", 30},
                                          {"pkt_size", 60},
                                          {"clone", 10},
                                          {"flows", 3},
                                          {"rate_pps", 200000},
                                          {"run_key", 1}});
    QCOMPARE(b.value("reason").toString(), QStringLiteral("duration"));
    const qint64 sentB = b.value("tx_pkts").toInteger();
    QVERIFY(sentB > 0);
    QCOMPARE(b.value("mbufs_in_use").toInteger(), 0);
    // The capture file is complete once the port is closed.
    engine.send({{"cmd", "shutdown"}, {"id", 1}});
    QVERIFY(engine.waitForExit(5000));
    QCOMPARE(engine.exitCode(), 0);

    const QList<Frame> frames = readPcap(file);
    QCOMPARE(qint64(frames.size()), 1000 + sentB);
    QSet<QByteArray> flowsA;
    QSet<QByteArray> flowsB;
    const quint8 tagA = signatureOf(frames.first().bytes).step;
    const quint8 tagB = signatureOf(frames.last().bytes).step;
    QVERIFY(tagA != tagB);
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const QByteArray &f = frames[i].bytes;
        const bool inA = i < 1000;
        QCOMPARE(f.size(), inA ? 128 : 60);
        QCOMPARE(frames[i].wireLength, quint32(f.size()));
        const QString problem = checkFrame(f);
        QVERIFY2(problem.isEmpty(), qPrintable(QString("frame %1: %2").arg(i).arg(problem)));
        // Flow = destination IP and UDP source port.
        (inA ? flowsA : flowsB).insert(f.mid(30, 4) + f.mid(34, 2));
        // One TX lcore: stream 0, numbered from 0 in each step; a clone
        // carries its original's number, so step B's change every 10 packets.
        const Signature sig = signatureOf(f);
        QCOMPARE(sig.step, inA ? tagA : tagB);
        QCOMPARE(sig.stream, quint8(0));
        QCOMPARE(sig.seq, quint32(inA ? i : (i - 1000) / 10));
        // The TSC timestamp only where asked for; without it the field holds
        // the step's key word, the same in each packet, as the IPv4
        // identification (its low 16 bits) is in each of the step's packets.
        if (inA) {
            QVERIFY(f.mid(46, 8) != QByteArray(8, '\0'));
        } else {
            QCOMPARE(f.mid(46, 8), frames.last().bytes.mid(46, 8));
            QCOMPARE(f.mid(18, 2), f.mid(47, 1) + f.mid(46, 1));
        }
        QCOMPARE(f.mid(18, 2), frames[inA ? 0 : frames.size() - 1].bytes.mid(18, 2));
    }
    // The same run key, other steps: other key words.
    QVERIFY(frames.first().bytes.mid(18, 2) != frames.last().bytes.mid(18, 2));
    QCOMPARE(flowsA.size(), 16);
    QCOMPARE(flowsB.size(), sentB >= 30 ? 3 : flowsB.size());
}

void TestEnginePcap::defaultPortsOfManyFlowsAreNoKnownProtocol() {
    // 64 flows with the default ports: once they counted up from port 9,
    // through DNS (53) and BOOTP (67, 68), so captures showed the engine's
    // packets as those protocols, malformed. Every port now is a dynamic one.
    QTemporaryDir dir("/tmp/burstlab-pcap-XXXXXX");
    QVERIFY(dir.isValid());
    const QString file = dir.filePath("flows.pcap");
    const QList<Frame> frames = captureSteps(file, {{{"count", 256}, {"flows", 64}}});
    QCOMPARE(frames.size(), 256);
    QSet<quint16> sources;
    for (const Frame &f : frames) {
        QVERIFY(checkFrame(f.bytes).isEmpty());
        QVERIFY2(
            be16(f.bytes, 34) >= 1024 && be16(f.bytes, 36) >= 1024,
            qPrintable(QString("ports %1 -> %2").arg(be16(f.bytes, 34)).arg(be16(f.bytes, 36))));
        sources.insert(be16(f.bytes, 34));
    }
    QCOMPARE(sources.size(), 64);
}

void TestEnginePcap::vlanTagWithCorrectChecksums() {
    QTemporaryDir dir("/tmp/burstlab-pcap-XXXXXX");
    QVERIFY(dir.isValid());
    const QString file = dir.filePath("vlan.pcap");
    EngineProcess engine(EngineProcess::vdevArgs("net_pcap0,tx_pcap=" + file));
    QVERIFY2(engine.start(), engine.stderrText().constData());
    // The hello announces both, with their ranges.
    const QJsonObject limits = engine.hello().value("limits").toObject();
    QCOMPARE(limits.value("vlan").toArray(), QJsonArray({0, 4094}));
    QCOMPARE(limits.value("vlan_pcp").toArray(), QJsonArray({0, 7}));
    // The tag is part of pkt_size: a tagged frame of 60 bytes cannot hold
    // the signature.
    const QJsonObject small = engine.request(
        {{"cmd", "start"}, {"id", 900}, {"vlan", 100}, {"pkt_size", 60}, {"count", 1}});
    QCOMPARE(small.value("ok").toBool(), false);
    QCOMPARE(small.value("error").toObject().value("field").toString(), QStringLiteral("pkt_size"));
    const QJsonObject pcpAlone =
        engine.request({{"cmd", "start"}, {"id", 901}, {"vlan_pcp", 3}, {"count", 1}});
    QCOMPARE(pcpAlone.value("error").toObject().value("field").toString(),
             QStringLiteral("vlan_pcp"));

    const QJsonObject f = engine.runStep({{"count", 200},
                                          {"pkt_size", 128},
                                          {"flows", 4},
                                          {"timestamp", true},
                                          {"vlan", 100},
                                          {"vlan_pcp", 5}});
    QCOMPARE(f.value("tx_pkts").toInteger(), 200);
    // 128 bytes a frame, tag included, in the step's byte count.
    QCOMPARE(f.value("tx_bytes").toInteger(), 200 * 128);
    QCOMPARE(f.value("params").toObject().value("vlan").toInt(), 100);
    QCOMPARE(f.value("params").toObject().value("vlan_pcp").toInt(), 5);
    engine.send({{"cmd", "shutdown"}, {"id", 1}});
    QVERIFY(engine.waitForExit(5000));

    const QList<Frame> frames = readPcap(file);
    QCOMPARE(frames.size(), 200);
    for (const Frame &frame : frames) {
        const QByteArray &b = frame.bytes;
        QCOMPARE(b.size(), 128);
        QCOMPARE(be16(b, 12), quint16(0x8100));
        QCOMPARE(be16(b, 14), quint16(5 << 13 | 100)); // PCP 5, DEI 0, VID 100
        // Without its tag, the frame is the untagged one, checksums and all.
        QByteArray untagged = b;
        untagged.remove(12, 4);
        const QString problem = checkFrame(untagged);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

void TestEnginePcap::cloneSendsEachBufferThatOften_data() {
    QTest::addColumn<int>("clone");
    QTest::addColumn<int>("sends");
    // As kernel pktgen's clone_skb: 0 and 1 both send every buffer once.
    QTest::newRow("clone 0") << 0 << 1;
    QTest::newRow("clone 1") << 1 << 1;
    QTest::newRow("clone 3") << 3 << 3;
    QTest::newRow("clone 40") << 40 << 40;
}

void TestEnginePcap::cloneSendsEachBufferThatOften() {
    QFETCH(int, clone);
    QFETCH(int, sends);
    QTemporaryDir dir("/tmp/burstlab-pcap-XXXXXX");
    QVERIFY(dir.isValid());
    // Bursts of 7: a buffer's sends reach across bursts.
    const QList<Frame> frames = captureSteps(
        dir.filePath("clone.pcap"),
        {{{"count", 250}, {"burst", 7}, {"clone", clone}, {"flows", 4}, {"timestamp", true}}});
    QCOMPARE(frames.size(), 250);
    for (qsizetype i = 0; i < frames.size(); ++i) {
        QVERIFY(checkFrame(frames[i].bytes).isEmpty());
        const qsizetype buffer = i / sends;
        QCOMPARE(signatureOf(frames[i].bytes).seq, quint32(buffer));
        // Copies of one buffer are the same bytes; each buffer is the next flow.
        if (i % sends != 0) {
            QCOMPARE(frames[i].bytes, frames[i - 1].bytes);
        }
        QCOMPARE(be16(frames[i].bytes, 34), quint16(be16(frames[0].bytes, 34) + buffer % 4));
    }
}

QTEST_GUILESS_MAIN(TestEnginePcap)
#include "tst_engine_pcap.moc"
