// Every statement the store runs to open, list, show, compare, resume, edit
// and write a run is checked against SQLite's query plan: none may read a
// whole table, and none but those over one run's rows may sort, so that
// their cost does not grow with the number of runs in the store.
// BURSTLAB_TEST_STORE=postgresql checks the plans a throwaway PostgreSQL
// server chose for them (auto_explain logs each statement's plan as it runs)
// in a store of 10,000 runs more, analysed: PostgreSQL's planner reads a
// small table whole whatever its indexes.
#include "ThrowawayPostgres.h"
#include "store/RunStore.h"
#include <QFile>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

using namespace burstlab;

namespace {

int traceStatement(unsigned type, void *context, void *statement, void *) {
    if (type != SQLITE_TRACE_STMT)
        return 0;
    // The statement with its bound values, so that it can be explained as run.
    if (char *sql = sqlite3_expanded_sql(static_cast<sqlite3_stmt *>(statement))) {
        static_cast<QStringList *>(context)->append(QString::fromUtf8(sql));
        sqlite3_free(sql);
    }
    return 0;
}

// The connection of the only open RunStore.
QSqlDatabase storeConnection() {
    for (const QString &name : QSqlDatabase::connectionNames()) {
        if (name.startsWith(QLatin1String("burstlab-store-")))
            return QSqlDatabase::database(name, false);
    }
    return {};
}

sqlite3 *handleOf(const QSqlDatabase &db) {
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.data());
}

Run runNamed(const QString &name, const QString &label, const QString &tag) {
    Run run;
    run.name = name;
    run.label = label;
    run.tags = {tag};
    run.status = RunStatus::Completed;
    run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}}};
    run.hello = {{QStringLiteral("ports"),
                  QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("net_null0")},
                                         {QStringLiteral("driver"), QStringLiteral("net_null")}}}}};
    run.checklist = {QJsonObject{{QStringLiteral("id"), QStringLiteral("smt")}}};
    return run;
}

// Old runs behind the test's own (created earlier, ids after them), each with
// its documents, a tag, four steps with a sample each, and a load sample.
const char *const bulkRuns[] = {
    "INSERT INTO runs (name, label, created, status) SELECT 'old ' || g, 'old', "
    "to_char(timestamp '2020-01-01' + g * interval '1 minute', "
    "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), 'completed' FROM generate_series(1, 10000) g",
    "INSERT INTO run_documents (run_id) SELECT id FROM runs WHERE label = 'old'",
    "INSERT INTO tags (run_id, tag) SELECT id, 'old' FROM runs WHERE label = 'old'",
    "INSERT INTO steps (run_id, seq, point, point_key, rep, status, pps) SELECT r.id, s, '{}', "
    "'1', s / 2, 'completed', 1e6 FROM runs r, generate_series(0, 3) s WHERE r.label = 'old'",
    "INSERT INTO samples (step_id, t_ns, tx_pkts, tx_bytes, tx_calls, ring_full, retries, "
    "alloc_fail, busy_cycles, rx_pkts) SELECT s.id, 1, 0, 0, 0, 0, 0, 0, 0, 0 FROM steps s "
    "JOIN runs r ON r.id = s.run_id WHERE r.label = 'old'",
    "INSERT INTO load_samples (run_id, at, sample) SELECT id, created, '{}' FROM runs "
    "WHERE label = 'old'",
    "VACUUM ANALYZE"};
constexpr qint64 bulkRunCount = 10000;

// "<statement>: SCAN <table>" for each whole table read and "<statement>:
// SORT" for each sort in the plans auto_explain logged (text format), and
// the statements in *statements. An incremental sort is not one (the rows
// come in the index's order, and only those of equal keys are sorted, within
// the limit); nor is a sort of one run's rows: the steps' index holds no id
// to break a tie of seq with, as SQLite's rowid does, and the rows are few
// whatever the store holds.
QStringList badPostgresPlans(const QString &log, QStringList *statements) {
    static const QRegularExpression entry(QStringLiteral("\n(?=\\S)"));
    static const QRegularExpression seqScan(QStringLiteral("Seq Scan on (\\w+)"));
    static const QRegularExpression sort(QStringLiteral("(^|-> +)Sort +\\("));
    QStringList bad;
    for (const QString &text : log.split(entry)) {
        if (!text.contains(QLatin1String("plan:")))
            continue;
        QString query;
        for (QString line : text.split(QLatin1Char('\n'))) {
            line = line.trimmed();
            if (line.startsWith(QLatin1String("Query Text: "))) {
                query = line.mid(12);
                *statements << query;
            } else if (const auto m = seqScan.match(line); m.hasMatch()) {
                bad << query + QStringLiteral(": SCAN ") + m.captured(1);
            } else if (sort.match(line).hasMatch() &&
                       !query.contains(QLatin1String("run_id = $1"))) {
                bad << query + QStringLiteral(": SORT");
            }
        }
    }
    return bad;
}

} // namespace

class TestStorePlans : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ThrowawayPostgres> m_server;
    RunStore m_store;
    QStringList m_statements;
    qint64 m_logStart = 0;

    // Runs beside the test's own: what the counts include.
    qint64 bulk() const { return m_server ? bulkRunCount : 0; }

    QByteArray serverLog() const {
        QFile log(m_server->logFile());
        return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
    }

    void startTrace() {
        m_statements.clear();
        if (m_server) {
            m_logStart = serverLog().size();
            return;
        }
        sqlite3_trace_v2(handleOf(storeConnection()), SQLITE_TRACE_STMT, traceStatement,
                         &m_statements);
    }

    // The plans of the traced statements (none is an error).
    QStringList badPlans() {
        if (m_server) {
            const QString log = QString::fromUtf8(serverLog().mid(m_logStart));
            if (!log.contains(QLatin1String("plan:")))
                return {QStringLiteral("no plan was logged")};
            return badPostgresPlans(log, &m_statements);
        }
        sqlite3_trace_v2(handleOf(storeConnection()), 0, nullptr, nullptr);
        if (m_statements.isEmpty())
            return {QStringLiteral("no statement was traced")};
        return badPlansOf(m_statements);
    }

    // "<statement>: <plan line>" for each plan line of statements that scans
    // a table without an index or sorts in a temporary B-tree (": SORT" on
    // PostgreSQL, where the statements are run and their plans logged).
    QStringList badPlansOf(const QStringList &statements) {
        if (m_server) {
            startTrace();
            for (const QString &sql : statements) {
                QSqlQuery q(storeConnection());
                if (!q.exec(sql))
                    return {sql + QStringLiteral(": ") + q.lastError().text()};
            }
            return badPlans();
        }
        static const QRegularExpression fullScan(QStringLiteral("^SCAN (\\w+)$"));
        QStringList bad;
        for (const QString &sql : statements) {
            const QString verb = sql.section(QLatin1Char(' '), 0, 0).toUpper();
            if (verb != QLatin1String("SELECT") && verb != QLatin1String("UPDATE") &&
                verb != QLatin1String("DELETE") && verb != QLatin1String("INSERT"))
                continue;
            QSqlQuery plan(storeConnection());
            if (!plan.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + sql)) {
                bad << sql + QStringLiteral(": ") + plan.lastError().text();
                continue;
            }
            while (plan.next()) {
                const QString detail = plan.value(3).toString();
                if (fullScan.match(detail).hasMatch() ||
                    detail.contains(QLatin1String("TEMP B-TREE")))
                    bad << sql + QStringLiteral(": ") + detail;
            }
        }
        return bad;
    }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QString store = m_dir.filePath(QStringLiteral("plans.sqlite"));
        if (qEnvironmentVariable("BURSTLAB_TEST_STORE") == QLatin1String("postgresql")) {
            if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
                QSKIP(qPrintable(why));
            m_server = std::make_unique<ThrowawayPostgres>();
            for (const char *setting :
                 {"session_preload_libraries=auto_explain", "auto_explain.log_min_duration=0",
                  "auto_explain.log_nested_statements=on"})
                m_server->addSetting(QString::fromLatin1(setting));
            QString error = m_server->start();
            QVERIFY2(error.isEmpty(), qPrintable(error));
            store = m_server->createDatabase(QStringLiteral("plans"), &error);
            QVERIFY2(!store.isEmpty(), qPrintable(error));
        }
        QVERIFY2(m_store.open(store), qPrintable(m_store.lastError()));
        QVERIFY(m_server || handleOf(storeConnection()));
        // Enough runs that a plan on an empty table tells nothing about them.
        for (int i = 0; i < 40; ++i) {
            const QString label = i % 2 ? QStringLiteral("baseline") : QStringLiteral("patch");
            const auto id = m_store.createRun(
                runNamed(QStringLiteral("run %1").arg(i), label, QStringLiteral("t%1").arg(i % 3)));
            QVERIFY2(id, qPrintable(m_store.lastError()));
            for (int seq = 0; seq < 4; ++seq) {
                const auto step =
                    m_store.beginStep(*id, Point{{AxisValue(seq % 2 ? 8 : 1)}}, seq / 2, seq);
                QVERIFY(step);
                Sample sample;
                sample.tNs = 100000000;
                QVERIFY(m_store.addSample(*step, sample));
                StepResult result;
                result.id = *step;
                result.status = RunStatus::Completed;
                result.pps = 1e6 * (seq + 1);
                QVERIFY(m_store.finishStep(result));
            }
        }
        Run live = runNamed(QStringLiteral("live"), {}, {});
        live.status = RunStatus::Running;
        QVERIFY(m_store.createRun(live));
        if (!m_server)
            return;
        for (const char *sql : bulkRuns) {
            QSqlQuery q(storeConnection());
            QVERIFY2(q.exec(QString::fromLatin1(sql)), qPrintable(q.lastError().text()));
        }
    }

    void checkerSeesScansAndSorts() {
        const QStringList bad =
            badPlansOf({QStringLiteral("SELECT id FROM runs WHERE notes = 'x'"),
                        QStringLiteral("SELECT id FROM runs WHERE id > 0 ORDER BY name"),
                        QStringLiteral("SELECT id FROM runs WHERE id = 1")});
        const QString all = bad.join(QLatin1Char('\n'));
        QVERIFY2(bad.filter(QStringLiteral("'x': SCAN runs")).size() == 1, qPrintable(all));
        QVERIFY2(
            bad.filter(QRegularExpression(QStringLiteral("name: (SORT|.*TEMP B-TREE)"))).size() ==
                1,
            qPrintable(all));
        QVERIFY2(bad.filter(QStringLiteral("id = 1")).isEmpty(), qPrintable(all));
    }

    void openingLooksAtRunningRunsOnly() {
        startTrace();
        QVERIFY2(m_store.recoverInterrupted(), qPrintable(m_store.lastError()));
        const QStringList bad = badPlans();
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
        QVERIFY(!m_statements.filter(QStringLiteral("'running'")).isEmpty());
    }

    void listsReadOnlyTheirPage() {
        startTrace();
        QCOMPARE(m_store.listRuns({10, {}, {}, {}})->size(), 10);
        QCOMPARE(m_store.countRuns().value_or(0), 41 + bulk());
        const auto page = m_store.listRuns({10, {}, {}, {}, 20});
        QVERIFY(page && page->size() == 10);
        QCOMPARE(page->first().id, qint64(19));
        QCOMPARE(m_store.listRuns({5, QStringLiteral("baseline"), {}, {}})->size(), 5);
        QCOMPARE(m_store.listRuns({5, {}, {}, RunStatus::Completed})->size(), 5);
        QCOMPARE(m_store.countRuns({0, QStringLiteral("patch"), {}, {}}).value_or(0), qint64(20));
        QCOMPARE(m_store.countRuns({0, {}, {}, RunStatus::Running}).value_or(0), qint64(1));
        QStringList bad = badPlans();
        // Counting every run reads them all on both back ends: SQLite an
        // index of runs whole, PostgreSQL the table.
        bad.removeIf([](const QString &line) {
            return line.endsWith(QLatin1String("SELECT count(*) FROM runs r: SCAN runs"));
        });
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void taggedRunsComeFromTheTagIndex() {
        startTrace();
        const auto tagged = m_store.listRuns({0, {}, QStringLiteral("t1"), {}});
        QVERIFY(tagged);
        QCOMPARE(tagged->size(), 13);
        QVERIFY(m_store.countRuns({0, {}, QStringLiteral("t1"), {}}));
        // The runs of one tag may be sorted (they are few); no table is read whole.
        const QStringList bad =
            badPlans().filter(QRegularExpression(QStringLiteral(": SCAN \\w+$")));
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void showingAndComparingLoadOnlyTheirRuns() {
        startTrace();
        for (qint64 id : {1, 20, 40}) {
            QVERIFY(m_store.hasRun(id).value_or(false));
            const auto data = m_store.loadRunData(id);
            QVERIFY2(data, qPrintable(m_store.lastError()));
            QCOMPARE(data->steps.size(), 4);
            QCOMPARE(data->steps.last().samples.size(), 1);
            QCOMPARE(data->run.checklist.size(), 1);
        }
        QVERIFY(!m_store.hasRun(424242).value_or(true));
        const QStringList bad = badPlans();
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void resumingAndEditingReadOnlyTheirRun() {
        startTrace();
        QVERIFY(m_store.completedPoints(5));
        Run run = *m_store.loadRun(5);
        run.tags = {QStringLiteral("edited")};
        QVERIFY(m_store.updateRun(run));
        // One run's steps may be grouped and sorted (resume); no table is read whole.
        const QStringList bad =
            badPlans().filter(QRegularExpression(QStringLiteral(": SCAN \\w+$")));
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void writingARunTouchesOnlyItsRows() {
        startTrace();
        const auto id = m_store.createRun(runNamed(QStringLiteral("new"), {}, QStringLiteral("x")));
        QVERIFY(id);
        QVERIFY(m_store.setRunContext(*id, runNamed({}, {}, {}).hello, {}, {}));
        QVERIFY(m_store.setRunStatus(*id, RunStatus::Completed));
        QVERIFY(m_store.deleteRun(*id));
        const QStringList bad = badPlans();
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestStorePlans)
#include "tst_store_plans.moc"
