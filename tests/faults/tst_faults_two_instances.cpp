// Two burstlab-cli sweeps writing one store at the same time, each with its
// own engine, while a third process lists the runs over and over: nobody gets
// "database is locked", neither writer takes the other's live run for an
// interrupted one, the reader sees both runs while they run, and the file
// passes integrity_check with both runs complete. On PostgreSQL, as root, the
// two sweeps also run as two hosts into one database: each in a network
// namespace of its own with a host name of its own, reaching the server by
// its Unix socket (the file system is shared).
#include "CliRun.h"
#include "FaultTest.h"
#include "StoreCheck.h"

#include <QScopeGuard>
#include <QTest>
#include <unistd.h>

using namespace burstlab;

namespace {

QStringList sweepArgs(const QString &label) {
    // stats every 10 ms: each writer commits about a hundred samples a second
    return {QStringLiteral("sweep"),
            QStringLiteral("--memory-mb"),
            QStringLiteral("256"),
            QStringLiteral("--sweep"),
            QStringLiteral("burst=1..4"),
            QStringLiteral("--reps"),
            QStringLiteral("2"),
            QStringLiteral("--duration-ms"),
            QStringLiteral("150"),
            QStringLiteral("--set"),
            QStringLiteral("stats_ms=10"),
            QStringLiteral("--label"),
            label};
}

} // namespace

class TestFaultsTwoInstances : public FaultTest {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        if (!skipReason().isEmpty())
            QSKIP(qPrintable(skipReason()));
    }

    void twoWritersAndAReaderShareOneStore() {
        const QString db = this->db();
        CliRun a(db);
        CliRun b(db);
        a.start(sweepArgs(QStringLiteral("writer-a")));
        b.start(sweepArgs(QStringLiteral("writer-b")));

        int listings = 0;
        QSet<QString> seenRunning;
        QStringList problems;
        // Lists while either writer runs.
        while (a.running() || b.running()) {
            QString error;
            const QList<QVariantMap> listed = CliRun::runs(db, &error);
            ++listings;
            if (!error.isEmpty())
                problems << error;
            for (const QVariantMap &run : listed) {
                const QString status = run.value(QStringLiteral("status")).toString();
                if (status == QStringLiteral("running"))
                    seenRunning << run.value(QStringLiteral("label")).toString();
                if (status == QStringLiteral("interrupted"))
                    problems << QStringLiteral("a live run listed as interrupted");
            }
            QVERIFY2(listings < 2000, "the writers did not finish");
        }
        const CliResult ra = a.finish(30000);
        const CliResult rb = b.finish(30000);
        qInfo("%d listings while two sweeps wrote", listings);
        QVERIFY2(ra.code == 0, qPrintable(ra.err));
        QVERIFY2(rb.code == 0, qPrintable(rb.err));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        for (const QString &err : {ra.err, rb.err})
            QVERIFY2(!err.contains(QStringLiteral("locked")), qPrintable(err));
        QCOMPARE(seenRunning,
                 (QSet<QString>{QStringLiteral("writer-a"), QStringLiteral("writer-b")}));

        const QList<QVariantMap> runs = CliRun::runs(db);
        QCOMPARE(runs.size(), 2);
        for (const QVariantMap &run : runs) {
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
            QCOMPARE(run.value(QStringLiteral("steps")).toInt(), 8);
        }
        QCOMPARE(StoreCheck::integrity(db), QStringLiteral("ok"));
    }

    void twoHostsSweepIntoOneDatabase() {
        if (qEnvironmentVariable("BURSTLAB_TEST_STORE") != QLatin1String("postgresql"))
            QSKIP("hosts share a PostgreSQL database, not a SQLite file");
        if (geteuid() != 0)
            QSKIP("network namespaces (ip netns add) need root");
        const QString db = this->db();
        const QStringList hosts{QStringLiteral("host-a"), QStringLiteral("host-b")};
        QStringList namespaces;
        const auto removeNamespaces = qScopeGuard([&namespaces] {
            for (const QString &ns : namespaces)
                QProcess::execute(QStringLiteral("ip"),
                                  {QStringLiteral("netns"), QStringLiteral("delete"), ns});
        });
        for (const QString &host : hosts) {
            const QString ns = QStringLiteral("burstlab-%1-%2").arg(host).arg(getpid());
            if (QProcess::execute(QStringLiteral("ip"),
                                  {QStringLiteral("netns"), QStringLiteral("add"), ns}) != 0)
                QSKIP("ip netns add failed: no network namespaces here");
            namespaces << ns;
        }
        // In the namespace, a host name of its own (a UTS namespace), then the CLI.
        const auto launcher = [](const QString &ns, const QString &host) {
            return QStringList{QStringLiteral("ip"),
                               QStringLiteral("netns"),
                               QStringLiteral("exec"),
                               ns,
                               QStringLiteral("unshare"),
                               QStringLiteral("--uts"),
                               QStringLiteral("sh"),
                               QStringLiteral("-c"),
                               QStringLiteral("hostname \"$0\" && exec \"$@\""),
                               host};
        };
        // The store the test before left: these two runs come beside its runs.
        const qsizetype before = CliRun::runs(db).size();
        CliRun a(db);
        CliRun b(db);
        a.startIn(launcher(namespaces[0], hosts[0]), sweepArgs(hosts[0]));
        b.startIn(launcher(namespaces[1], hosts[1]), sweepArgs(hosts[1]));
        const CliResult ra = a.finish(60000);
        const CliResult rb = b.finish(60000);
        QVERIFY2(ra.code == 0, qPrintable(ra.err));
        QVERIFY2(rb.code == 0, qPrintable(rb.err));

        QStringList ids;
        for (const QString &host : hosts) {
            const QVariantMap run = CliRun::runLabelled(db, host);
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
            QCOMPARE(run.value(QStringLiteral("steps")).toInt(), 8);
            ids << run.value(QStringLiteral("id")).toString();
        }
        QCOMPARE(CliRun::runs(db).size(), before + 2);
        // Side by side: the two hosts' runs in one comparison.
        const CliResult compared = CliRun::run(db, QStringList{QStringLiteral("compare")} + ids);
        QVERIFY2(compared.code == 0, qPrintable(compared.err));
        // Each run's fingerprint names the host it ran on, and compare says they differ.
        QVERIFY2(compared.out.contains(QStringLiteral("hosts differ")), qPrintable(compared.out));
        for (const QString &host : hosts)
            QVERIFY2(compared.out.contains(host), qPrintable(compared.out));
    }
};

QTEST_GUILESS_MAIN(TestFaultsTwoInstances)
#include "tst_faults_two_instances.moc"
