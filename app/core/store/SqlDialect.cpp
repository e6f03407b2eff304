#include "store/SqlDialect.h"
#include "store/LocalActor.h"
#include "store/SqliteFileCheck.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

// An edit's record names the fields it changed: "label, notes".
QString editedFields() {
    QStringList parts;
    for (const char *field : {"name", "label", "notes"})
        parts << QStringLiteral("CASE WHEN OLD.%1 IS NOT NEW.%1 THEN '%1, ' ELSE '' END")
                     .arg(QLatin1String(field));
    return QStringLiteral("rtrim(%1, ', ')").arg(parts.join(QStringLiteral(" || ")));
}

// The trail's table: a row per edit and deletion, which outlives the run
// (so no reference to it). docs/store-role.sql makes the same table on a
// lab's server.
QString auditTableStatement(const QString &table) {
    return QStringLiteral("CREATE TABLE IF NOT EXISTS %1 ("
                          " id INTEGER PRIMARY KEY,"
                          " run_id INTEGER NOT NULL,"
                          " action TEXT NOT NULL,"
                          " by_role TEXT NOT NULL,"
                          " host TEXT NOT NULL,"
                          " at TEXT NOT NULL,"
                          " what TEXT NOT NULL DEFAULT '')")
        .arg(table);
}

class SqliteDialect final : public SqlDialect {
  public:
    QString driver() const override { return QStringLiteral("QSQLITE"); }
    QString name() const override { return QStringLiteral("SQLite"); }

    QList<Setting> setup(int lockWaitMs) const override {
        // The busy timeout lets writers of several processes take turns; it
        // comes before WAL, whose switch on a new file takes the file's lock
        // (two programs opening one new store at once would otherwise see
        // "database is locked"). WAL lets readers and one writer share it.
        return {{QStringLiteral("SELECT count(*) FROM sqlite_schema"), {}},
                {QStringLiteral("PRAGMA busy_timeout=%1").arg(lockWaitMs), {}},
                {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("wal")},
                {QStringLiteral("PRAGMA synchronous=NORMAL"), {}},
                {QStringLiteral("PRAGMA foreign_keys=ON"), {}}};
    }
    QString schemaVersionQuery() const override { return QStringLiteral("PRAGMA user_version"); }
    QString setSchemaVersion(int version) const override {
        return QStringLiteral("PRAGMA user_version=%1").arg(version);
    }
    QString beginWrite() const override { return QStringLiteral("BEGIN IMMEDIATE"); }
    QString schemaLock(bool) const override { return {}; }
    QString writeAccessQuery() const override { return {}; }
    QString migration(const QString &statement, int) const override { return statement; }
    // SQLite has no users: the triggers ask the connection (LocalActor).
    QStringList auditTrail() const override {
        const QString record = QStringLiteral(
            "INSERT INTO run_audit (run_id, action, by_role, host, at, what) VALUES (%1.id, '%2', "
            "burstlab_actor('user'), burstlab_actor('host'), "
            "strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), %3)");
        return {
            auditTableStatement(auditTable()),
            QStringLiteral("CREATE INDEX run_audit_run ON run_audit(run_id, id)"),
            QStringLiteral("CREATE TRIGGER runs_edited AFTER UPDATE OF name, label, notes ON "
                           "runs WHEN OLD.name IS NOT NEW.name OR OLD.label IS NOT NEW.label "
                           "OR OLD.notes IS NOT NEW.notes BEGIN %1; END")
                .arg(record.arg(QStringLiteral("NEW"), QStringLiteral("edited"), editedFields())),
            QStringLiteral("CREATE TRIGGER runs_deleted AFTER DELETE ON runs BEGIN %1; END")
                .arg(record.arg(QStringLiteral("OLD"), QStringLiteral("deleted"),
                                QStringLiteral("OLD.name")))};
    }
    QString auditTable() const override { return QStringLiteral("run_audit"); }
    bool prepareConnection(const QSqlDatabase &db) const override {
        return LocalActor::registerWith(db);
    }
    QString holdRun(qint64) const override { return {}; }
    QString tryHoldRun(qint64) const override { return {}; }
    QString releaseRun(qint64) const override { return {}; }
    QString jsonArrayOf(const QString &expression) const override {
        return QStringLiteral("json_group_array(%1)").arg(expression);
    }
    QString dataVersionQuery() const override { return QStringLiteral("PRAGMA data_version"); }
    QString runsChannel() const override { return {}; }
    QString announceRun(qint64) const override { return {}; }
    QString damageQuery() const override { return QStringLiteral("PRAGMA quick_check(5)"); }
    QString markQuery() const override { return QStringLiteral("PRAGMA application_id"); }
    QString setMark() const override {
        return QStringLiteral("PRAGMA application_id=%1").arg(SqliteFileCheck::kApplicationId);
    }

    // SQLite's primary result codes as QSQLITE reports them.
    QString explain(const QSqlError &error) const override {
        // Extended codes (e.g. 1032, SQLITE_READONLY_DBMOVED) carry the primary one in the low
        // byte.
        switch (error.nativeErrorCode().toInt() & 0xff) {
        case 8:
            return QStringLiteral("the store is read-only (%1)").arg(error.databaseText());
        case 13:
            return QStringLiteral("the disk is full (%1)").arg(error.databaseText());
        case 11:
        case 26:
            return QStringLiteral("the file is not a burstlab store or is corrupt (%1)")
                .arg(error.databaseText());
        case 5:
        case 6:
            return QStringLiteral("the store is locked by another program (%1)")
                .arg(error.databaseText());
        case 14:
            return QStringLiteral("the file cannot be opened (%1)").arg(error.databaseText());
        default:
            return error.text();
        }
    }
    bool connectionLost(const QSqlError &, bool) const override { return false; }
    // SQLITE_FULL.
    bool diskFull(const QSqlError &error) const override {
        return (error.nativeErrorCode().toInt() & 0xff) == 13;
    }
    // SQLITE_BUSY: its busy timeout is not waited for where waiting could
    // deadlock (a read that must become a write, as the WAL switch does).
    bool lockNotWaitedFor(const QSqlError &error) const override {
        return (error.nativeErrorCode().toInt() & 0xff) == 5;
    }
};

// The version this back end started at: older migrations' data moves never
// meet a PostgreSQL store's rows.
constexpr int firstPostgresVersion = 6;

class PostgresDialect final : public SqlDialect {
  public:
    QString driver() const override { return QStringLiteral("QPSQL"); }
    QString name() const override { return QStringLiteral("PostgreSQL"); }

    QList<Setting> setup(int lockWaitMs) const override {
        // A writer waits for another's row or table lock as long as SQLite's
        // busy timeout lets it; the server's notices are not ours to print.
        // The application name carries this host's name to the audit
        // trail, beside the address the server sees (docs/store-role.sql).
        QString host = LocalActor::host();
        host.replace(QLatin1Char('\''), QLatin1String("''"));
        return {{QStringLiteral("SELECT 1"), {}},
                {QStringLiteral("SET lock_timeout = %1").arg(lockWaitMs), {}},
                {QStringLiteral("SET client_min_messages = warning"), {}},
                {QStringLiteral("SET application_name = 'burstlab@%1'").arg(host), {}}};
    }
    // The version is the comment of the runs table: readable (as 0) before
    // the table exists, and written in the migration's own transaction.
    QString schemaVersionQuery() const override {
        return QStringLiteral(
            "SELECT coalesce(obj_description(to_regclass('runs'), 'pg_class')::integer, 0)");
    }
    QString setSchemaVersion(int version) const override {
        return QStringLiteral("COMMENT ON TABLE runs IS '%1'").arg(version);
    }
    QString beginWrite() const override { return QStringLiteral("BEGIN"); }
    // A writer's session acts as burstlab_writers (docs/store-role.sql), so
    // the privileges asked are current_user's; the role named is the login.
    // Before the first writer there is no runs table: creating it is writing.
    // A superuser login keeps its power whatever role its session acts as.
    QString writeAccessQuery() const override {
        return QStringLiteral("SELECT coalesce(has_table_privilege(to_regclass('runs'), 'UPDATE'), "
                              "has_schema_privilege(current_schema(), 'CREATE'), false), "
                              "session_user, "
                              "(SELECT rolsuper FROM pg_roles WHERE rolname = session_user)");
    }
    QString schemaLock(bool take) const override {
        return QStringLiteral("SELECT %1(hashtext('burstlab schema'))")
            .arg(take ? QLatin1String("pg_advisory_lock") : QLatin1String("pg_advisory_unlock"));
    }
    // The trail lives in a schema of its own, burstlab_audit: on a lab's
    // server it and its table and functions belong to a role no writer is
    // (docs/store-role.sql, run by a superuser), so that writers, whose
    // group owns the database and its public schema, can neither change
    // nor drop it. Here the writer makes what is missing (a database made
    // without store-role.sql: its trail is its writers' own, and stays
    // empty) and attaches the triggers when the server has them.
    QStringList auditTrail() const override {
        // Each step only where it is missing: a writer may not even name a
        // new table in the auditor's schema.
        return {QStringLiteral("DO $$ BEGIN"
                               " IF to_regnamespace('burstlab_audit') IS NULL THEN"
                               " CREATE SCHEMA burstlab_audit; END IF;"
                               " IF to_regclass('%1') IS NULL THEN %2;"
                               " CREATE INDEX run_audit_run ON %1(run_id, id); END IF;"
                               " IF to_regproc('burstlab_audit.attach') IS NOT NULL THEN"
                               " PERFORM burstlab_audit.attach(); END IF; END $$")
                    .arg(auditTable(), auditTableStatement(auditTable()))};
    }
    QString auditTable() const override { return QStringLiteral("burstlab_audit.run_audit"); }
    bool prepareConnection(const QSqlDatabase &) const override { return true; }
    QString migration(const QString &statement, int version) const override {
        // Migrations before PostgreSQL stores existed move data with
        // SQLite's JSON functions; here their tables are still empty.
        static const QRegularExpression dataMove(QStringLiteral("^(INSERT|UPDATE) "));
        if (version <= firstPostgresVersion && dataMove.match(statement).hasMatch())
            return {};
        // SQLite's INTEGER is 64 bits and REAL a double; its INTEGER
        // PRIMARY KEY numbers new rows.
        static const QRegularExpression key(QStringLiteral("\\bINTEGER PRIMARY KEY(?=[,)])"));
        static const QRegularExpression integer(QStringLiteral("\\bINTEGER\\b"));
        static const QRegularExpression real(QStringLiteral("\\bREAL\\b"));
        QString sql = statement;
        sql.replace(key, QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
        sql.replace(integer, QStringLiteral("BIGINT"));
        sql.replace(real, QStringLiteral("DOUBLE PRECISION"));
        return sql;
    }
    // Session advisory locks in a key space of burstlab's runs.
    QString holdRun(qint64 runId) const override {
        return QStringLiteral("SELECT pg_advisory_lock(hashtext('burstlab run'), %1)").arg(runId);
    }
    QString tryHoldRun(qint64 runId) const override {
        return QStringLiteral("SELECT pg_try_advisory_lock(hashtext('burstlab run'), %1)")
            .arg(runId);
    }
    QString releaseRun(qint64 runId) const override {
        return QStringLiteral("SELECT pg_advisory_unlock(hashtext('burstlab run'), %1)").arg(runId);
    }
    QString jsonArrayOf(const QString &expression) const override {
        return QStringLiteral("json_agg(%1)").arg(expression);
    }
    // The snapshot changes whenever a transaction that wrote commits.
    QString dataVersionQuery() const override {
        return QStringLiteral("SELECT hashtext(pg_current_snapshot()::text)");
    }
    QString runsChannel() const override { return QStringLiteral("burstlab_runs"); }
    QString announceRun(qint64 runId) const override {
        return QStringLiteral("SELECT pg_notify('%1', '%2')").arg(runsChannel()).arg(runId);
    }
    QString damageQuery() const override { return {}; }
    QString markQuery() const override { return {}; }
    QString setMark() const override { return {}; }

    // SQLSTATE classes (nativeErrorCode) a user can act on.
    QString explain(const QSqlError &error) const override {
        const QString state = error.nativeErrorCode();
        const QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
        if (state == QLatin1String("42501"))
            return QStringLiteral("the role lacks a privilege on the store (%1)").arg(text);
        if (state == QLatin1String("53100"))
            return QStringLiteral("the server's disk is full (%1)").arg(text);
        if (state == QLatin1String("55P03") || state == QLatin1String("40P01"))
            return QStringLiteral("the store is locked by another program (%1)").arg(text);
        if (state.startsWith(QLatin1String("08")) || state.startsWith(QLatin1String("57P")))
            return QStringLiteral("the connection to the server was lost (%1)").arg(text);
        return text.trimmed();
    }
    // disk_full (53100): the server's disk.
    bool diskFull(const QSqlError &error) const override {
        return error.nativeErrorCode() == QLatin1String("53100");
    }
    // lock_timeout is waited for before any lock error.
    bool lockNotWaitedFor(const QSqlError &) const override { return false; }
    bool connectionLost(const QSqlError &error, bool stillOpen) const override {
        if (!stillOpen)
            return true;
        // Every error the server sends has its SQLSTATE; none comes from
        // libpq itself when the connection broke ("server closed the
        // connection unexpectedly"). Class 08 is a connection exception, 57P
        // a server shutting down, crashing or starting up.
        const QString state = error.nativeErrorCode();
        if (state.isEmpty())
            return error.type() != QSqlError::NoError && !error.databaseText().isEmpty();
        return state.startsWith(QLatin1String("08")) || state.startsWith(QLatin1String("57P"));
    }
};

} // namespace

const SqlDialect &SqlDialect::of(StoreLocation::Kind kind) {
    static const SqliteDialect sqlite;
    static const PostgresDialect postgres;
    return kind == StoreLocation::Kind::Postgres ? static_cast<const SqlDialect &>(postgres)
                                                 : sqlite;
}

} // namespace burstlab
