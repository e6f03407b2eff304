// What the engine writes through net_pcap, read by an independent dissector:
// tshark finds good IPv4 checksums, no UDP checksum and the right lengths
// for fresh and cloned packets, no known protocol on the default ports of
// many flows, and the 802.1Q tag. A test of its own so that, where tshark is
// missing, CTest reports it skipped instead of hiding the skip in a pass.
#include "PcapCapture.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestEnginePcapTshark : public QObject {
    Q_OBJECT

    QString m_tshark;
    QTemporaryDir m_dir{QStringLiteral("/tmp/burstlab-pcap-XXXXXX")};

    // tshark's fields of every frame of file, one line per frame.
    QList<QByteArray> fields(const QString &file, const QStringList &names) {
        QStringList args{
            "-r", file,    "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE",
            "-T", "fields"};
        for (const QString &f : names) {
            args << "-e" << f;
        }
        QProcess t;
        t.start(m_tshark, args);
        if (!t.waitForFinished(60000)) {
            qWarning("tshark did not finish: %s", qPrintable(t.errorString()));
            return {};
        }
        return t.readAllStandardOutput().trimmed().split('\n');
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_tshark = QStandardPaths::findExecutable("tshark");
        if (m_tshark.isEmpty()) {
            QSKIP("tshark is not installed (installer/bootstrap-debian.sh installs it)");
        }
        QVERIFY(m_dir.isValid());
    }

    void checksumsAndLengthsOfFreshAndClonedPackets() {
        const QString file = m_dir.filePath("tx.pcap");
        const QList<Frame> frames = captureSteps(
            file, {{{"count", 1000}, {"pkt_size", 128}, {"flows", 16}, {"timestamp", true}},
                   {{"count", 300}, {"pkt_size", 60}, {"clone", 10}, {"flows", 3}}});
        QCOMPARE(frames.size(), 1300);
        const QList<QByteArray> lines =
            fields(file, {"ip.checksum.status", "udp.checksum", "udp.length"});
        QCOMPARE(lines.size(), 1300);
        for (qsizetype i = 0; i < lines.size(); ++i) {
            // IPv4 checksum status 1 = good; no UDP checksum; the UDP length of the frame.
            QCOMPARE(lines[i], QByteArray("1\t0x0000\t") + (i < 1000 ? "94" : "26"));
        }
    }

    void defaultPortsOfManyFlowsAreNoKnownProtocol() {
        const QString file = m_dir.filePath("flows.pcap");
        QCOMPARE(captureSteps(file, {{{"count", 256}, {"flows", 64}}}).size(), 256);
        const QList<QByteArray> lines =
            fields(file, {"udp.srcport", "udp.dstport", "_ws.col.Protocol", "_ws.malformed",
                          "frame.number"});
        QCOMPARE(lines.size(), 256);
        for (const QByteArray &line : lines) {
            const QList<QByteArray> f = line.split('\t');
            QCOMPARE(f.size(), 5);
            QVERIFY2(f[0].toInt() >= 1024 && f[1].toInt() >= 1024, line.constData());
            // No dissector claims the ports: Wireshark's pktgen dissector
            // knows the signature's magic, and nothing is malformed.
            QCOMPARE(f[2], QByteArray("PKTGEN"));
            QCOMPARE(f[3], QByteArray());
        }
    }

    void vlanTagWithCorrectChecksums() {
        const QString file = m_dir.filePath("vlan.pcap");
        QCOMPARE(captureSteps(file, {{{"count", 200},
                                      {"pkt_size", 128},
                                      {"flows", 4},
                                      {"timestamp", true},
                                      {"vlan", 100},
                                      {"vlan_pcp", 5},
                                      {"tos", 0xb8}}})
                     .size(),
                 200);
        const QList<QByteArray> lines =
            fields(file, {"vlan.id", "vlan.priority", "ip.checksum.status", "udp.checksum",
                          "udp.length", "frame.len", "ip.dsfield", "_ws.malformed"});
        qInfo("tshark: %s", lines.first().constData());
        QCOMPARE(lines.size(), 200);
        for (const QByteArray &line : lines) {
            // VLAN 100, priority 5, IPv4 checksum good (1), no UDP checksum,
            // UDP length 128 - 18 - 20, TOS EF, nothing malformed.
            const QList<QByteArray> f = line.split('\t');
            QCOMPARE(f.mid(0, 7),
                     (QList<QByteArray>{"100", "5", "1", "0x0000", "90", "128", "0xb8"}));
            QCOMPARE(f.value(7), QByteArray());
        }
    }
};

QTEST_GUILESS_MAIN(TestEnginePcapTshark)
#include "tst_engine_pcap_tshark.moc"
