// A real sweep with a sink, end to end through burstlab-cli: the engine on a
// veth pair in a network namespace the test creates, TX through a token
// bucket on its interface (tbf) that passes small frames at the paced rate
// and drops most of the large ones. The run's netdev text and `show` print
// what the sink received and lost per point and flag the large frames'
// point lossy; the small frames' point is not. Needs root for the namespace.
#include "NetNamespace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

} // namespace

class TestCliSinkLoss : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void aLossyPointIsFlagged();

  private:
    // burstlab-cli inside the namespace on the test's store; stdout, or
    // empty when it failed.
    QString cli(const QStringList &args);

    NetNamespace m_ns;
    QTemporaryDir m_dir;
};

void TestCliSinkLoss::initTestCase() {
    if (const QString why = m_ns.createOrWhyNot(); !why.isEmpty()) {
        QSKIP(qPrintable(why));
    }
    QVERIFY(m_ns.vethPair("va", "vb"));
    // 1 Mbit/s: the 1000 frames of 60 bytes a second the test paces pass
    // (480 kbit/s; the queue holds a catch-up burst of 500), 1400-byte ones
    // only 89 a second: most are dropped at any rate a busy host reaches.
    if (!NetNamespace::run(m_ns.exec() + QStringList{"tc", "qdisc", "add", "dev", "va", "root",
                                                     "tbf", "rate", "1mbit", "burst", "3000",
                                                     "limit", "30000"})) {
        QSKIP("no tbf qdisc in this kernel");
    }
}

QString TestCliSinkLoss::cli(const QStringList &args) {
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(m_ns.exec().first(),
            m_ns.exec().mid(1) + QStringList{kCli, "--db", m_dir.filePath("sink.sqlite")} + args);
    if (!p.waitForFinished(240000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

void TestCliSinkLoss::aLossyPointIsFlagged() {
    // The qdisc acts only when the TX socket does not bypass it.
    const QString netdev =
        cli({"sweep", "--vdev", "net_af_packet0,iface=va,qdisc_bypass=0", "--sink-vdev",
             "net_af_packet1,iface=vb,framecnt=4096", "--no-huge", "--sweep", "pkt_size=60,1400",
             "--set", "rate_pps=1000", "--set", "burst=1", "--set", "timestamp=true", "--reps", "2",
             "--duration-ms", "1000", "--sequential"});
    QVERIFY(!netdev.isEmpty());
    qInfo("%s", qPrintable(netdev));
    const QRegularExpression row(QStringLiteral(
        R"(\n pkt_size=(\d+) +(\d+) +(\d+) +(\d+\.\d\d)% +\d+ +\d+ +\d+( \*)?(?=\n))"));
    QMap<QString, QRegularExpressionMatch> rows;
    for (auto it = row.globalMatch(netdev); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        rows.insert(m.captured(1), m);
    }
    QVERIFY2(rows.contains("60") && rows.contains("1400"), qPrintable(netdev));
    QCOMPARE(rows["60"].captured(3), QStringLiteral("0"));
    QVERIFY(rows["60"].captured(5).isEmpty());
    QVERIFY(rows["1400"].captured(3).toLongLong() > 0);
    QCOMPARE(rows["1400"].captured(5), QStringLiteral(" *"));
    QVERIFY(netdev.contains(
        QRegularExpression(QStringLiteral(R"(pkt_size=1400 +tx:[^\n]*(\n   [^\n]*)*\[lossy\])"))));
    QVERIFY(netdev.contains("pkt_size=1400: lossy: "));
    QVERIFY(netdev.contains("Latency, ns (one-way on this host; TSC "));

    const QJsonArray runs = QJsonDocument::fromJson(cli({"runs", "--json"}).toUtf8()).array();
    QCOMPARE(runs.size(), 1);
    const QString show = cli({"show", QString::number(runs[0].toObject().value("id").toInteger())});
    qInfo("%s", qPrintable(show));
    QVERIFY(show.contains(QRegularExpression(
        QStringLiteral(R"(RECEIVED +LOST +LOSS% +DROPPED +FOREIGN +REORDERED +P50 NS)"))));
    QVERIFY(show.contains(QRegularExpression(QStringLiteral(R"(pkt_size=1400 .*lossy: )"))));
    QVERIFY(show.contains("  latency: one-way on this host; TSC "));
}

QTEST_GUILESS_MAIN(TestCliSinkLoss)
#include "tst_cli_sink_loss.moc"
