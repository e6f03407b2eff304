// The PostgreSQL server of a shared store dies in the middle of a
// burstlab-cli sweep. Restarted within the reconnect bound, the sweep goes
// on and the run is stored whole, nothing twice. Gone for good, the sweep
// goes on into a local copy: the CLI exits 5 naming the file and the
// `store copy` command, which, once the server is back, moves the run into
// the store with equal figures; the server's part of the run, its writer
// gone, is found interrupted. Needs the throwaway server (skipped, saying
// why, without one).
#include "CliRun.h"
#include "FaultTest.h"
#include "StoreCheck.h"
#include "ThrowawayPostgres.h"
#include "store/StoreReconnect.h"
#include "util/ShellText.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace burstlab;

namespace {

// A run's JSON without the ids each store gives its own rows (and the
// points' run names, "#<id> <label>", and the notes that start with one).
QJsonValue withoutIds(const QJsonValue &value) {
    if (value.isString()) {
        static const QRegularExpression runId(QStringLiteral("^#\\d+ "));
        return QString(value.toString()).replace(runId, QStringLiteral("#N "));
    }
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &v : value.toArray())
            array << withoutIds(v);
        return array;
    }
    if (!value.isObject())
        return value;
    QJsonObject object;
    const QJsonObject in = value.toObject();
    for (auto it = in.begin(); it != in.end(); ++it) {
        const bool runName = it.key() == QLatin1String("run") && it.value().isString();
        if (it.key() != QLatin1String("id") && it.key() != QLatin1String("run_id") &&
            it.key() != QLatin1String("step_id") && !runName)
            object.insert(it.key(), withoutIds(it.value()));
    }
    return object;
}

// What the CLI said about its store, for the log.
QString storeLines(const QString &err) {
    return err.split(QLatin1Char('\n')).filter(QStringLiteral("the store")).join(QLatin1Char('\n'));
}

QJsonValue shown(const QString &db, const QString &id, QString *error) {
    const CliResult r =
        CliRun::run(db, {QStringLiteral("show"), id, QStringLiteral("--json")}, 30000);
    *error += r.err;
    return withoutIds(QJsonDocument::fromJson(r.out.toUtf8()).object());
}

// Every step completed or invalid (run again), the planned number completed.
QString wholeRunProblem(const QStringList &states, int planned) {
    int completed = 0;
    for (const QString &state : states) {
        if (state.startsWith(QLatin1String("completed ")))
            ++completed;
        else if (!state.startsWith(QLatin1String("invalid ")))
            return QStringLiteral("a step is %1").arg(state);
    }
    if (completed != planned)
        return QStringLiteral("%1 steps completed, not %2").arg(completed).arg(planned);
    return {};
}

} // namespace

class TestFaultsDbServerKilled : public FaultTest {
    Q_OBJECT

    static constexpr int kSteps = 8;
    // What Qt's driver says when it cannot free a prepared statement.
    static inline const QString freeFailed = QStringLiteral("Unable to free statement");

    std::unique_ptr<ThrowawayPostgres> m_server;
    // The CLI's data folder: where a run is kept when the store is lost.
    QTemporaryDir m_data;

    QProcessEnvironment cliEnvironment() const {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_data.path());
        return env;
    }

    QStringList keptFiles() const {
        return QDir(m_data.filePath(QStringLiteral("burstlab")))
            .entryList({QStringLiteral("run-*.sqlite")}, QDir::Files);
    }

    // `burstlab-cli --db db store copies`, as the user types it: its output.
    QString storeCopies(const QString &db) const {
        QProcess cli;
        cli.setProcessEnvironment(cliEnvironment());
        cli.start(QCoreApplication::applicationDirPath() + QStringLiteral("/burstlab-cli"),
                  {QStringLiteral("--db"), db, QStringLiteral("store"), QStringLiteral("copies")});
        if (!cli.waitForFinished(30000) || cli.exitCode() != 0)
            return QStringLiteral("failed: ") + QString::fromUtf8(cli.readAllStandardError());
        return QString::fromUtf8(cli.readAllStandardOutput());
    }

    static void startSweep(CliRun &cli, const QString &label) {
        cli.start(CliRun::sweepArgs(label, 600, 20));
    }

  private slots:
    void initTestCase() {
        QVERIFY(prepare());
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QVERIFY(m_data.isValid());
        m_server = std::make_unique<ThrowawayPostgres>();
        const QString error = m_server->start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void sweepGoesOnWhenTheServerRestarts() {
        QString error;
        const QString db = m_server->createDatabase(QStringLiteral("restarted"), &error);
        QVERIFY2(!db.isEmpty(), qPrintable(error));
        const QString label = QStringLiteral("server-restarted");
        CliRun cli(db, cliEnvironment());
        startSweep(cli, label);
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 2/8"), 30000), qPrintable(cli.err()));
        QVERIFY(StoreCheck::waitInAStep(db, label, 20000));
        QCOMPARE(keptFiles().size(), 1); // the local copy, while the sweep runs

        m_server->stop();
        QVERIFY2(
            cli.waitForStderr(
                QStringLiteral("trying again for up to %1 s").arg(StoreReconnect::kBoundMs / 1000),
                30000),
            qPrintable(cli.err()));
        error = m_server->restart();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const CliResult done = cli.finish(60000);
        qInfo("the CLI said:\n%s", qPrintable(storeLines(done.err)));
        QVERIFY2(done.code == 0, qPrintable(done.err));
        // The dropped session's prepared statements are not freed on it.
        QVERIFY2(!done.err.contains(freeFailed), qPrintable(done.err));
        QVERIFY2(done.err.contains(QStringLiteral("connected to the store %1 again").arg(db)),
                 qPrintable(done.err));

        const QVariantMap run = CliRun::runLabelled(db, label);
        QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QString whole = wholeRunProblem(StoreCheck::stepStates(db, label), kSteps);
        QVERIFY2(whole.isEmpty(), qPrintable(whole));
        const QStringList twice = StoreCheck::duplicates(db, label);
        QVERIFY2(twice.isEmpty(), qPrintable(twice.join(QStringLiteral(", "))));
        // The server holds the run whole: no local copy is left behind.
        QVERIFY2(keptFiles().isEmpty(), qPrintable(keptFiles().join(QStringLiteral(", "))));
    }

    void runIsKeptLocallyWhenTheServerStaysDown() {
        QString error;
        const QString db = m_server->createDatabase(QStringLiteral("stays_down"), &error);
        QVERIFY2(!db.isEmpty(), qPrintable(error));
        const QString label = QStringLiteral("server-gone");
        CliRun cli(db, cliEnvironment());
        startSweep(cli, label);
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 2/8"), 30000), qPrintable(cli.err()));
        QVERIFY(StoreCheck::waitInAStep(db, label, 20000));
        m_server->stop();
        QVERIFY2(cli.waitForStderr(QStringLiteral("did not come back within"), 60000),
                 qPrintable(cli.err()));
        const CliResult kept = cli.finish(60000);
        qInfo("the CLI said:\n%s", qPrintable(storeLines(kept.err)));
        QCOMPARE(kept.code, 5);
        QVERIFY2(!kept.err.contains(freeFailed), qPrintable(kept.err));

        // It names the file, inside the data folder, and the command that moves the run.
        static const QRegularExpression keptIn(
            QStringLiteral("the run is kept locally in (\\S+) as run (\\d+)"));
        const auto match = keptIn.match(kept.err);
        QVERIFY2(match.hasMatch(), qPrintable(kept.err));
        const QString file = match.captured(1);
        const QString localId = match.captured(2);
        QVERIFY2(file.startsWith(m_data.filePath(QStringLiteral("burstlab/run-"))),
                 qPrintable(file));
        const QString copy = QStringLiteral("burstlab-cli store copy %1 %2")
                                 .arg(ShellText::quote(file), ShellText::quote(db));
        QVERIFY2(kept.err.contains(QStringLiteral("move it there with: %1\n").arg(copy)),
                 qPrintable(kept.err));

        // The file holds the whole run.
        const QVariantMap local = CliRun::runLabelled(file, label);
        QCOMPARE(local.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        QCOMPARE(local.value(QStringLiteral("id")).toString(), localId);
        const QString whole = wholeRunProblem(StoreCheck::stepStates(file, label), kSteps);
        QVERIFY2(whole.isEmpty(), qPrintable(whole));
        const QStringList twice = StoreCheck::duplicates(file, label);
        QVERIFY2(twice.isEmpty(), qPrintable(twice.join(QStringLiteral(", "))));

        // Back, the server finds its part of the run interrupted (its writer
        // is gone): the steps it got completed, the cut one with its samples.
        error = m_server->restart();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QVariantMap part = CliRun::runLabelled(db, label);
        QCOMPARE(part.value(QStringLiteral("status")).toString(), QStringLiteral("interrupted"));
        const QStringList states = StoreCheck::stepStates(db, label);
        QVERIFY2(states.size() >= 2 && states.last().startsWith(QStringLiteral("interrupted ")) &&
                     states.last() != QStringLiteral("interrupted 0"),
                 qPrintable(states.join(QStringLiteral(", "))));

        // `store copies` lists the file's run as missing from the server,
        // with the same command.
        const QString before = storeCopies(db);
        QVERIFY2(before.contains(QRegularExpression(QStringLiteral("%1 +%2 +completed +%3 .* no ")
                                                        .arg(QRegularExpression::escape(file))
                                                        .arg(localId)
                                                        .arg(kSteps))) &&
                     before.contains(QStringLiteral("to move: %1\n").arg(copy)),
                 qPrintable(before));

        // The command, as a shell runs it, moves the run there.
        QProcess shell;
        QProcessEnvironment env = cliEnvironment();
        env.insert(QStringLiteral("PATH"), QCoreApplication::applicationDirPath() +
                                               QLatin1Char(':') +
                                               env.value(QStringLiteral("PATH")));
        shell.setProcessEnvironment(env);
        shell.start(QStringLiteral("sh"), {QStringLiteral("-c"), copy});
        QVERIFY(shell.waitForFinished(30000));
        const QString copied = QString::fromUtf8(shell.readAllStandardOutput());
        QVERIFY2(shell.exitCode() == 0,
                 qPrintable(copied + QString::fromUtf8(shell.readAllStandardError())));
        const QRegularExpression moved(
            QStringLiteral("run %1 -> (\\d+) \\(%2 steps\\)").arg(localId).arg(kSteps));
        const auto to = moved.match(copied);
        QVERIFY2(to.hasMatch(), qPrintable(copied));
        QString showErrors;
        const QJsonValue there = shown(db, to.captured(1), &showErrors);
        const QJsonValue here = shown(file, localId, &showErrors);
        QVERIFY2(showErrors.isEmpty(), qPrintable(showErrors));
        QVERIFY(!there.toObject().isEmpty());
        QCOMPARE(there, here);
        const QString after = storeCopies(db);
        QVERIFY2(after.contains(QStringLiteral(" yes, run %1 ").arg(to.captured(1))) &&
                     after.contains(QStringLiteral("every run is in %1 already").arg(db)),
                 qPrintable(after));
    }
};

QTEST_GUILESS_MAIN(TestFaultsDbServerKilled)
#include "tst_faults_db_server_killed.moc"
