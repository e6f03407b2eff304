// burstlab-cli store copy: a SQLite store's runs into a PostgreSQL database
// that already holds a run of its own, and from there into a new SQLite
// file. Every run arrives whole, under the receiving store's ids, with the
// same figures. Needs the throwaway PostgreSQL server (skipped, saying why,
// without one).
#include "StoreFixtures.h"
#include "ThrowawayPostgres.h"
#include "stats/PointStats.h"
#include "store/RunStore.h"
#include "store/StoreLocation.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <memory>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

struct CliResult {
    int code = -1;
    QString out;
    QString err;
};

CliResult cli(const QStringList &args) {
    QProcess p;
    p.start(kCli, args);
    CliResult r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestStoreCopy : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ThrowawayPostgres> m_server;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        m_server = std::make_unique<ThrowawayPostgres>();
        const QString error = m_server->start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void roundTripThroughPostgresKeepsEveryRun() {
        const QString source = m_dir.filePath("source.sqlite");
        {
            RunStore store;
            QVERIFY2(store.open(source), qPrintable(store.lastError()));
            const qint64 measured =
                store.createRun(sampleRun(QStringLiteral("measured"))).value_or(0);
            // Rates that are not whole numbers: doubles must cross both back ends exactly.
            QVERIFY(measure(store, measured, 1, 0, 4999999.123456789));
            QVERIFY(measure(store, measured, 1, 1, 5100000.5));
            QVERIFY(measure(store, measured, 2, 0, 7000000));
            LoadSample load;
            load.at = QDateTime::currentDateTimeUtc();
            load.load1 = 1.25;
            load.cpus = {1};
            load.onTxCpus = {QStringLiteral("cc1plus (4123) on CPU 1")};
            QVERIFY(store.addLoadSample(measured, load));
            QVERIFY(store.setRunStatus(measured, RunStatus::Completed));
            Run other = sampleRun(QStringLiteral("crashed"));
            other.label = QStringLiteral("patch2");
            other.tags = {QStringLiteral("x")};
            const qint64 failed = store.createRun(other).value_or(0);
            QVERIFY(measure(store, failed, 1, 0, 3000000));
            // A step the crash cut short: copied, not counted as a step, as `runs` counts.
            QVERIFY(store.beginStep(failed, Point{{AxisValue(2)}}, 0, 1));
            QVERIFY(
                store.setRunStatus(failed, RunStatus::Failed, QStringLiteral("engine crashed")));
        }
        QString error;
        const QString shared = m_server->createDatabase(QStringLiteral("shared"), &error);
        QVERIFY2(!shared.isEmpty(), qPrintable(error));
        {
            RunStore store;
            QVERIFY2(store.open(shared), qPrintable(store.lastError()));
            const auto id = store.createRun(sampleRun(QStringLiteral("already there")));
            QVERIFY2(id, qPrintable(store.lastError()));
            QVERIFY(store.setRunStatus(*id, RunStatus::Completed));
        }

        CliResult r = cli({QStringLiteral("store"), QStringLiteral("copy"), source, shared});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // The receiving store's ids: after the run it already held.
        QVERIFY2(r.out.contains(QStringLiteral("run 1 -> 2 (3 steps)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("run 2 -> 3 (1 steps)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("copied 2 runs, 0 already there")),
                 qPrintable(r.out));
        // Again: every run is found there, none copied twice.
        r = cli({QStringLiteral("store"), QStringLiteral("copy"), source, shared});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("run 1 = 2 (3 steps, "
                                               "already there)")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("copied 0 runs, 2 already there")),
                 qPrintable(r.out));

        const QString back = m_dir.filePath("back.sqlite");
        r = cli({QStringLiteral("store"), QStringLiteral("copy"), shared, back});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("copied 3 runs, 0 already there")),
                 qPrintable(r.out));

        RunStore from;
        RunStore middle;
        RunStore to;
        QVERIFY2(from.open(source), qPrintable(from.lastError()));
        QVERIFY2(middle.open(shared), qPrintable(middle.lastError()));
        QVERIFY2(to.open(back), qPrintable(to.lastError()));
        for (qint64 id : {1, 2}) {
            const auto original = from.loadRunData(id);
            const auto there = middle.loadRunData(id + 1);
            // Oldest first: the run already there was created after these two.
            const auto copy = to.loadRunData(id);
            QVERIFY2(original && there && copy, qPrintable(middle.lastError() + to.lastError()));
            QCOMPARE(withoutIds(*there).run, withoutIds(*original).run);
            QVERIFY(withoutIds(*there) == withoutIds(*original));
            QVERIFY(withoutIds(*copy) == withoutIds(*original));
            QCOMPARE(PointStats::bestPps(PointStats::ofRun(*copy)),
                     PointStats::bestPps(PointStats::ofRun(*original)));
        }
        // A counter the engine did not measure crosses both back ends as
        // NULL, one it measured as its number.
        const auto copied = to.loadRunData(1);
        QVERIFY(copied && copied->steps.size() == 3);
        QCOMPARE(copied->steps[0].samples.first().txCalls,
                 std::optional<qint64>(4999999 / 20 / 32));
        QVERIFY(!copied->steps[1].samples.first().txCalls);
        QVERIFY(!copied->steps[1].result.cyclesPerPkt);
        QCOMPARE(to.loadRun(3)->name, QStringLiteral("already there"));
        // The runs list, which reads the rate columns alone, agrees too.
        const auto listed = from.listRuns();
        const auto listedThere = middle.listRuns();
        const auto listedBack = to.listRuns();
        QVERIFY(listed && listedThere && listedBack);
        QCOMPARE(listedBack->size(), 3);
        QVERIFY(listed->last().bestPps);
        // Newest first: the run already there leads both lists.
        for (qsizetype i = 0; i < listed->size(); ++i) {
            for (const auto *list : {&*listedThere, &*listedBack}) {
                const RunSummary &run = list->at(i + 1);
                QCOMPARE(run.bestPps, listed->at(i).bestPps);
                QCOMPARE(run.steps, listed->at(i).steps);
                QCOMPARE(run.tags, listed->at(i).tags);
                QCOMPARE(toString(run.status), toString(listed->at(i).status));
            }
        }
    }

    // A password on the command line would sit in the shell's history and
    // the process list: it is refused, and not repeated.
    void passwordInTheConnectionIsRefused() {
        const QString uri = QStringLiteral("postgresql://burstlab:hunter2@/shared?host=%1")
                                .arg(m_server->socketDir());
        const CliResult r = cli({QStringLiteral("--db"), uri, QStringLiteral("runs")});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral(".pgpass")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("hunter2")), qPrintable(r.err));
        RunStore store;
        QVERIFY(!store.open(QStringLiteral("service=lab password=hunter2")));
        QVERIFY2(!store.lastError().contains(QStringLiteral("hunter2")),
                 qPrintable(store.lastError()));
    }

    // A malformed URI with a password is refused without repeating it:
    // the reason only, never QUrl's echo of the URI and its parts.
    void malformedConnectionsNeverShowTheirPassword_data() {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("reason");
        QTest::newRow("socket host and a port")
            << "postgresql://u:hunter2@%2Fnowhere%2Fpg:55432/db" << QString();
        QTest::newRow("bad port") << "postgresql://u:hunter2@localhost:99x/db"
                                  << "Invalid port";
        QTest::newRow("unclosed bracket") << "postgresql://u:hunter2@[::1/db"
                                          << "Expected ']'";
        QTest::newRow("space in the password") << "postgresql://u:hun ter2@localhost/db"
                                               << "Invalid password";
    }

    void malformedConnectionsNeverShowTheirPassword() {
        QFETCH(QString, uri);
        QFETCH(QString, reason);
        const CliResult r = cli({QStringLiteral("--db"), uri, QStringLiteral("runs")});
        QCOMPARE(r.code, 4);
        const QString secret = uri.contains(QStringLiteral("hun ter2")) ? QStringLiteral("ter2")
                                                                        : QStringLiteral("hunter2");
        QVERIFY2(!r.err.contains(secret) && !r.out.contains(secret), qPrintable(r.err));
        QVERIFY2(r.err.contains(reason), qPrintable(r.err));
        QVERIFY2(!StoreLocation::redacted(uri).contains(secret),
                 qPrintable(StoreLocation::redacted(uri)));
    }

    void redactionKeepsWhatIsNotAPassword() {
        QCOMPARE(StoreLocation::redacted(
                     QStringLiteral("postgresql://u:pw@db.lab/x?sslmode=verify-full")),
                 QStringLiteral("postgresql://u:***@db.lab/x?sslmode=verify-full"));
        QCOMPARE(StoreLocation::redacted(QStringLiteral("postgresql://u@localhost:5432/x")),
                 QStringLiteral("postgresql://u@localhost:5432/x"));
        QCOMPARE(StoreLocation::redacted(QStringLiteral("service=lab password='a b' user=u")),
                 QStringLiteral("service=lab password=*** user=u"));
        QCOMPARE(StoreLocation::redacted(QStringLiteral("/home/u/runs.sqlite")),
                 QStringLiteral("/home/u/runs.sqlite"));
    }

    // libpq takes a socket folder percent-encoded as the URI's host; so
    // does burstlab.
    void percentEncodedSocketFolderIsAHost() {
        const QString uri =
            QStringLiteral("postgresql://burstlab@%1/shared")
                .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_server->socketDir())));
        QVERIFY(uri.contains(QStringLiteral("%2F")));
        const CliResult r = cli({QStringLiteral("--db"), uri, QStringLiteral("runs")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestStoreCopy)
#include "tst_store_copy.moc"
