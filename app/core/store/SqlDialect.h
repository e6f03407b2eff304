#pragma once
#include "store/StoreLocation.h"
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

namespace burstlab {

// Everything the store says differently to SQLite and to PostgreSQL, and
// nothing else: the rest of the store's SQL is written so that both run it
// (RETURNING for new ids, ON CONFLICT for upserts, 64-bit integers and
// doubles declared as INTEGER and REAL and widened here for PostgreSQL).
class SqlDialect {
  public:
    static const SqlDialect &of(StoreLocation::Kind kind);
    virtual ~SqlDialect() = default;

    // Qt's driver, and the back end's name for errors.
    virtual QString driver() const = 0;
    virtual QString name() const = 0;

    // A new connection's settings, in order. The first is a plain read, so
    // that a foreign or corrupt store is named as such; the second is the
    // lock wait, so that every later step (and a read-only connection, which
    // takes only these two) waits for another program's lock instead of
    // failing at once; a step with an `answer` must answer it (case aside),
    // else the store cannot be used.
    struct Setting {
        QString sql;
        QString answer;
    };
    virtual QList<Setting> setup(int lockWaitMs) const = 0;

    // The schema version: a query answering one number, and the statement
    // that sets it inside a migration's transaction.
    virtual QString schemaVersionQuery() const = 0;
    virtual QString setSchemaVersion(int version) const = 0;
    // A write transaction's first statement. SQLite's takes the write lock
    // at once, so a read-then-write inside cannot fail half-way.
    virtual QString beginWrite() const = 0;
    // Taken before a migration's transaction and given back after it, so
    // that two programs opening a store at once migrate it once; empty when
    // beginWrite() already does. Before, not inside: the transaction must
    // start after the other's commit to see the tables it made.
    virtual QString schemaLock(bool take) const = 0;
    // A query answering whether this session may write the store (its runs,
    // or its schema while it has none), the role it logged in as and
    // whether that role is a superuser; empty where the file's own modes
    // tell instead (SQLite).
    virtual QString writeAccessQuery() const = 0;
    // A migration's statement (Schema) as this back end runs it when it
    // takes the store to `version`; empty to skip it.
    virtual QString migration(const QString &statement, int version) const = 0;
    // The statements that make the database itself record who edits and
    // deletes runs (in run_audit) and who creates them (runs.created_by,
    // created_host), whatever client issues them: Schema's migration 8.
    virtual QStringList auditTrail() const = 0;
    // The trail's table, as statements name it.
    virtual QString auditTable() const = 0;
    // What a new connection needs before its first statement: SQLite's the
    // function its audit triggers call (LocalActor); false if it cannot.
    virtual bool prepareConnection(const QSqlDatabase &db) const = 0;

    // A running run's writer holds it in its own session, which ends with
    // its connection, so a dead writer is told on any host. tryHoldRun
    // answers whether it was free (and is now this session's); empty where
    // the back end has no sessions (SQLite: the owner's process tells).
    virtual QString holdRun(qint64 runId) const = 0;
    virtual QString tryHoldRun(qint64 runId) const = 0;
    virtual QString releaseRun(qint64 runId) const = 0;

    // An aggregate: the JSON array of `expression` over a group's rows.
    virtual QString jsonArrayOf(const QString &expression) const = 0;
    // A query answering a number that changes when any connection commits.
    virtual QString dataVersionQuery() const = 0;
    // Where the back end tells its listeners that a run changed, and the
    // statement that tells them (with the run's id), sent when its
    // transaction commits; both empty where listeners poll dataVersionQuery.
    virtual QString runsChannel() const = 0;
    virtual QString announceRun(qint64 runId) const = 0;
    // A query answering the number that marks a store file as burstlab's,
    // and the statement that sets it (SqliteFileCheck::kApplicationId);
    // both empty where a server's database is burstlab's by its schema.
    virtual QString markQuery() const = 0;
    virtual QString setMark() const = 0;
    // A query listing what is damaged ("ok" alone when sound); empty when
    // the back end keeps its own data sound.
    virtual QString damageQuery() const = 0;
    // A failure in words a user can act on.
    virtual QString explain(const QSqlError &error) const = 0;
    // Whether the failure was the connection to the server dropping (the
    // server stopped, restarted or is unreachable), so that the same write
    // may succeed on a new connection; never a statement's own error.
    // stillOpen: whether Qt's driver still holds its connection open (its
    // PostgreSQL driver closes one whose socket the server shut, and then
    // refuses every statement with no error of the server's).
    virtual bool connectionLost(const QSqlError &error, bool stillOpen) const = 0;
    // Whether the failure was the disk (or the server's disk) being full.
    virtual bool diskFull(const QSqlError &error) const = 0;
    // Whether the failure was a lock that the back end gave up on at once,
    // without its lock wait, so that the same statement may succeed when
    // tried again: SQLite's switch of a new file to WAL, which two programs
    // opening the file together race for.
    virtual bool lockNotWaitedFor(const QSqlError &error) const = 0;
};

} // namespace burstlab
