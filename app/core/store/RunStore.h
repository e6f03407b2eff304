#pragma once
#include "model/LoadSample.h"
#include "model/Point.h"
#include "model/Run.h"
#include "model/RunData.h"
#include "model/RunSummary.h"
#include "model/Sample.h"
#include "model/StepResult.h"
#include "store/RunFilter.h"
#include "store/RunRecords.h"
#include "store/Schema.h"
#include "store/StepRecords.h"
#include "store/StoreSession.h"
#include <QList>
#include <QObject>
#include <QString>
#include <QtGlobal>
#include <functional>
#include <optional>

namespace burstlab {

// All runs, steps and samples in one SQLite file, or in one PostgreSQL
// database (StoreLocation), with the same schema and SQL (SqlDialect holds
// the differences): what the CLI, the GUI and the sweep use. It puts
// together the store's jobs, each in its own class: the connection
// (StoreSession), the schema (Schema), and the record kinds (RunRecords;
// StepRecords: steps, samples and load samples). A QSqlDatabase connection
// belongs to the thread that opened it, so use one RunStore per thread; each
// gets its own connection name. Several RunStore objects (and processes,
// and hosts on PostgreSQL) may share one store: WAL mode and a busy timeout,
// or the server's row locks and a lock timeout, let them take turns.
//
// Every call reports failure: std::nullopt or false, with lastError() saying
// what went wrong. Nothing is swallowed.
class RunStore {
  public:
    static constexpr int schemaVersion = Schema::kVersion;

    RunStore() = default;
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    // GenericDataLocation/burstlab/burstlab.sqlite (~/.local/share/burstlab/),
    // the same for every program whatever its organisation name.
    static QString defaultPath();

    // ReadOnlyIfNeeded is for those who only read (list, show, compare,
    // export): a store that cannot be written (a read-only file system,
    // another user's file, a PostgreSQL role that may only read) opens
    // read-only instead of failing; see isReadOnly().
    using Access = StoreSession::Access;
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
    using Superuser = StoreSession::Superuser;
    bool open(const QString &path = {}, Access access = Access::ReadWrite,
              Superuser superuser = Superuser::Allowed);
    bool isReadOnly() const { return m_session.isReadOnly(); }
    // Why the store opened on a full disk without marking interrupted runs
    // (the store's error then); empty when it did not. What is stored can be
    // read; a write fails until there is space.
    QString waitingForSpace() const { return m_waitingForSpace; }
    // Why the store opened read-only (what cannot be written, or the role
    // that may only read); empty when it may be written.
    QString readOnlyReason() const { return m_session.readOnlyReason(); }
    // What SQLite's quick_check finds wrong in the file (its first lines),
    // empty when the file is sound; nullopt (lastError()) when it cannot
    // run. Costs a read of the whole file: for a writer before it writes.
    std::optional<QString> damage() { return m_session.damage(); }
    void close() { m_session.close(); }
    bool isOpen() const { return m_session.isOpen(); }
    // A new connection in place of one that dropped (connectionLost()),
    // with the same settings, owner, held runs and watchers (watchRuns):
    // nothing is recovered, as
    // this instance's runs are alive (StoreReconnect.cpp). False when the
    // store cannot be reached, with lastError() saying why.
    bool reconnect() { return m_session.reconnect(); }
    // Whether its connection can drop: a server's (PostgreSQL), not a file's.
    bool canDrop() const;
    // One round trip on the connection: false, with connectionLost() when
    // the server has gone, so a window that only reads notices it.
    bool checkConnection() { return m_session.ping(); }
    QString path() const { return m_session.path(); }
    QString lastError() const { return m_session.lastError(); }
    // Whether the last failure was the server's connection dropping (a
    // PostgreSQL store; SqlDialect::connectionLost), not the statement's own.
    bool connectionLost() const { return m_session.connectionLost(); }
    // The runs that open() turned from "running" into "interrupted".
    QList<qint64> recoveredOnOpen() const { return m_recovered; }
    // SQLite's data_version: it changes when another connection (this
    // process's or another's) commits to the file, so a viewer polls it to
    // see runs stored elsewhere; nullopt (lastError()) when it cannot be read.
    std::optional<qint64> dataVersion() { return m_session.dataVersion(); }
    // Calls heard(run id), while context lives, whenever another connection
    // commits a change to a run: PostgreSQL tells its listeners (every write
    // of a run announces it). A null connection (lastError() when it is not
    // for want of notifications, as on a SQLite file) means: poll
    // dataVersion() instead.
    QMetaObject::Connection watchRuns(QObject *context, const std::function<void(qint64)> &heard) {
        return m_session.watchRuns(context, heard);
    }

    // Runs. createRun ignores run.id and returns the new id; created is set
    // to now (UTC) when invalid.
    std::optional<qint64> createRun(const Run &run) { return m_runs.create(run); }
    // Name, label, notes and tags of run.id.
    bool updateRun(const Run &run) { return m_runs.update(run); }
    bool setRunStatus(qint64 runId, RunStatus status, const QString &error = {}) {
        return m_runs.setStatus(runId, status, error);
    }
    // The engine's hello, the fingerprint and the checklist, once known.
    bool setRunContext(qint64 runId, const QJsonObject &hello, const QJsonObject &fingerprint,
                       const QJsonArray &checklist) {
        return m_runs.setContext(runId, hello, fingerprint, checklist);
    }
    // Summaries of the runs the filter selects, newest first: no steps,
    // samples or documents (hello, fingerprint, checklist) are loaded.
    std::optional<QList<RunSummary>> listRuns(const RunFilter &filter = {}) {
        return m_runs.list(filter);
    }
    // How many runs the filter selects, whatever its limit.
    std::optional<qint64> countRuns(const RunFilter &filter = {}) { return m_runs.count(filter); }
    // Whether run runId exists: false is not an error.
    std::optional<bool> hasRun(qint64 runId) { return m_runs.has(runId); }
    // What to say of an id that hasRun() does not find: "no run 7 in
    // STORE", and who deleted it when, where the audit trail says.
    std::optional<QString> missingRunText(qint64 runId) { return m_runs.missingText(runId); }
    // The runs imported from content with this SHA-256: a second import of
    // the same file finds them.
    std::optional<QList<qint64>> runsImportedFrom(const QString &sha256) {
        return m_runs.importedFrom(sha256);
    }
    std::optional<Run> loadRun(qint64 runId) { return m_runs.load(runId); }
    // The run, all its steps and all their samples, and its load samples.
    std::optional<RunData> loadRunData(qint64 runId);
    // Deletes the run with its steps, samples and tags.
    bool deleteRun(qint64 runId) { return m_runs.remove(runId); }

    // Steps: one per repetition at a point. beginStep stores a "running"
    // step and returns its id; finishStep stores result (by result.id): its
    // status, times, totals and derived numbers.
    std::optional<qint64> beginStep(qint64 runId, const Point &point, int rep, int seq) {
        return m_steps.begin(runId, point, rep, seq);
    }
    bool finishStep(const StepResult &result) { return m_steps.finish(result); }
    // In execution order (seq).
    std::optional<QList<StepResult>> stepsOf(qint64 runId) { return m_steps.of(runId); }

    // Each sample is its own transaction: it survives a crash right after.
    bool addSample(qint64 stepId, const Sample &sample) {
        return m_steps.addSample(stepId, sample);
    }
    std::optional<QList<Sample>> samplesOf(qint64 stepId) { return m_steps.samplesOf(stepId); }

    // What the load watch saw beside a run's sweep, in time order.
    bool addLoadSample(qint64 runId, const LoadSample &sample) {
        return m_steps.addLoadSample(runId, sample);
    }
    std::optional<QList<LoadSample>> loadSamplesOf(qint64 runId) {
        return m_steps.loadSamplesOf(runId);
    }

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
    StoreSession m_session;
    RunRecords m_runs{m_session};
    StepRecords m_steps{m_session};
    QString m_waitingForSpace;
    QList<qint64> m_recovered;
};

} // namespace burstlab
