#pragma once
#include "model/Run.h"
#include "model/RunSummary.h"
#include "store/RunFilter.h"
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <optional>

class QSqlQuery;

namespace burstlab {

class StoreSession;

// The runs of a store: each run's row, its documents (hello, fingerprint,
// checklist) and its tags, written and read through one session. What each
// call does is RunStore's to say (RunStore.h); a run that is "running" is
// held by the session that writes it and names it as its owner.
class RunRecords {
  public:
    explicit RunRecords(StoreSession &session) : m_session(session) {}

    // In a transaction of its own.
    std::optional<qint64> create(const Run &run);
    // Inside the caller's transaction (an import's).
    std::optional<qint64> insert(const Run &run);
    bool update(const Run &run);
    bool setStatus(qint64 runId, RunStatus status, const QString &error);
    bool setContext(qint64 runId, const QJsonObject &hello, const QJsonObject &fingerprint,
                    const QJsonArray &checklist);
    std::optional<QList<RunSummary>> list(const RunFilter &filter);
    std::optional<qint64> count(const RunFilter &filter);
    std::optional<bool> has(qint64 runId);
    // The runs imported from content with this SHA-256 (ImportOrigin), oldest first.
    std::optional<QList<qint64>> importedFrom(const QString &sha256);
    std::optional<Run> load(qint64 runId);
    bool remove(qint64 runId);
    // Marks every run left "running" by a writer that is gone (and its
    // running steps) as interrupted; returns their ids.
    std::optional<QList<qint64>> recoverInterrupted();
    // Keeps the best point figure of a run that is no longer running beside
    // its row (PointStats::bestPpsOf), so that lists need not read its steps.
    bool storeBestPps(qint64 runId);
    // The same for every such run whose kept figure is missing or was made
    // by another formula (a store made before schema 8, a newer burstlab).
    bool refreshBestPps();
    // What to say of a run id the store does not hold: "no run 7 in STORE",
    // with who deleted it and when where the audit trail recorded it.
    std::optional<QString> missingText(qint64 runId);

  private:
    // The audit trail's record of run runId's deletion: "run 7 (NAME) was
    // deleted by alice on lab1 at ...", or empty when none is recorded.
    std::optional<QString> deletionOf(qint64 runId);
    // The best figure of run runId from its steps' rate columns.
    std::optional<std::optional<qint64>> bestPpsOf(qint64 runId, const SweepSpec &spec);
    // exec, and an error naming runId when no row changed.
    bool changed(QSqlQuery &query, const QString &what, qint64 runId);
    bool writeTags(qint64 runId, const QStringList &tags);
    // Inserts or replaces run.hello, .fingerprint and .checklist of runId.
    bool writeDocuments(qint64 runId, const Run &run);
    std::optional<QStringList> tagsOf(qint64 runId);
    // " WHERE ..." selecting runs r by filter (no limit), and its values.
    static QString whereClause(const RunFilter &filter, QVariantList *values);
    // The runs left "running" whose writer is gone: read, never written.
    std::optional<QList<qint64>> goneWriters();
    // Whether the writer of running run runId (its owner token) is alive:
    // this session; on PostgreSQL, a session holding the run (any host),
    // else a live process of this host (RunOwner).
    std::optional<bool> writerAlive(qint64 runId, const QString &owner);

    StoreSession &m_session;
};

} // namespace burstlab
