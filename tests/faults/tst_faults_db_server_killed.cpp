// The PostgreSQL server of a shared store dies in the middle of a
// burstlab-cli sweep: the CLI exits 4 naming the store, and once the server
// is back the run is intact and marked: its completed steps and the cut
// step's samples kept, the run interrupted (its writer's session and process
// are gone), and `sweep --resume` completes it. Needs the throwaway server
// (skipped, saying why, without one).
#include "CliRun.h"
#include "FaultTest.h"
#include "StoreCheck.h"
#include "ThrowawayPostgres.h"
#include "exchange/ShellText.h"

#include <QTest>
#include <memory>

using namespace burstlab;

class TestFaultsDbServerKilled : public FaultTest {
    Q_OBJECT

    std::unique_ptr<ThrowawayPostgres> m_server;
    QString m_db;

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        m_server = std::make_unique<ThrowawayPostgres>();
        QString error = m_server->start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_db = m_server->createDatabase(QStringLiteral("lab"), &error);
        QVERIFY2(!m_db.isEmpty(), qPrintable(error));
    }

    void runIsKeptAndInterruptedWhenTheServerDies() {
        CliRun cli(m_db);
        cli.start({QStringLiteral("sweep"), QStringLiteral("--memory-mb"), QStringLiteral("256"),
                   QStringLiteral("--sweep"), QStringLiteral("burst=1..4"),
                   QStringLiteral("--reps"), QStringLiteral("2"), QStringLiteral("--duration-ms"),
                   QStringLiteral("600"), QStringLiteral("--set"), QStringLiteral("stats_ms=20"),
                   QStringLiteral("--label"), QStringLiteral("server-killed")});
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 2/8"), 30000), qPrintable(cli.err()));
        // Killed once the running step has stored a sample, as a crash would.
        const auto inAStep = [this] {
            const QStringList states =
                StoreCheck::stepStates(m_db, QStringLiteral("server-killed"));
            return states.size() >= 2 && states.last().startsWith(QStringLiteral("running ")) &&
                   states.last() != QStringLiteral("running 0");
        };
        QTRY_VERIFY_WITH_TIMEOUT(inAStep(), 20000);
        m_server->stop();
        const CliResult killed = cli.finish(30000);
        // Its error line and the resume hint after it.
        qInfo("the CLI said: %s",
              qPrintable(killed.err.mid(killed.err.indexOf(QLatin1String("burstlab-cli sweep:")))));
        QCOMPARE(killed.code, 4);
        QVERIFY2(killed.err.contains(QStringLiteral("postgresql://")), qPrintable(killed.err));
        // Nothing could be marked failed: the hint says what the store holds,
        // and a command that a shell runs as it is (the URI's '?' quoted).
        QVERIFY2(killed.err.contains(QStringLiteral("the store's next open marks it interrupted, "
                                                    "keeping its stored steps; continue it with: "
                                                    "burstlab-cli --db %1 sweep --resume ")
                                         .arg(ShellText::quote(m_db))),
                 qPrintable(killed.err));
        QVERIFY(ShellText::quote(m_db) != m_db);

        const QString error = m_server->restart();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QVariantMap listed = CliRun::runLabelled(m_db, QStringLiteral("server-killed"));
        QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("interrupted"));
        const QStringList states = StoreCheck::stepStates(m_db, QStringLiteral("server-killed"));
        QVERIFY2(states.size() >= 2 && states.last().startsWith(QStringLiteral("interrupted ")) &&
                     states.last() != QStringLiteral("interrupted 0"),
                 qPrintable(states.join(QStringLiteral(", "))));
        for (const QString &state : states.mid(0, states.size() - 1))
            QVERIFY2(state.startsWith(QStringLiteral("completed ")) ||
                         state.startsWith(QStringLiteral("invalid ")),
                     qPrintable(state));

        const CliResult resumed =
            CliRun::run(m_db, {QStringLiteral("sweep"), QStringLiteral("--resume"),
                               listed.value(QStringLiteral("id")).toString()});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        const QVariantMap done = CliRun::runLabelled(m_db, QStringLiteral("server-killed"));
        QCOMPARE(done.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
    }
};

QTEST_GUILESS_MAIN(TestFaultsDbServerKilled)
#include "tst_faults_db_server_killed.moc"
