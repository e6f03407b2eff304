#pragma once
#include "model/LoadSample.h"
#include "model/Point.h"
#include "model/Run.h"
#include "model/RunData.h"
#include "model/RunSummary.h"
#include "model/Sample.h"
#include "model/StepResult.h"
#include "store/RunFilter.h"
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QVariantList>
#include <QtGlobal>
#include <functional>
#include <memory>
#include <optional>

class QSqlDatabase;
class QSqlQuery;

namespace burstlab {

class RunNotices;
class SqlDialect;

// All runs, steps and samples in one SQLite file, or in one PostgreSQL
// database (StoreLocation), with the same schema and SQL (SqlDialect holds
// the differences). A QSqlDatabase connection belongs to the thread that
// opened it, so use one RunStore per thread; each gets its own connection
// name. Several RunStore objects (and processes, and hosts on PostgreSQL) may
// share one store: WAL mode and a busy timeout, or the server's row locks
// and a lock timeout, let them take turns.
//
// Every call reports failure: std::nullopt or false, with lastError() saying
// what went wrong. Nothing is swallowed.
class RunStore {
  public:
    static constexpr int schemaVersion = 7;

    RunStore();
    ~RunStore();
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    // GenericDataLocation/burstlab/burstlab.sqlite (~/.local/share/burstlab/),
    // the same for every program whatever its organisation name.
    static QString defaultPath();

    enum class Access {
        ReadWrite,
        // For those who only read (list, show, compare, export): a store
        // that cannot be written (a read-only file system, another user's
        // file, a PostgreSQL role that may only read) opens read-only
        // instead of failing; see isReadOnly().
        ReadOnlyIfNeeded,
    };
    // Opens (creating if needed) the file, default path when empty, or the
    // PostgreSQL database a libpq URI or key=value text names. Sets WAL,
    // synchronous=NORMAL, foreign_keys=ON and a busy timeout, migrates the
    // schema, and marks runs left "running" as interrupted (see
    // recoveredOnOpen()). Errors name the file and the cause (read-only,
    // disk full, not a database, newer schema, a role that may only read).
    // Read-only, none of that is written: the schema must be current and
    // recovery waits for a writer.
    //
    // With Superuser::Refused a PostgreSQL session whose login is a
    // superuser is refused before anything is written: the GUI never holds
    // such a connection (docs/store.md).
    enum class Superuser { Allowed, Refused };
    bool open(const QString &path = {}, Access access = Access::ReadWrite,
              Superuser superuser = Superuser::Allowed);
    bool isReadOnly() const { return m_readOnly; }
    // Why the store opened read-only (what cannot be written, or the role
    // that may only read); empty when it may be written.
    QString readOnlyReason() const { return m_readOnlyWhy; }
    // What SQLite's quick_check finds wrong in the file (its first lines),
    // empty when the file is sound; nullopt (lastError()) when it cannot
    // run. Costs a read of the whole file: for a writer before it writes.
    std::optional<QString> damage();
    void close();
    bool isOpen() const;
    // A new connection in place of one that dropped (connectionLost()),
    // with the same settings, owner, held runs and watchers (watchRuns):
    // nothing is recovered, as
    // this instance's runs are alive (StoreReconnect.cpp). False when the
    // store cannot be reached, with lastError() saying why.
    bool reconnect();
    QString path() const;
    QString lastError() const;
    // Whether the last failure was the server's connection dropping (a
    // PostgreSQL store; SqlDialect::connectionLost), not the statement's own.
    bool connectionLost() const { return m_connectionLost; }
    // The runs that open() turned from "running" into "interrupted".
    QList<qint64> recoveredOnOpen() const;
    // SQLite's data_version: it changes when another connection (this
    // process's or another's) commits to the file, so a viewer polls it to
    // see runs stored elsewhere; nullopt (lastError()) when it cannot be read.
    std::optional<qint64> dataVersion();
    // Calls heard(run id), while context lives, whenever another connection
    // commits a change to a run: PostgreSQL tells its listeners (every write
    // of a run announces it). A null connection (lastError() when it is not
    // for want of notifications, as on a SQLite file) means: poll
    // dataVersion() instead.
    QMetaObject::Connection watchRuns(QObject *context, const std::function<void(qint64)> &heard);

    // Runs. createRun ignores run.id and returns the new id; created is set
    // to now (UTC) when invalid.
    std::optional<qint64> createRun(const Run &run);
    // Name, label, notes and tags of run.id.
    bool updateRun(const Run &run);
    bool setRunStatus(qint64 runId, RunStatus status, const QString &error = {});
    // The engine's hello, the fingerprint and the checklist, once known.
    bool setRunContext(qint64 runId, const QJsonObject &hello, const QJsonObject &fingerprint,
                       const QJsonArray &checklist);
    // Summaries of the runs the filter selects, newest first: no steps,
    // samples or documents (hello, fingerprint, checklist) are loaded.
    std::optional<QList<RunSummary>> listRuns(const RunFilter &filter = {});
    // How many runs the filter selects, whatever its limit.
    std::optional<qint64> countRuns(const RunFilter &filter = {});
    // Whether run runId exists: false is not an error.
    std::optional<bool> hasRun(qint64 runId);
    std::optional<Run> loadRun(qint64 runId);
    // The run, all its steps and all their samples, and its load samples.
    std::optional<RunData> loadRunData(qint64 runId);
    // Deletes the run with its steps, samples and tags.
    bool deleteRun(qint64 runId);

    // Steps: one per repetition at a point. beginStep stores a "running"
    // step and returns its id; finishStep stores result (by result.id): its
    // status, times, totals and derived numbers.
    std::optional<qint64> beginStep(qint64 runId, const Point &point, int rep, int seq);
    bool finishStep(const StepResult &result);
    // In execution order (seq).
    std::optional<QList<StepResult>> stepsOf(qint64 runId);

    // Each sample is its own transaction: it survives a crash right after.
    bool addSample(qint64 stepId, const Sample &sample);
    std::optional<QList<Sample>> samplesOf(qint64 stepId);

    // What the load watch saw beside a run's sweep, in time order.
    bool addLoadSample(qint64 runId, const LoadSample &sample);
    std::optional<QList<LoadSample>> loadSamplesOf(qint64 runId);

    // Points with at least spec.reps completed steps: a resumed sweep skips them.
    std::optional<QList<Point>> completedPoints(qint64 runId);

    // Marks every "running" run (and its running steps) as interrupted,
    // keeping its data; returns their ids. open() calls it.
    std::optional<QList<qint64>> recoverInterrupted();

    // Complete runs inserted in one transaction, all or none (an import's
    // file); returns their ids in order.
    std::optional<QList<qint64>> insertRuns(const QList<RunData> &runs);
    std::optional<qint64> insertRunData(const RunData &data);
    // Single-run JSON file (RunData::toJson); an import of format json reads it back.
    bool exportRunJson(qint64 runId, const QString &file);

  private:
    QSqlDatabase database() const;
    bool fail(const QString &message);
    // "<what> (<file>): <SQLite's error in words>"
    bool fail(const QString &what, const QSqlQuery &query);
    // After the session was dropped for a lost connection (m_lost), every
    // statement fails for that reason (exec, execText), without reaching
    // Qt, which would warn that the database is not open.
    bool failLost(const QString &what);
    bool exec(QSqlQuery &query, const QString &what);
    bool execText(const QString &sql, const QString &what);
    // exec, and an error naming runId when no row changed.
    bool changed(QSqlQuery &query, const QString &what, qint64 runId);
    QSqlQuery prepare(const QString &sql, const QVariantList &values);
    bool configureConnection();
    // A store file's folder: there, or made when it is the default one's.
    bool prepareFolder(bool isDefault);
    bool openReadOnly(const QString &why);
    // After the connection's settings: the schema migrated and the dead
    // writers' runs recovered, or, when the session may only read, a
    // read-only store (its schema current) or a failure for a writer.
    bool startSession(Access access, Superuser superuser);
    // What the server says of this session's login (a file: a writer, no
    // login).
    struct SessionRole {
        bool mayWrite = true;
        bool superuser = false;
        QString login;
    };
    std::optional<SessionRole> sessionRole();
    // Fails, saying a writer must bring it up to date, unless the schema is
    // this burstlab's.
    bool schemaIsCurrent();
    std::optional<int> userVersion();
    // A query that answers one number; `what` names it in an error.
    std::optional<qint64> number(const QString &sql, const QString &what);
    bool migrate();
    // The dialect's write BEGIN; work; COMMIT, or ROLLBACK keeping work's error.
    bool inTransaction(const QString &what, const std::function<bool()> &work);
    std::optional<qint64> insertRun(const Run &run);
    // Whether the writer of running run runId (its owner token) is alive:
    // this instance; on PostgreSQL, a session holding the run (any host),
    // else a live process of this host (RunOwner).
    std::optional<bool> writerAlive(qint64 runId, const QString &owner);
    // Tells the store's listeners that runId changed, on commit (PostgreSQL).
    bool announce(qint64 runId);
    // Makes notices listen on this session's connection.
    bool listen(RunNotices &notices);
    // Closes and forgets this session's connection, its driver with it.
    void dropSession();
    // Holds runId in this session while it runs (PostgreSQL), releases it after.
    bool holdRun(qint64 runId, bool running);
    std::optional<qint64> insertStep(qint64 runId, const StepResult &step);
    bool writeTags(qint64 runId, const QStringList &tags);
    // Inserts or replaces run.hello, .fingerprint and .checklist of runId.
    bool writeDocuments(qint64 runId, const Run &run);
    std::optional<QStringList> tagsOf(qint64 runId);
    // " WHERE ..." selecting runs r by filter (no limit), and its values.
    static QString whereClause(const RunFilter &filter, QVariantList *values);

    QString m_connection;
    QString m_path;              // the file or connection, as opened
    const SqlDialect *m_dialect; // of the store opened last (SQLite's before)
    QString m_error;
    QString m_owner; // RunOwner token of this open connection
    bool m_readOnly = false;
    QString m_readOnlyWhy;
    bool m_connectionLost = false;
    QList<qint64> m_recovered;
    QSet<qint64> m_held; // running runs this session holds
    std::unique_ptr<QSqlQuery> m_insertSample;
    std::unique_ptr<RunNotices> m_notices; // relays watchRuns across reconnects
    QString m_lost;                        // why the session was dropped, until a reconnect
};

} // namespace burstlab
