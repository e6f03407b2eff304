#include "StoreFixtures.h"
#include "ThrowawayPostgres.h"
#include "exchange/ImportFormat.h"
#include "stats/PointStats.h"
#include "store/LocalActor.h"
#include "store/RunImport.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/SqlDialect.h"
#include "store/StoreLocation.h"
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

using namespace burstlab;

namespace {

// A connection of its own to the store at location (a file or a PostgreSQL URI).
QSqlDatabase rawDatabase(const QString &location, const QString &name) {
    QString error;
    const auto where = StoreLocation::parse(location, &error);
    return where ? where->addDatabase(name) : QSqlDatabase();
}

int countRows(const QString &location, const QString &table) {
    int n = -1;
    {
        QSqlDatabase db = rawDatabase(location, QStringLiteral("raw-count"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("SELECT count(*) FROM ") + table) && q.next())
                n = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase("raw-count");
    return n;
}

// Runs statements on file through a connection of its own, as an older
// burstlab (or another program) would; the first failure, else empty.
QString writeRaw(const QString &file, const QStringList &statements) {
    QString error;
    {
        QSqlDatabase db = rawDatabase(file, QStringLiteral("raw-write"));
        if (!db.open())
            error = db.lastError().text();
        QSqlQuery q(db);
        for (const QString &sql : statements) {
            if (error.isEmpty() && !q.exec(sql))
                error = q.lastError().text() + QStringLiteral(": ") + sql;
        }
    }
    QSqlDatabase::removeDatabase("raw-write");
    return error;
}

} // namespace

// BURSTLAB_TEST_STORE=postgresql runs every test that is not about a
// SQLite file against a throwaway PostgreSQL server, a database per store.
class TestRunStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ThrowawayPostgres> m_server;
    QSet<QString> m_databases;

    // The store called name: a file, or a database on the server.
    QString file(const QString &name) {
        if (!m_server)
            return m_dir.filePath(name);
        const QString database = ThrowawayPostgres::databaseName(name);
        if (m_databases.contains(database))
            return m_server->writerUri(database);
        QString error;
        const QString uri = m_server->createDatabase(database, &error);
        if (uri.isEmpty())
            qFatal("%s", qPrintable(error));
        m_databases.insert(database);
        return uri;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        if (qEnvironmentVariable("BURSTLAB_TEST_STORE") != QLatin1String("postgresql"))
            return;
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        m_server = std::make_unique<ThrowawayPostgres>();
        const QString error = m_server->start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void defaultPathIsSharedByEveryProgram() {
        const QString before = RunStore::defaultPath();
        QCOMPARE(before, QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
                             QStringLiteral("/burstlab/burstlab.sqlite"));
        // The GUI sets an organisation name, the CLI does not: same store.
        const QString organisation = QCoreApplication::organizationName();
        QCoreApplication::setOrganizationName(QStringLiteral("burstlab"));
        const QString after = RunStore::defaultPath();
        QCoreApplication::setOrganizationName(organisation);
        QCOMPARE(after, before);
    }

    void createLoadUpdateDelete() {
        RunStore store;
        QVERIFY2(store.open(file("crud.sqlite")), qPrintable(store.lastError()));
        const Run run = sampleRun(QStringLiteral("first"));
        const auto id = store.createRun(run);
        QVERIFY2(id, qPrintable(store.lastError()));

        auto loaded = store.loadRun(*id);
        QVERIFY2(loaded, qPrintable(store.lastError()));
        QCOMPARE(loaded->name, run.name);
        QCOMPARE(loaded->label, run.label);
        QCOMPARE(loaded->spec, run.spec);
        QCOMPARE(loaded->hello, run.hello);
        QCOMPARE(loaded->checklist, run.checklist);
        QCOMPARE(toString(loaded->status), toString(RunStatus::Running));
        QCOMPARE(loaded->tags, (QStringList{QStringLiteral("burst"), QStringLiteral("null")}));
        QVERIFY(loaded->created.isValid());

        loaded->name = QStringLiteral("renamed");
        loaded->label = QStringLiteral("patch2");
        loaded->tags = {QStringLiteral("x")};
        QVERIFY2(store.updateRun(*loaded), qPrintable(store.lastError()));
        QVERIFY(store.setRunStatus(*id, RunStatus::Failed, QStringLiteral("engine crashed")));
        const auto again = store.loadRun(*id);
        QCOMPARE(again->name, QStringLiteral("renamed"));
        QCOMPARE(again->label, QStringLiteral("patch2"));
        QCOMPARE(again->tags, QStringList{QStringLiteral("x")});
        QCOMPARE(toString(again->status), toString(RunStatus::Failed));
        QCOMPARE(again->error, QStringLiteral("engine crashed"));

        const auto list = store.listRuns();
        QVERIFY(list);
        QCOMPARE(list->size(), 1);
        QCOMPARE(list->first().device, QStringLiteral("net_null0 (net_null)"));
        QCOMPARE(list->first().sweep, QStringLiteral("burst=1,2; 2 reps x 1000 ms"));
        QVERIFY(!list->first().bestPps);

        QVERIFY(store.deleteRun(*id));
        QVERIFY(!store.loadRun(*id));
        QVERIFY(store.lastError().contains(QStringLiteral("no run")));
        QVERIFY(!store.deleteRun(*id));
        Run missing = sampleRun(QStringLiteral("ghost"));
        missing.id = 4242;
        QVERIFY(!store.updateRun(missing));
        QVERIFY(store.lastError().contains(QStringLiteral("4242")));
    }

    void stepsSamplesAndCascade() {
        const QString path = file("cascade.sqlite");
        qint64 runId = 0;
        {
            RunStore store;
            QVERIFY2(store.open(path), qPrintable(store.lastError()));
            runId = store.createRun(sampleRun(QStringLiteral("steps"))).value_or(0);
            QVERIFY(measure(store, runId, 1, 0, 5000000));
            QVERIFY(measure(store, runId, 1, 1, 5100000));
            const qint64 last = measure(store, runId, 2, 0, 7000000);
            QVERIFY(last);
            const auto steps = store.stepsOf(runId);
            QVERIFY(steps);
            QCOMPARE(steps->size(), 3);
            QCOMPARE(steps->at(2).point, Point{{AxisValue(2)}});
            QCOMPARE(steps->at(2).pps, 7000000.0);
            QCOMPARE(*steps->at(2).nsPerPacket(), 1e9 / 7000000.0);
            QCOMPARE(toString(steps->at(2).status), toString(RunStatus::Completed));
            const auto samples = store.samplesOf(last);
            QVERIFY(samples);
            QCOMPARE(samples->size(), 1);
            QCOMPARE(samples->first().txPkts, qint64(350000));

            // burst=1 has both reps, burst=2 only one of two.
            const auto done = store.completedPoints(runId);
            QVERIFY2(done, qPrintable(store.lastError()));
            QCOMPARE(*done, QList<Point>{Point{{AxisValue(1)}}});

            const auto list = store.listRuns();
            QCOMPARE(list->first().bestPps.value_or(0), 7000000.0);
            QCOMPARE(list->first().steps, 3);

            QVERIFY(store.deleteRun(runId));
        }
        QCOMPARE(countRows(path, QStringLiteral("steps")), 0);
        QCOMPARE(countRows(path, QStringLiteral("samples")), 0);
        QCOMPARE(countRows(path, QStringLiteral("tags")), 0);
    }

    void pragmasAfterOpen() {
        if (m_server)
            QSKIP("SQLite's pragmas");

        RunStore store;
        QVERIFY(store.open(file("pragmas.sqlite")));
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "pragmas");
        db.setDatabaseName(file("pragmas.sqlite"));
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), RunStore::schemaVersion);
        q = QSqlQuery();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase("pragmas");
    }

    // The store names a sample's counters by Sample's one list: the schema
    // must hold exactly those columns, and a sample reads back whole.
    void sampleColumnsAreSampleCounters() {
        const QString path = file("columns.sqlite");
        RunStore store;
        QVERIFY(store.open(path));
        QStringList counters;
        const Sample none;
        Sample::forEachCounter(
            none, [&](const QString &name, const auto &, FieldNeed) { counters << name; });
        QStringList columns;
        {
            QSqlDatabase db = rawDatabase(path, QStringLiteral("columns"));
            QVERIFY(db.open());
            const QSqlRecord record = db.record(QStringLiteral("samples"));
            for (int i = 0; i < record.count(); ++i)
                columns << record.fieldName(i);
            columns.removeAll(QStringLiteral("id"));
            columns.removeAll(QStringLiteral("step_id"));
        }
        QSqlDatabase::removeDatabase("columns");
        // Migrations append columns: the names matter, not their order.
        columns.sort();
        counters.sort();
        QCOMPARE(columns, counters);

        const auto runId = store.createRun(sampleRun(QStringLiteral("columns")));
        QVERIFY2(runId, qPrintable(store.lastError()));
        const auto stepId = store.beginStep(*runId, Point{{AxisValue(1)}}, 0, 0);
        QVERIFY(stepId);
        Sample s;
        qint64 next = 1;
        Sample::forEachCounter(s, [&](const QString &, auto &value, FieldNeed) { value = next++; });
        QVERIFY2(store.addSample(*stepId, s), qPrintable(store.lastError()));
        const auto back = store.samplesOf(*stepId);
        QVERIFY(back && back->size() == 1);
        s.stepId = *stepId;
        QCOMPARE(back->first(), s);
    }

    void migrationFromVersion1() {
        if (m_server)
            QSKIP("a SQLite file of schema 1: PostgreSQL stores start at schema 6");

        const QString path = file("v1.sqlite");
        // The schema as the first release wrote it: no tags, no owner.
        const QString error = writeRaw(
            path,
            {"CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', "
             "label TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '', created TEXT "
             "NOT NULL, status TEXT NOT NULL, error TEXT NOT NULL DEFAULT '', sweep TEXT NOT "
             "NULL DEFAULT '{}', hello TEXT NOT NULL DEFAULT '{}', fingerprint TEXT NOT NULL "
             "DEFAULT '{}', checklist TEXT NOT NULL DEFAULT '[]', source TEXT NOT NULL "
             "DEFAULT 'engine')",
             "CREATE TABLE steps (id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES "
             "runs(id) ON DELETE CASCADE, seq INTEGER NOT NULL, point TEXT NOT NULL, "
             "point_key TEXT NOT NULL, rep INTEGER NOT NULL, status TEXT NOT NULL, started "
             "TEXT NOT NULL DEFAULT '', finished TEXT NOT NULL DEFAULT '', totals TEXT NOT "
             "NULL DEFAULT '{}', pps REAL NOT NULL DEFAULT 0, ns_per_pkt REAL NOT NULL DEFAULT "
             "0, tx_pkts INTEGER NOT NULL DEFAULT 0, elapsed_ns INTEGER NOT NULL DEFAULT 0, "
             "cycles_per_pkt REAL NOT NULL DEFAULT 0, pps_after_warmup REAL, error TEXT NOT "
             "NULL DEFAULT '')",
             "CREATE INDEX steps_run ON steps(run_id, seq)",
             "CREATE TABLE samples (id INTEGER PRIMARY KEY, step_id INTEGER NOT NULL "
             "REFERENCES steps(id) ON DELETE CASCADE, t_ns INTEGER NOT NULL, tx_pkts INTEGER "
             "NOT NULL, tx_bytes INTEGER NOT NULL, tx_calls INTEGER NOT NULL, ring_full "
             "INTEGER NOT NULL, retries INTEGER NOT NULL, alloc_fail INTEGER NOT NULL, "
             "busy_cycles INTEGER NOT NULL, rx_pkts INTEGER NOT NULL)",
             "CREATE INDEX samples_step ON samples(step_id, t_ns)",
             "INSERT INTO runs (name, label, created, status, sweep) VALUES ('old', 'v1run', "
             "'2025-01-02T03:04:05.000Z', 'completed', '{\"axes\":[{\"name\":\"burst\","
             "\"values\":[1,8]}],\"reps\":1}')",
             "INSERT INTO runs (name, created, status) VALUES ('crashed', "
             "'2025-01-02T04:00:00.000Z', 'running')",
             "INSERT INTO steps (run_id, seq, point, point_key, rep, status, pps) VALUES (1, "
             "0, '[8]', '8', 0, 'completed', 6000000)",
             "PRAGMA user_version=1"});
        QVERIFY2(error.isEmpty(), qPrintable(error));

        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        // A v1 run left running has no owner: it is recovered.
        QCOMPARE(store.recoveredOnOpen(), QList<qint64>{2});
        const auto run = store.loadRun(1);
        QVERIFY2(run, qPrintable(store.lastError()));
        QCOMPARE(run->label, QStringLiteral("v1run"));
        QCOMPARE(run->spec.axes.first().describe(), QStringLiteral("burst=1,8"));
        QVERIFY(run->tags.isEmpty());
        Run tagged = *run;
        tagged.tags = {QStringLiteral("migrated")};
        QVERIFY2(store.updateRun(tagged), qPrintable(store.lastError()));
        QCOMPARE(store.loadRun(1)->tags, QStringList{QStringLiteral("migrated")});
        QCOMPARE(store.stepsOf(1)->first().pps, 6000000.0);
        QCOMPARE(toString(store.loadRun(2)->status), toString(RunStatus::Interrupted));
    }

    void migrationFromVersion2() {
        if (m_server)
            QSKIP("a SQLite file of schema 2: PostgreSQL stores start at schema 6");

        const QString path = file("v2.sqlite");
        const QString hello =
            QStringLiteral(R"({"type":"hello","ports":[{"name":"net_null0","driver":"net_null",)"
                           R"("link_speed_mbps":10000}],"dpdk":"22.11.11"})");
        // A store as schema 2 left it, built by its own (frozen) migrations,
        // holding what burstlab wrote then.
        QStringList schema;
        for (int version = 0; version < 2; ++version)
            schema
                << Schema::migrations(SqlDialect::of(StoreLocation::Kind::SqliteFile)).at(version);
        const QStringList sql{
            QStringLiteral("INSERT INTO runs (name, label, notes, created, status, sweep, "
                           "hello, fingerprint, checklist) VALUES ('measured', 'baseline', "
                           "'kept', '2025-03-01T10:00:00.000Z', 'completed', "
                           "'{\"axes\":[{\"name\":\"burst\",\"values\":[1,8]}],"
                           "\"reps\":2}', '%1', '{\"kernel_release\":\"6.1.0\"}', "
                           "'[{\"id\":\"smt\",\"status\":\"pass\"}]')")
                .arg(hello),
            // Left running by a process that is gone, with a hello that is not JSON.
            QStringLiteral("INSERT INTO runs (name, label, created, status, hello, owner) "
                           "VALUES ('crashed', 'patch1', '2025-03-02T10:00:00.000Z', "
                           "'running', 'not json', '2147483646:1:1')"),
            QStringLiteral("INSERT INTO runs (name, created, status, source) VALUES "
                           "('imported', '2025-03-03T10:00:00.000Z', 'completed', "
                           "'import:pktgen')"),
            QStringLiteral("INSERT INTO tags (run_id, tag) VALUES (1, 'null'), (1, 'burst'), "
                           "(3, 'pktgen')"),
            QStringLiteral("INSERT INTO steps (run_id, seq, point, point_key, rep, status, "
                           "totals, pps, pps_after_warmup) VALUES "
                           "(1, 0, '[1]', '1', 0, 'completed', '{\"pps\":5000000}', "
                           "5000000, 5100000), "
                           "(1, 1, '[8]', '8', 0, 'completed', '{}', 9000000, NULL), "
                           "(1, 2, '[8]', '8', 1, 'failed', '{}', 99000000, NULL), "
                           "(2, 0, '[1]', '1', 0, 'running', '{}', 0, NULL)"),
            QStringLiteral("INSERT INTO samples (step_id, t_ns, tx_pkts, tx_bytes, tx_calls, "
                           "ring_full, retries, alloc_fail, busy_cycles, rx_pkts) VALUES "
                           "(1, 100000000, 500000, 30000000, 15625, 1, 2, 3, 4, 5), "
                           "(1, 200000000, 1000000, 60000000, 31250, 1, 2, 3, 4, 5), "
                           "(2, 100000000, 900000, 54000000, 28125, 0, 0, 0, 0, 0), "
                           "(4, 100000000, 7, 420, 1, 0, 0, 0, 0, 0)"),
            QStringLiteral("PRAGMA user_version=2")};
        const QString error = writeRaw(path, schema + sql);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        QCOMPARE(store.recoveredOnOpen(), QList<qint64>{2});

        const auto data = store.loadRunData(1);
        QVERIFY2(data, qPrintable(store.lastError()));
        const Run &run = data->run;
        QCOMPARE(run.name, QStringLiteral("measured"));
        QCOMPARE(run.notes, QStringLiteral("kept"));
        QCOMPARE(run.hello, QJsonDocument::fromJson(hello.toUtf8()).object());
        QCOMPARE(run.fingerprint.value(QStringLiteral("kernel_release")).toString(),
                 QStringLiteral("6.1.0"));
        QCOMPARE(run.checklist.size(), 1);
        QCOMPARE(run.device(), QStringLiteral("net_null0 (net_null)"));
        QCOMPARE(run.tags, (QStringList{QStringLiteral("burst"), QStringLiteral("null")}));
        QCOMPARE(run.spec.axes.first().describe(), QStringLiteral("burst=1,8"));
        QCOMPARE(data->steps.size(), 3);
        QCOMPARE(data->steps[0].result.ppsAfterWarmup.value_or(0), 5100000.0);
        QCOMPARE(data->steps[0].result.recorded.value(QStringLiteral("pps")).toInt(), 5000000);
        QCOMPARE(data->steps[0].samples.size(), 2);
        QCOMPARE(data->steps[0].samples[1].txPkts, qint64(1000000));
        QCOMPARE(data->steps[0].samples[1].rxPkts, qint64(5));
        QCOMPARE(data->steps[1].samples.size(), 1);
        QVERIFY(data->steps[2].samples.isEmpty());

        const auto crashed = store.loadRunData(2);
        QVERIFY2(crashed, qPrintable(store.lastError()));
        QCOMPARE(toString(crashed->run.status), toString(RunStatus::Interrupted));
        QVERIFY(crashed->run.hello.isEmpty());
        QCOMPARE(toString(crashed->steps.first().result.status), toString(RunStatus::Interrupted));
        QCOMPARE(crashed->steps.first().samples.first().txPkts, qint64(7));

        // Lists find every run, with the TX port, best rate and tags kept.
        const auto list = store.listRuns();
        QVERIFY2(list, qPrintable(store.lastError()));
        QCOMPARE(list->size(), 3);
        QCOMPARE(list->at(2).id, qint64(1));
        QCOMPARE(list->at(2).device, QStringLiteral("net_null0 (net_null)"));
        QCOMPARE(list->at(2).bestPps.value_or(0), 9000000.0);
        QCOMPARE(list->at(2).steps, 2);
        QCOMPARE(list->at(2).tags, (QStringList{QStringLiteral("burst"), QStringLiteral("null")}));
        QCOMPARE(list->at(1).device, QString());
        QCOMPARE(list->at(0).source, QStringLiteral("import:pktgen"));
        QCOMPARE(store.listRuns({0, QStringLiteral("patch1"), {}, {}})->first().id, qint64(2));
        QCOMPARE(store.listRuns({0, {}, QStringLiteral("pktgen"), {}})->first().id, qint64(3));
        QCOMPARE(store.countRuns({0, {}, {}, RunStatus::Completed}).value_or(-1), qint64(2));

        // The documents left the run rows, and go with their run.
        QStringList columns;
        {
            QSqlQuery info(QSqlDatabase::database(QSqlDatabase::connectionNames().first()));
            QVERIFY(info.exec(QStringLiteral("PRAGMA table_info(runs)")));
            while (info.next())
                columns << info.value(1).toString();
        }
        QVERIFY2(!columns.contains(QStringLiteral("hello")) &&
                     !columns.contains(QStringLiteral("checklist")),
                 qPrintable(columns.join(QLatin1Char(','))));
        QVERIFY(store.deleteRun(1));
        store.close();
        QCOMPARE(countRows(path, QStringLiteral("run_documents")), 2);
        QCOMPARE(countRows(path, QStringLiteral("samples")), 1);
    }

    // Schema 6: the steps' thread shares join the rate columns, taken from
    // their totals, so the runs list judges a run under its own noise
    // policy as show does; the stored ns/packet goes.
    void migrationFromVersion5() {
        if (m_server)
            QSKIP("a SQLite file of schema 5: PostgreSQL stores start at schema 6");

        const QString path = file("v5.sqlite");
        QStringList schema;
        for (int version = 0; version < 5; ++version)
            schema
                << Schema::migrations(SqlDialect::of(StoreLocation::Kind::SqliteFile)).at(version);
        // A finished message as the engine writes it, with its thread figures.
        const auto totals = [](double cpuShare) {
            StepFinished f;
            f.lcores << LcoreFinished{};
            f.thread = StepThreadFigures::fromJson(
                {{QStringLiteral("lcores"), 1},
                 {QStringLiteral("wall_ns"), 100000000},
                 {QStringLiteral("on_cpu_ns"), qint64(100000000 * cpuShare)},
                 {QStringLiteral("min_cpu_share"), cpuShare},
                 {QStringLiteral("involuntary_switches"), 0},
                 {QStringLiteral("voluntary_switches"), 0},
                 {QStringLiteral("steal_ns"), 0},
                 {QStringLiteral("max_steal_share"), 0.0},
                 {QStringLiteral("cpu_pps"), 9e6},
                 {QStringLiteral("cpu_ns_per_pkt"), 1e9 / 9e6}},
                nullptr);
            return QString::fromUtf8(QJsonDocument(f.toJson()).toJson(QJsonDocument::Compact));
        };
        // Swept with --rerun-disturbed: the fast disturbed attempt was run again.
        QStringList sql{QStringLiteral(
            "INSERT INTO runs (name, created, status, sweep) VALUES ('rerun', "
            "'2026-11-01T10:00:00.000Z', 'completed', '{\"axes\":[{\"name\":\"burst\","
            "\"values\":[8]}],\"reps\":3,\"noise\":{\"rerun_disturbed\":true}}')")};
        const QList<std::pair<int, double>> attempts{{0, 60e6}, {0, 40e6}, {1, 41e6}, {2, 42e6}};
        for (qsizetype seq = 0; seq < attempts.size(); ++seq)
            sql << QStringLiteral("INSERT INTO steps (run_id, seq, point, point_key, rep, status, "
                                  "totals, pps, ns_per_pkt) VALUES (1, %1, '[8]', '8', %2, "
                                  "'completed', '%3', %4, %5)")
                       .arg(seq)
                       .arg(attempts[seq].first)
                       .arg(totals(seq == 0 ? 0.5 : 1.0))
                       .arg(attempts[seq].second)
                       .arg(1e9 / attempts[seq].second);
        sql << QStringLiteral("PRAGMA user_version=5");
        const QString error = writeRaw(path, schema + sql);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        const auto data = store.loadRunData(1);
        QVERIFY2(data, qPrintable(store.lastError()));
        QVERIFY(data->steps.first().result.measured->thread);
        const auto shown = PointStats::bestPps(PointStats::ofRun(*data));
        QCOMPARE(shown.value_or(0), qint64(41000000));
        const auto list = store.listRuns();
        QVERIFY2(list, qPrintable(store.lastError()));
        QCOMPARE(list->first().bestPps.value_or(0), 41e6);
        QCOMPARE(*data->steps.first().result.nsPerPacket(), 1e9 / 60e6);
        QSqlQuery info(QSqlDatabase::database(QSqlDatabase::connectionNames().first()));
        QVERIFY(info.exec(QStringLiteral("SELECT cpu_share FROM steps ORDER BY seq")));
        QVERIFY(info.next());
        QCOMPARE(info.value(0).toDouble(), 0.5);
        QVERIFY(!info.exec(QStringLiteral("SELECT ns_per_pkt FROM steps")));
    }

    // Schema 7: what only DPDK's transmit path measures may be NULL, for a
    // pktgen run; a store of schema 6, SQLite or PostgreSQL, keeps its DPDK
    // run's figures.
    void migrationFromVersion6() {
        const QString path = file("v6.sqlite");
        QString error;
        const SqlDialect &dialect = SqlDialect::of(StoreLocation::parse(path, &error)->kind());
        QStringList sql;
        const QList<QStringList> migrations = Schema::migrations(dialect);
        for (int version = 0; version < 6; ++version) {
            for (const QString &statement : migrations.at(version)) {
                if (const QString s = dialect.migration(statement, version + 1); !s.isEmpty())
                    sql << s;
            }
        }
        sql << QStringLiteral("INSERT INTO runs (name, created, status) VALUES ('dpdk', "
                              "'2026-11-01T10:00:00.000Z', 'completed')")
            << QStringLiteral("INSERT INTO run_documents (run_id) VALUES (1)")
            << QStringLiteral("INSERT INTO steps (run_id, seq, point, point_key, rep, status, "
                              "pps, tx_pkts, cycles_per_pkt) VALUES (1, 0, '[8]', '8', 0, "
                              "'completed', 9000000, 800000, 490.5)")
            << QStringLiteral("INSERT INTO samples (step_id, t_ns, tx_pkts, tx_bytes, tx_calls, "
                              "ring_full, retries, alloc_fail, busy_cycles, mbufs_built, "
                              "rx_pkts) VALUES (1, 100000000, 800000, 48000000, 100000, 1, 2, "
                              "3, 4, 800000, 5)")
            << dialect.setSchemaVersion(6);
        error = writeRaw(path, sql);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        auto data = store.loadRunData(1);
        QVERIFY2(data, qPrintable(store.lastError()));
        StepResult step = data->steps.first().result;
        QCOMPARE(step.pps, 9e6);
        QCOMPARE(step.txPkts, 800000);
        QCOMPARE(step.cyclesPerPkt, std::optional<double>(490.5));
        Sample kept;
        kept.stepId = step.id;
        kept.tNs = 100000000;
        kept.txPkts = 800000;
        kept.txBytes = 48000000;
        kept.txCalls = 100000;
        kept.ringFull = 1;
        kept.retries = 2;
        kept.allocFail = 3;
        kept.busyCycles = 4;
        kept.mbufsBuilt = 800000;
        kept.rxPkts = 5;
        QCOMPARE(data->steps.first().samples, QList<Sample>{kept});

        // What a pktgen engine did not measure is stored as NULL and read
        // back as not measured.
        Sample pktgen;
        pktgen.stepId = step.id;
        pktgen.tNs = 200000000;
        pktgen.txPkts = 900000;
        pktgen.txBytes = 54000000;
        QVERIFY2(store.addSample(step.id, pktgen), qPrintable(store.lastError()));
        step.cyclesPerPkt.reset();
        QVERIFY2(store.finishStep(step), qPrintable(store.lastError()));
        data = store.loadRunData(1);
        QVERIFY2(data, qPrintable(store.lastError()));
        QCOMPARE(data->steps.first().samples, (QList<Sample>{kept, pktgen}));
        QVERIFY(!data->steps.first().result.cyclesPerPkt);
        store.close();
        QCOMPARE(countRows(path, QStringLiteral("samples WHERE tx_calls IS NULL AND mbufs_built "
                                                "IS NULL AND rx_pkts = 0")),
                 1);
        QCOMPARE(countRows(path, QStringLiteral("steps WHERE cycles_per_pkt IS NULL")), 1);
    }

    void newerSchemaIsRefused() {
        const QString path = file("future.sqlite");
        {
            RunStore current;
            QVERIFY2(current.open(path), qPrintable(current.lastError()));
        }
        QString error;
        const auto kind = StoreLocation::parse(path, &error)->kind();
        error = writeRaw(path, {SqlDialect::of(kind).setSchemaVersion(99)});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        RunStore store;
        QVERIFY(!store.open(path));
        QVERIFY2(store.lastError().contains(QStringLiteral("schema version 99")),
                 qPrintable(store.lastError()));
        QVERIFY(!store.isOpen());
    }

    void interruptedRunIsRecoveredWithData() {
        const QString path = file("crash.sqlite");
        qint64 runId = 0;
        qint64 stepId = 0;
        qint64 openStep = 0;
        {
            RunStore store;
            QVERIFY(store.open(path));
            runId = store.createRun(sampleRun(QStringLiteral("crashing"))).value_or(0);
            stepId = measure(store, runId, 1, 0, 5000000);
            QVERIFY(stepId);
            openStep = store.beginStep(runId, Point{{AxisValue(2)}}, 0, 99).value_or(0);
            Sample s;
            s.tNs = 100000000;
            s.txPkts = 123;
            QVERIFY(store.addSample(openStep, s));
            // Closed without finishing: as if the program died here.
        }
        RunStore store;
        QVERIFY(store.open(path));
        QCOMPARE(store.recoveredOnOpen(), QList<qint64>{runId});
        const auto data = store.loadRunData(runId);
        QVERIFY2(data, qPrintable(store.lastError()));
        QCOMPARE(toString(data->run.status), toString(RunStatus::Interrupted));
        QCOMPARE(data->steps.size(), 2);
        QCOMPARE(toString(data->steps[0].result.status), toString(RunStatus::Completed));
        QCOMPARE(data->steps[0].result.pps, 5000000.0);
        QCOMPARE(toString(data->steps[1].result.status), toString(RunStatus::Interrupted));
        QCOMPARE(data->steps[1].samples.size(), 1);
        QCOMPARE(data->steps[1].samples[0].txPkts, qint64(123));
        // Reopening again finds nothing more to recover.
        RunStore third;
        QVERIFY(third.open(path));
        QVERIFY(third.recoveredOnOpen().isEmpty());
    }

    void twoConnectionsShareOneFile() {
        const QString path = file("shared.sqlite");
        RunStore first;
        RunStore second;
        QVERIFY(first.open(path));
        const auto live = first.createRun(sampleRun(QStringLiteral("live sweep")));
        QVERIFY(live);
        QVERIFY(second.open(path));
        // The first instance is still writing that run: not an interrupted one.
        QVERIFY(second.recoveredOnOpen().isEmpty());
        QCOMPARE(toString(second.loadRun(*live)->status), toString(RunStatus::Running));
        QVERIFY(measure(first, *live, 1, 0, 4000000));
        const auto seen = second.listRuns();
        QVERIFY(seen);
        QCOMPARE(seen->size(), 1);
        QCOMPARE(seen->first().bestPps.value_or(0), 4000000.0);
        const auto fromSecond = second.createRun(sampleRun(QStringLiteral("other")));
        QVERIFY(fromSecond);
        QCOMPARE(first.listRuns()->size(), 2);
    }

    // A program that opens the store to list runs while another holds the
    // file's write lock (a long import, a sweep's commit on a slow disk)
    // reads at once: with no writer gone, it has nothing to write, and takes
    // no lock from the writers.
    void aReaderTakesNoLockFromAWriter() {
        if (m_server)
            QSKIP("SQLite's file lock; PostgreSQL readers never wait on writers");
        const QString path = file("busy.sqlite");
        RunStore writer;
        QVERIFY(writer.open(path));
        const auto live = writer.createRun(sampleRun(QStringLiteral("live sweep")));
        QVERIFY(live);
        {
            QSqlDatabase held =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("held"));
            held.setDatabaseName(path);
            QVERIFY(held.open());
            QSqlQuery lock(held);
            QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")),
                     qPrintable(lock.lastError().text()));
            RunStore reader;
            QVERIFY2(reader.open(path), qPrintable(reader.lastError()));
            QVERIFY(reader.recoveredOnOpen().isEmpty());
            const auto runs = reader.listRuns();
            QVERIFY2(runs && runs->size() == 1, qPrintable(reader.lastError()));
            QCOMPARE(toString(runs->first().status), toString(RunStatus::Running));
            QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("held"));
    }

    void otherProcessRunIsLeftAloneUntilItDies() {
        const QString path = file("process.sqlite");
        int toParent[2];
        int toChild[2];
        QVERIFY(pipe(toParent) == 0 && pipe(toChild) == 0);
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            // Another burstlab process with a sweep under way; it dies
            // without closing anything when told to.
            RunStore store;
            qint64 id = 0;
            if (store.open(path))
                id = store.createRun(sampleRun(QStringLiteral("other process"))).value_or(0);
            const bool sent = write(toParent[1], &id, sizeof id) == sizeof id;
            char go = 0;
            const bool told = read(toChild[0], &go, 1) == 1;
            _exit(sent && told ? 0 : 1);
        }
        // However this test ends, the child ends with it and no pipe stays open.
        const auto reap = qScopeGuard([&] {
            for (int fd : {toParent[0], toParent[1], toChild[0], toChild[1]})
                ::close(fd);
            if (::kill(child, 0) == 0) {
                ::kill(child, SIGKILL);
                waitpid(child, nullptr, 0);
            }
        });
        qint64 id = 0;
        QCOMPARE(read(toParent[0], &id, sizeof id), ssize_t(sizeof id));
        QVERIFY(id > 0);
        {
            RunStore store;
            QVERIFY(store.open(path));
            QVERIFY(store.recoveredOnOpen().isEmpty());
            QCOMPARE(toString(store.loadRun(id)->status), toString(RunStatus::Running));
        }
        QCOMPARE(write(toChild[1], "x", 1), ssize_t(1));
        int status = -1;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        RunStore store;
        QVERIFY(store.open(path));
        QCOMPARE(store.recoveredOnOpen(), QList<qint64>{id});
        QCOMPARE(toString(store.loadRun(id)->status), toString(RunStatus::Interrupted));
    }

    // A shared store's writer on another host: its process cannot be seen
    // from here, its session can. Left alone while its connection lives,
    // interrupted once it is gone.
    void otherHostRunIsRecoveredWhenItsSessionEnds() {
        if (!m_server)
            QSKIP("a SQLite file has no sessions: another host's run is left alone");
        const QString path = file("otherhost");
        auto writer = std::make_unique<RunStore>();
        QVERIFY(writer->open(path));
        const auto id = writer->createRun(sampleRun(QStringLiteral("elsewhere")));
        QVERIFY2(id, qPrintable(writer->lastError()));
        // Its owner as a writer on another host records it; that pid is dead here.
        {
            QSqlDatabase db = rawDatabase(path, QStringLiteral("raw-owner"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("UPDATE runs SET owner = '2147483646:1:1:other-host'")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw-owner"));
        {
            RunStore viewer;
            QVERIFY(viewer.open(path));
            QVERIFY(viewer.recoveredOnOpen().isEmpty());
        }
        writer.reset();
        RunStore viewer;
        QVERIFY(viewer.open(path));
        QCOMPARE(viewer.recoveredOnOpen(), QList<qint64>{*id});
        QCOMPARE(toString(viewer.loadRun(*id)->status), toString(RunStatus::Interrupted));
    }

    // A statement's own error is not a dropped connection; a session the
    // server ended is, and a new connection takes its place holding the
    // running run again, so that no other host takes it for a dead writer's,
    // and listening again.
    void droppedConnectionIsToldAndReconnected() {
        // The dropped session's prepared statements are not freed on it.
        QTest::failOnWarning(QRegularExpression(QStringLiteral("Unable to free statement")));
        const QString path = file("dropped.sqlite");
        RunStore writer;
        QVERIFY2(writer.open(path), qPrintable(writer.lastError()));
        const auto runId = writer.createRun(sampleRun(QStringLiteral("dropped")));
        QVERIFY2(runId, qPrintable(writer.lastError()));
        const auto stepId = writer.beginStep(*runId, Point{{AxisValue(1)}}, 0, 0);
        QVERIFY2(stepId, qPrintable(writer.lastError()));
        Sample sample;
        sample.tNs = 1000;
        QVERIFY(!writer.addSample(*stepId + 1000, sample)); // no such step
        QVERIFY2(!writer.connectionLost(), qPrintable(writer.lastError()));
        if (!m_server)
            return;
        QList<qint64> heard;
        QObject context;
        QVERIFY2(writer.watchRuns(&context, [&heard](qint64 id) { heard << id; }),
                 qPrintable(writer.lastError()));
        {
            QSqlDatabase db = rawDatabase(path, QStringLiteral("raw-terminate"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("SELECT pg_terminate_backend(pid, 10000) FROM "
                                           "pg_stat_activity WHERE datname = current_database() "
                                           "AND pid <> pg_backend_pid()")) &&
                         q.next() && q.value(0).toBool(),
                     qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw-terminate"));
        QVERIFY(!writer.addSample(*stepId, sample));
        QVERIFY2(writer.connectionLost(), qPrintable(writer.lastError()));
        // Until it reconnects, every write fails the same way.
        const QString lost = writer.lastError().section(QStringLiteral("): "), 1);
        QVERIFY(!writer.addSample(*stepId, sample));
        QVERIFY(writer.connectionLost());
        QVERIFY2(writer.lastError().endsWith(lost), qPrintable(writer.lastError()));
        QVERIFY2(writer.reconnect(), qPrintable(writer.lastError()));
        QVERIFY2(writer.addSample(*stepId, sample), qPrintable(writer.lastError()));
        QCOMPARE(countRows(path, QStringLiteral("samples")), 1);
        // The run's advisory lock, in the new session.
        {
            QSqlDatabase db = rawDatabase(path, QStringLiteral("raw-locks"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_database d ON "
                                          "d.oid = l.database WHERE l.locktype = 'advisory' AND "
                                          "l.granted AND d.datname = current_database()")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 1);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw-locks"));
        // It hears other connections' runs again.
        RunStore other;
        QVERIFY(other.open(path));
        const auto otherId = other.createRun(sampleRun(QStringLiteral("other")));
        QVERIFY(otherId);
        QTRY_COMPARE_WITH_TIMEOUT(heard, QList<qint64>{*otherId}, 5000);
    }

    // A viewer of a shared store hears every change of another connection's
    // runs (new, a step finished, its status) and none of its own; a SQLite
    // file's viewer is told to poll instead.
    void otherConnectionsRunChangesAreHeard() {
        const QString path = file("heard.sqlite");
        RunStore viewer;
        QVERIFY2(viewer.open(path), qPrintable(viewer.lastError()));
        QList<qint64> heard;
        QObject context;
        const QMetaObject::Connection listening =
            viewer.watchRuns(&context, [&heard](qint64 id) { heard << id; });
        if (!m_server) {
            QVERIFY(!listening);
            return;
        }
        QVERIFY2(listening, qPrintable(viewer.lastError()));
        RunStore writer;
        QVERIFY(writer.open(path));
        const auto other = writer.createRun(sampleRun(QStringLiteral("other")));
        QVERIFY(other);
        QTRY_COMPARE_WITH_TIMEOUT(heard, QList<qint64>{*other}, 5000);
        const auto own = viewer.createRun(sampleRun(QStringLiteral("own")));
        QVERIFY(own);
        QVERIFY(measure(writer, *other, 1, 0, 1e6));
        QVERIFY(writer.setRunStatus(*other, RunStatus::Completed));
        // The viewer's own announcement reaches it before these two.
        QTRY_COMPARE_WITH_TIMEOUT(heard, QList<qint64>(3, *other), 5000);
    }

    // The roles docs/store-role.sql creates are enough for writers on two
    // hosts: neither is a superuser, the first creates the schema, the
    // second writes beside it and changes the first one's run.
    void docsRolesAreEnoughToShareAStore() {
        if (!m_server)
            QSKIP("roles are PostgreSQL's");
        const QString error = m_server->createStoreRoles(
            {QStringLiteral("login=lab_host1"), QStringLiteral("login=lab_host2")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        RunStore first;
        QVERIFY2(first.open(m_server->storeUriAs(QStringLiteral("lab_host1"))),
                 qPrintable(first.lastError()));
        const auto id = first.createRun(sampleRun(QStringLiteral("host1")));
        QVERIFY2(id, qPrintable(first.lastError()));
        QVERIFY(measure(first, *id, 1, 0, 5000000));
        RunStore second;
        QVERIFY2(second.open(m_server->storeUriAs(QStringLiteral("lab_host2"))),
                 qPrintable(second.lastError()));
        QVERIFY2(second.createRun(sampleRun(QStringLiteral("host2"))),
                 qPrintable(second.lastError()));
        Run renamed = *second.loadRun(*id);
        renamed.label = QStringLiteral("seen by host2");
        QVERIFY2(second.updateRun(renamed), qPrintable(second.lastError()));
        QCOMPARE(first.listRuns()->size(), 2);
        {
            QSqlDatabase db =
                rawDatabase(m_server->storeUriAs(QStringLiteral("lab_host2")), "raw-role");
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT rolsuper FROM pg_roles WHERE rolname = "
                                          "session_user")) &&
                    q.next());
            QVERIFY(!q.value(0).toBool());
            QVERIFY(!q.exec(QStringLiteral("CREATE DATABASE elsewhere")));
        }
        QSqlDatabase::removeDatabase("raw-role");
    }

    // A viewer made by docs/store-role.sql reads what writers store and
    // hears it live, but writes nothing: not a run, not even the recovery of
    // a dead writer's run, nor a migration.
    void docsViewerRoleOnlyReads() {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("Unable to free statement")));
        if (!m_server)
            QSKIP("roles are PostgreSQL's");
        const QString error = m_server->createStoreRoles(
            {QStringLiteral("login=lab_host3"), QStringLiteral("viewer=lab_viewer")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString viewerUri = m_server->storeUriAs(QStringLiteral("lab_viewer"));
        RunStore writer;
        QVERIFY2(writer.open(m_server->storeUriAs(QStringLiteral("lab_host3"))),
                 qPrintable(writer.lastError()));
        const auto seen = writer.createRun(sampleRun(QStringLiteral("seen")));
        QVERIFY2(seen, qPrintable(writer.lastError()));
        QVERIFY(measure(writer, *seen, 1, 0, 5000000));
        QVERIFY(writer.setRunStatus(*seen, RunStatus::Completed));
        // A writer on another host that died: its session is gone.
        qint64 dead = 0;
        {
            RunStore gone;
            QVERIFY(gone.open(m_server->storeUriAs(QStringLiteral("lab_host3"))));
            dead = gone.createRun(sampleRun(QStringLiteral("dead"))).value_or(0);
            QVERIFY2(dead, qPrintable(gone.lastError()));
        }
        QVERIFY(writeRaw(m_server->uri(QStringLiteral("burstlab")),
                         {QStringLiteral("UPDATE runs SET owner = '2147483646:1:1:other-host' "
                                         "WHERE id = %1")
                              .arg(dead)})
                    .isEmpty());

        RunStore refused;
        QVERIFY(!refused.open(viewerUri));
        QVERIFY2(refused.lastError().contains(QStringLiteral("read-only for the role lab_viewer")),
                 qPrintable(refused.lastError()));

        RunStore viewer;
        QVERIFY2(viewer.open(viewerUri, RunStore::Access::ReadOnlyIfNeeded),
                 qPrintable(viewer.lastError()));
        QVERIFY(viewer.isReadOnly());
        QVERIFY2(viewer.readOnlyReason().contains(QStringLiteral("lab_viewer")),
                 qPrintable(viewer.readOnlyReason()));
        QVERIFY(viewer.recoveredOnOpen().isEmpty());
        QCOMPARE(toString(viewer.loadRun(dead)->status), toString(RunStatus::Running));
        const auto listed = viewer.listRuns();
        QVERIFY2(listed, qPrintable(viewer.lastError()));
        QSet<qint64> ids;
        for (const RunSummary &run : *listed)
            ids.insert(run.id);
        QVERIFY(ids.contains(*seen) && ids.contains(dead));
        const auto shown = viewer.loadRunData(*seen);
        QVERIFY2(shown, qPrintable(viewer.lastError()));
        QCOMPARE(shown->steps.size(), 1);
        QCOMPARE(shown->steps.first().result.pps, 5000000.0);

        QList<qint64> heard;
        QObject context;
        QVERIFY2(viewer.watchRuns(&context, [&heard](qint64 id) { heard << id; }),
                 qPrintable(viewer.lastError()));
        const auto later = writer.createRun(sampleRun(QStringLiteral("later")));
        QVERIFY(later);
        QTRY_COMPARE_WITH_TIMEOUT(heard, QList<qint64>{*later}, 5000);

        QVERIFY(!viewer.createRun(sampleRun(QStringLiteral("mine"))));
        QVERIFY2(viewer.lastError().contains(QStringLiteral("read-only")) &&
                     viewer.lastError().contains(QStringLiteral("lab_viewer")),
                 qPrintable(viewer.lastError()));
        // The GUI's open refuses a superuser before it writes anything.
        RunStore asSuperuser;
        QVERIFY(!asSuperuser.open(m_server->storeUriAs(QStringLiteral("burstlab")),
                                  RunStore::Access::ReadOnlyIfNeeded,
                                  RunStore::Superuser::Refused));
        QVERIFY2(
            asSuperuser.lastError().contains(QStringLiteral("opened as burstlab, a superuser")),
            qPrintable(asSuperuser.lastError()));
        QCOMPARE(toString(viewer.loadRun(dead)->status), toString(RunStatus::Running));
        // The dead writer's run waited for a writer.
        RunStore next;
        QVERIFY2(next.open(m_server->storeUriAs(QStringLiteral("lab_host3"))),
                 qPrintable(next.lastError()));
        QCOMPARE(next.recoveredOnOpen(), QList<qint64>{dead});

        // A schema older than this burstlab's waits for a writer too.
        const QString superuser = m_server->uri(QStringLiteral("burstlab"));
        QVERIFY(
            writeRaw(
                superuser,
                {QStringLiteral("COMMENT ON TABLE runs IS '%1'").arg(RunStore::schemaVersion - 1)})
                .isEmpty());
        RunStore behind;
        const bool opened = behind.open(viewerUri, RunStore::Access::ReadOnlyIfNeeded);
        QVERIFY(
            writeRaw(superuser,
                     {QStringLiteral("COMMENT ON TABLE runs IS '%1'").arg(RunStore::schemaVersion)})
                .isEmpty());
        QVERIFY(!opened);
        QVERIFY2(behind.lastError().contains(QStringLiteral("a writer must open it first")),
                 qPrintable(behind.lastError()));
    }

    // Who created, edited and deleted a run is recorded by the store itself:
    // on SQLite the local user and host (triggers calling the connection's
    // burstlab_actor), on PostgreSQL the server (AuditTrailOnTheServer).
    void localAuditTrail() {
        if (m_server)
            QSKIP("a SQLite file's trail: the server's is tested with its roles");
        const QString path = file("audit.sqlite");
        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        const auto id = store.createRun(sampleRun(QStringLiteral("gone soon")));
        QVERIFY2(id, qPrintable(store.lastError()));
        const QString creator = LocalActor::user() + QLatin1Char('@') + LocalActor::host();
        QCOMPARE(store.loadRun(*id)->creator(), creator);
        QCOMPARE(store.listRuns()->first().creator(), creator);
        Run edited = *store.loadRun(*id);
        edited.label = QStringLiteral("patch1");
        QVERIFY2(store.updateRun(edited), qPrintable(store.lastError()));
        // Saving unchanged text is no edit.
        QVERIFY2(store.updateRun(edited), qPrintable(store.lastError()));
        QVERIFY2(store.deleteRun(*id), qPrintable(store.lastError()));
        QVERIFY(!store.loadRun(*id));
        QVERIFY2(store.lastError().contains(QStringLiteral("run %1 (gone soon) was deleted by %2 "
                                                           "on %3 at ")
                                                .arg(*id)
                                                .arg(LocalActor::user(), LocalActor::host())),
                 qPrintable(store.lastError()));
        QSqlDatabase db = rawDatabase(path, QStringLiteral("raw-audit"));
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT action, what, by_role FROM run_audit "
                                          "WHERE run_id = %1 ORDER BY id")
                               .arg(*id)));
            QStringList rows;
            while (q.next())
                rows << QStringLiteral("%1 %2 %3")
                            .arg(q.value(0).toString(), q.value(1).toString(),
                                 q.value(2).toString());
            QCOMPARE(rows,
                     (QStringList{QStringLiteral("edited label ") + LocalActor::user(),
                                  QStringLiteral("deleted gone soon ") + LocalActor::user()}));
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw-audit"));
    }

    // Issue 34's "who did what" on a lab's server: two writers and a viewer
    // made by docs/store-role.sql. The server names the creator whatever
    // the client says, records the other writer's deletion, and neither
    // writer can change or remove that record.
    void auditTrailOnTheServer() {
        if (!m_server)
            QSKIP("the server's trail");
        const QString error = m_server->createStoreRoles({QStringLiteral("login=audit_w1"),
                                                          QStringLiteral("login=audit_w2"),
                                                          QStringLiteral("viewer=audit_v")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString w1 = m_server->storeUriAs(QStringLiteral("audit_w1"));
        const QString w2 = m_server->storeUriAs(QStringLiteral("audit_w2"));
        RunStore first;
        QVERIFY2(first.open(w1), qPrintable(first.lastError()));
        const auto id = first.createRun(sampleRun(QStringLiteral("by w1")));
        QVERIFY2(id, qPrintable(first.lastError()));
        QVERIFY(first.setRunStatus(*id, RunStatus::Completed));
        // A local socket: the host burstlab names, no address.
        QCOMPARE(first.loadRun(*id)->creator(), QStringLiteral("audit_w1@") + LocalActor::host());
        // A client that claims another creator is not believed.
        QVERIFY(
            writeRaw(
                w1,
                {QStringLiteral("INSERT INTO runs (name, created, status, "
                                "created_by, created_host) VALUES ('forged', "
                                "'2026-12-01T00:00:00.000Z', 'completed', "
                                "'someone', 'elsewhere')"),
                 QStringLiteral("UPDATE runs SET created_by = 'someone' WHERE id = %1").arg(*id)})
                .isEmpty());
        // The store is the server's shared one, which other tests wrote too.
        auto listed = first.listRuns();
        QVERIFY2(listed, qPrintable(first.lastError()));
        listed->removeIf([](const RunSummary &run) {
            return run.name != QLatin1String("by w1") && run.name != QLatin1String("forged");
        });
        QCOMPARE(listed->size(), 2);
        for (const RunSummary &run : *listed)
            QCOMPARE(run.createdBy, QStringLiteral("audit_w1"));

        RunStore second;
        QVERIFY2(second.open(w2), qPrintable(second.lastError()));
        QVERIFY2(second.deleteRun(*id), qPrintable(second.lastError()));

        RunStore viewer;
        QVERIFY2(viewer.open(m_server->storeUriAs(QStringLiteral("audit_v")),
                             RunStore::Access::ReadOnlyIfNeeded),
                 qPrintable(viewer.lastError()));
        for (RunStore *store : {&first, &viewer}) {
            QVERIFY(!store->loadRun(*id));
            QVERIFY2(store->lastError().contains(
                         QStringLiteral("run %1 (by w1) was deleted by audit_w2 on %2 at ")
                             .arg(*id)
                             .arg(LocalActor::host())),
                     qPrintable(store->lastError()));
        }
        for (const QString &writer : {w1, w2}) {
            for (const QString &sql :
                 {QStringLiteral("UPDATE burstlab_audit.run_audit SET by_role = 'nobody'"),
                  QStringLiteral("DELETE FROM burstlab_audit.run_audit"),
                  QStringLiteral("TRUNCATE burstlab_audit.run_audit"),
                  QStringLiteral("DROP TABLE burstlab_audit.run_audit"),
                  QStringLiteral("DROP SCHEMA burstlab_audit CASCADE"),
                  QStringLiteral("ALTER TABLE burstlab_audit.run_audit RENAME TO old"),
                  QStringLiteral("CREATE OR REPLACE FUNCTION burstlab_audit.record_run() RETURNS "
                                 "trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$"),
                  QStringLiteral("INSERT INTO burstlab_audit.run_audit (run_id, action, by_role, "
                                 "host, at) VALUES (%1, 'deleted', 'nobody', 'x', 'x')")
                      .arg(*id)}) {
                const QString refused = writeRaw(writer, {sql});
                QVERIFY2(refused.contains(QStringLiteral("permission denied")) ||
                             refused.contains(QStringLiteral("must be owner")),
                         qPrintable(sql + QStringLiteral(": ") + refused));
            }
        }
        QVERIFY(!viewer.loadRun(*id));
        QVERIFY2(viewer.lastError().contains(QStringLiteral("deleted by audit_w2")),
                 qPrintable(viewer.lastError()));
        // Leave the shared store as found.
        for (const RunSummary &run : *listed) {
            if (run.id != *id)
                QVERIFY2(first.deleteRun(run.id), qPrintable(first.lastError()));
        }
    }

    // A run's best figure is kept beside its row once it stops running,
    // with the formula's version: a figure of another version is made
    // again (at once for a list, and kept again by the next writer).
    void bestFigureIsKeptAndRenewed() {
        const QString path = file("best.sqlite");
        RunStore store;
        QVERIFY2(store.open(path), qPrintable(store.lastError()));
        const auto id = store.createRun(sampleRun(QStringLiteral("kept")));
        QVERIFY(id);
        QVERIFY(measure(store, *id, 1, 0, 5000000) && measure(store, *id, 1, 1, 5200000) &&
                measure(store, *id, 2, 0, 9000000) && measure(store, *id, 2, 1, 9400000));
        QVERIFY(store.setRunStatus(*id, RunStatus::Completed));
        const auto data = store.loadRunData(*id);
        QVERIFY(data);
        const auto expected = PointStats::bestPps(PointStats::ofRun(*data));
        QVERIFY(expected);
        QCOMPARE(store.listRuns()->first().bestPps, std::optional<double>(double(*expected)));
        QVERIFY(writeRaw(path, {QStringLiteral("UPDATE runs SET best_pps = 1, "
                                               "best_pps_formula = %1 WHERE id = %2")
                                    .arg(PointStats::kBestPpsFormula - 1)
                                    .arg(*id)})
                    .isEmpty());
        QCOMPARE(store.listRuns()->first().bestPps, std::optional<double>(double(*expected)));
        RunStore next;
        QVERIFY2(next.open(path), qPrintable(next.lastError()));
        QSqlDatabase db = rawDatabase(path, QStringLiteral("raw-best"));
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT best_pps, best_pps_formula FROM runs WHERE "
                                          "id = %1")
                               .arg(*id)) &&
                    q.next());
            QCOMPARE(q.value(0).toDouble(), double(*expected));
            QCOMPARE(q.value(1).toInt(), PointStats::kBestPpsFormula);
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw-best"));
        // Running again (a resumed run), it keeps none until it stops.
        QVERIFY(next.setRunStatus(*id, RunStatus::Running));
        QVERIFY(measure(next, *id, 2, 2, 20000000));
        const auto running = next.listRuns();
        QVERIFY(running && running->first().bestPps > double(*expected));
    }

    void corruptFileIsNamed() {
        if (m_server)
            QSKIP("a corrupt SQLite file");

        const QString path = file("garbage.sqlite");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        RunStore store;
        QVERIFY(!store.open(path));
        QVERIFY2(store.lastError().contains(QStringLiteral("not a burstlab store or is corrupt")),
                 qPrintable(store.lastError()));
        QVERIFY(store.lastError().contains(path));
    }

    void readOnlyStoreIsNamed() {
        if (m_server)
            QSKIP("file modes of a SQLite file");

        const QString path = file("readonly.sqlite");
        {
            RunStore store;
            QVERIFY(store.open(path));
            QVERIFY(store.createRun(sampleRun(QStringLiteral("kept"))));
        }
        QVERIFY(
            QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::ExeOwner |
                                                        QFile::ReadOther | QFile::ExeOther |
                                                        QFile::ReadGroup | QFile::ExeGroup));
        // Root ignores file modes: act as nobody while opening.
        const bool root = geteuid() == 0;
        if (root)
            QVERIFY(seteuid(65534) == 0);
        RunStore store;
        const bool opened = store.open(path);
        if (root)
            QVERIFY(seteuid(0) == 0);
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!opened);
        QVERIFY2(store.lastError().contains(QStringLiteral("read-only")),
                 qPrintable(store.lastError()));
        QVERIFY(store.lastError().contains(path));
    }

    void fullDiskIsNamed() {
        if (m_server)
            QSKIP("SQLite's page limit");

        RunStore store;
        QVERIFY(store.open(file("full.sqlite")));
        const qint64 run = store.createRun(sampleRun(QStringLiteral("filling"))).value_or(0);
        const qint64 step = store.beginStep(run, Point{{AxisValue(1)}}, 0, 0).value_or(0);
        QVERIFY(step);
        // SQLite reports a database at its page limit exactly as a full disk.
        const QStringList names = QSqlDatabase::connectionNames();
        QCOMPARE(names.size(), 1);
        QSqlQuery limit(QSqlDatabase::database(names.first()));
        QVERIFY(limit.exec(QStringLiteral("PRAGMA page_count")) && limit.next());
        const int pages = limit.value(0).toInt();
        QVERIFY(limit.exec(QStringLiteral("PRAGMA max_page_count=%1").arg(pages)));
        limit = QSqlQuery();
        bool failed = false;
        Sample s;
        for (int i = 0; i < 10000 && !failed; ++i) {
            s.tNs = i;
            failed = !store.addSample(step, s);
        }
        QVERIFY(failed);
        QVERIFY2(store.lastError().contains(QStringLiteral("the disk is full")),
                 qPrintable(store.lastError()));
        QVERIFY(store.lastError().contains(QStringLiteral("storing a sample (steps row")));
    }

    void jsonRoundTrip() {
        RunStore store;
        QVERIFY(store.open(file("json.sqlite")));
        Run run = sampleRun(QStringLiteral("export me"));
        const qint64 id = store.createRun(run).value_or(0);
        QVERIFY(measure(store, id, 1, 0, 5000000));
        QVERIFY(measure(store, id, 2, 0, 6000000));
        QVERIFY(store.setRunStatus(id, RunStatus::Completed));
        const QString json = m_dir.filePath("run.json");
        QVERIFY2(store.exportRunJson(id, json), qPrintable(store.lastError()));

        RunStore other;
        QVERIFY(other.open(file("json-import.sqlite")));
        QString error;
        const auto runs = importFile(QStringLiteral("json"), json, {}, &error);
        QVERIFY2(runs, qPrintable(error));
        const auto ids = RunImport::write(other, json, *runs, &error);
        QVERIFY2(ids, qPrintable(error));
        auto original = store.loadRunData(id);
        auto copy = other.loadRunData(ids->ids.first());
        QVERIFY(original && copy);
        // Ids are the receiving store's own, and the copy says where it
        // came from; everything else is equal.
        QCOMPARE(copy->run.source, QStringLiteral("import:json"));
        QVERIFY(copy->run.spec.importOrigin);
        QCOMPARE(copy->run.spec.importOrigin->file, QFileInfo(json).fileName());
        original->run.source = copy->run.source;
        original->run.spec.importOrigin = copy->run.spec.importOrigin;
        QCOMPARE(withoutIds(*copy).run, withoutIds(*original).run);
        QCOMPARE(copy->steps.size(), original->steps.size());
        QVERIFY(withoutIds(*copy) == withoutIds(*original));

        QFile bad(m_dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"format":"burstlab-run","version":7,"run":{},"steps":[]})");
        bad.close();
        QVERIFY(!importFile(QStringLiteral("json"), bad.fileName(), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("version 7")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_runstore.moc"
