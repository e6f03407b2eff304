// Every statement the store runs to open, list, show, compare, resume, edit
// and write a run is checked against SQLite's query plan: none may read a
// whole table, and none but those over one run's rows may sort, so that
// their cost does not grow with the number of runs in the store.
#include "store/RunStore.h"
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

} // namespace

class TestStorePlans : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    RunStore m_store;
    QStringList m_statements;

    void startTrace() {
        m_statements.clear();
        sqlite3_trace_v2(handleOf(storeConnection()), SQLITE_TRACE_STMT, traceStatement,
                         &m_statements);
    }

    // The plans of the traced statements (none is an error).
    QStringList badPlans() {
        sqlite3_trace_v2(handleOf(storeConnection()), 0, nullptr, nullptr);
        if (m_statements.isEmpty())
            return {QStringLiteral("no statement was traced")};
        return badPlansOf(m_statements);
    }

    // "<statement>: <plan line>" for each plan line of statements that scans
    // a table without an index or sorts in a temporary B-tree.
    static QStringList badPlansOf(const QStringList &statements) {
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
        QVERIFY2(m_store.open(m_dir.filePath(QStringLiteral("plans.sqlite"))),
                 qPrintable(m_store.lastError()));
        QVERIFY(handleOf(storeConnection()));
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
    }

    void checkerSeesScansAndSorts() {
        const QStringList bad =
            badPlansOf({QStringLiteral("SELECT id FROM runs WHERE notes = 'x'"),
                        QStringLiteral("SELECT id FROM runs WHERE id > 0 ORDER BY name"),
                        QStringLiteral("SELECT id FROM runs WHERE id = 1")});
        QCOMPARE(bad.size(), 2);
        QVERIFY2(bad[0].endsWith(QLatin1String(": SCAN runs")), qPrintable(bad[0]));
        QVERIFY2(bad[1].contains(QLatin1String("TEMP B-TREE")), qPrintable(bad[1]));
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
        QCOMPARE(m_store.countRuns().value_or(0), qint64(41));
        const auto page = m_store.listRuns({10, {}, {}, {}, 20});
        QVERIFY(page && page->size() == 10);
        QCOMPARE(page->first().id, qint64(19));
        QCOMPARE(m_store.listRuns({5, QStringLiteral("baseline"), {}, {}})->size(), 5);
        QCOMPARE(m_store.listRuns({5, {}, {}, RunStatus::Completed})->size(), 5);
        QCOMPARE(m_store.countRuns({0, QStringLiteral("patch"), {}, {}}).value_or(0), qint64(20));
        QCOMPARE(m_store.countRuns({0, {}, {}, RunStatus::Running}).value_or(0), qint64(1));
        const QStringList bad = badPlans();
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
        QVERIFY(!m_store.hasRun(4242).value_or(true));
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
