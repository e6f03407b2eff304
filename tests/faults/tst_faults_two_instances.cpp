// Two burstlab-cli sweeps writing one store at the same time, each with its
// own engine, while a third process lists the runs over and over: nobody gets
// "database is locked", neither writer takes the other's live run for an
// interrupted one, the reader sees both runs while they run, and the file
// passes integrity_check with both runs complete. (Two hosts writing one
// PostgreSQL database while a window watches: tests/ui/tst_twohosts_live.)
#include "CliRun.h"
#include "FaultTest.h"
#include "StoreCheck.h"
#include "ThrowawayPostgres.h"

#include <QDeadlineTimer>
#include <QTest>
#include <utility>

using namespace burstlab;

namespace {

// Stats every 10 ms: each writer commits about a hundred samples a second.
QStringList sweepArgs(const QString &label) {
    return CliRun::sweepArgs(label, 150, 10);
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
        // Lists while either writer runs. Only a hang is bounded: how many
        // listings fit in a sweep depends on how busy the host is.
        const QDeadlineTimer hang(60000);
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
            QVERIFY2(!hang.hasExpired(), "the writers did not finish in 60 s");
        }
        const CliResult ra = a.finish(30000);
        const CliResult rb = b.finish(30000);
        qInfo("%d listings while two sweeps wrote", listings);
        // The end of what a writer said (its error is its last line; the
        // message of a failed check is cut after about a kilobyte).
        QVERIFY2(ra.code == 0, qPrintable(ra.err.right(900)));
        QVERIFY2(rb.code == 0, qPrintable(rb.err.right(900)));
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

    // A viewer of a lab's database (docs/store-role.sql) lists and compares
    // the writers' runs; a sweep of its own is refused before it starts.
    void aViewerReadsButCannotSweep() {
        ThrowawayPostgres *server = this->server();
        if (!server)
            QSKIP("roles are PostgreSQL's");
        // store-role.sql may be run again for the same roles.
        const QString error = server->createStoreRoles(
            {QStringLiteral("login=lab_writer"), QStringLiteral("viewer=lab_viewer"),
             QStringLiteral("login=lab_writer"), QStringLiteral("viewer=lab_viewer")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto as = [server](const QString &login) { return server->storeUriAs(login); };
        const QString viewer = as(QStringLiteral("lab_viewer"));
        // Two tables of seed 000 (one file twice would be one import).
        for (const auto &[label, file] :
             {std::pair{QStringLiteral("base"), QStringLiteral("netdev_seed000_burst.txt")},
              std::pair{QStringLiteral("patched"), QStringLiteral("netdev_seed000_clone0.txt")}}) {
            const CliResult imported = CliRun::run(
                as(QStringLiteral("lab_writer")),
                {QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("netdev"),
                 QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/") + file,
                 QStringLiteral("--label"), label});
            QVERIFY2(imported.code == 0, qPrintable(imported.err));
        }

        const CliResult listed = CliRun::run(viewer, {QStringLiteral("runs")});
        QVERIFY2(listed.code == 0, qPrintable(listed.err));
        QVERIFY2(listed.out.contains(QStringLiteral("base")) &&
                     listed.out.contains(QStringLiteral("patched")),
                 qPrintable(listed.out));
        QVERIFY2(listed.err.contains(QStringLiteral("opened read-only (the role lab_viewer may "
                                                    "only read it)")),
                 qPrintable(listed.err));
        QStringList ids;
        for (const QVariantMap &run : CliRun::runs(viewer))
            ids << run.value(QStringLiteral("id")).toString();
        QCOMPARE(ids.size(), 2);
        const CliResult compared =
            CliRun::run(viewer, QStringList{QStringLiteral("compare")} + ids);
        QVERIFY2(compared.code == 0, qPrintable(compared.err));

        const CliResult refused = CliRun::run(viewer, sweepArgs(QStringLiteral("viewer")));
        qInfo("%s", qPrintable(refused.err.trimmed()));
        QCOMPARE(refused.code, 4);
        QVERIFY2(refused.err.contains(QStringLiteral("read-only for the role lab_viewer")),
                 qPrintable(refused.err));
        QCOMPARE(CliRun::runs(viewer).size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestFaultsTwoInstances)
#include "tst_faults_two_instances.moc"
