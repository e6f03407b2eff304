// The runs' records: a run's row, its documents (hello, fingerprint,
// checklist) and its tags; the runs left running by a writer that is gone.
#include "store/RunRecords.h"
#include "model/JsonReader.h"
#include "stats/PointStats.h"
#include "store/LocalActor.h"
#include "store/RunOwner.h"
#include "store/SqlDialect.h"
#include "store/StoreRows.h"
#include "store/StoreSession.h"
#include <QSqlQuery>

namespace burstlab {

using namespace storerows;

std::optional<qint64> RunRecords::insert(const Run &run) {
    const QDateTime created = run.created.isValid() ? run.created : QDateTime::currentDateTimeUtc();
    QSqlQuery q = m_session.prepare(
        QStringLiteral("INSERT INTO runs (name, label, notes, created, status, error, sweep, "
                       "tx_port, source, owner, created_by, created_host) VALUES (?, ?, ?, ?, ?, "
                       "?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {run.name, run.label, run.notes, dateTimeText(created), toString(run.status), run.error,
         jsonText(run.spec.toJson()), jsonText(run.txPort()), run.source,
         run.status == RunStatus::Running ? m_session.owner() : QString(), LocalActor::user(),
         LocalActor::host()});
    QVariant returned;
    if (!m_session.returning(q, QStringLiteral("storing a run"), &returned) || !returned.isValid())
        return std::nullopt;
    const qint64 id = returned.toLongLong();
    if (!writeDocuments(id, run) || !writeTags(id, run.tags) ||
        !m_session.holdRun(id, run.status == RunStatus::Running) || !m_session.announce(id))
        return std::nullopt;
    return id;
}

bool RunRecords::writeDocuments(qint64 runId, const Run &run) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("INSERT INTO run_documents (run_id, hello, fingerprint, checklist) "
                       "VALUES (?, ?, ?, ?) ON CONFLICT (run_id) DO UPDATE SET "
                       "hello = excluded.hello, fingerprint = excluded.fingerprint, "
                       "checklist = excluded.checklist"),
        {runId, jsonText(run.hello), jsonText(run.fingerprint), jsonText(run.checklist)});
    return m_session.exec(q, QStringLiteral("storing the context of run %1").arg(runId));
}

bool RunRecords::writeTags(qint64 runId, const QStringList &tags) {
    QSqlQuery clear =
        m_session.prepare(QStringLiteral("DELETE FROM tags WHERE run_id = ?"), {runId});
    if (!m_session.exec(clear, QStringLiteral("storing tags")))
        return false;
    for (const QString &tag : tags) {
        QSqlQuery q =
            m_session.prepare(QStringLiteral("INSERT INTO tags (run_id, tag) VALUES (?, ?) "
                                             "ON CONFLICT DO NOTHING"),
                              {runId, tag.trimmed()});
        if (!tag.trimmed().isEmpty() && !m_session.exec(q, QStringLiteral("storing tags")))
            return false;
    }
    return true;
}

std::optional<QStringList> RunRecords::tagsOf(qint64 runId) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT tag FROM tags WHERE run_id = ? ORDER BY tag"), {runId});
    if (!m_session.exec(q, QStringLiteral("reading tags")))
        return std::nullopt;
    QStringList tags;
    while (q.next())
        tags << q.value(0).toString();
    return tags;
}

std::optional<qint64> RunRecords::create(const Run &run) {
    std::optional<qint64> id;
    if (!m_session.inTransaction(QStringLiteral("storing a run"),
                                 [&] { return (id = insert(run)).has_value(); }))
        return std::nullopt;
    return id;
}

bool RunRecords::changed(QSqlQuery &query, const QString &what, qint64 runId) {
    if (!m_session.exec(query, what))
        return false;
    if (query.numRowsAffected() == 0)
        return m_session.fail(
            QStringLiteral("%1: no run %2 in %3").arg(what).arg(runId).arg(m_session.path()));
    return true;
}

bool RunRecords::update(const Run &run) {
    const QString what = QStringLiteral("updating run %1").arg(run.id);
    return m_session.inTransaction(what, [&] {
        QSqlQuery q = m_session.prepare(
            QStringLiteral("UPDATE runs SET name = ?, label = ?, notes = ? WHERE id = ?"),
            {run.name, run.label, run.notes, run.id});
        return changed(q, what, run.id) && writeTags(run.id, run.tags) &&
               m_session.announce(run.id);
    });
}

bool RunRecords::setStatus(qint64 runId, RunStatus status, const QString &error) {
    // A run that leaves "running" no longer has an owner to protect it; a
    // running run's steps change, so it keeps no best figure. One write
    // transaction: its best figure is read and written under the write lock,
    // which a read begun outside could not take while another program
    // commits (SQLite says "database is locked" at once, without waiting).
    const QString what = QStringLiteral("setting the status of run %1").arg(runId);
    return m_session.inTransaction(what, [&] {
        QSqlQuery q = m_session.prepare(
            QStringLiteral("UPDATE runs SET status = ?, error = ?, owner = ?, best_pps = NULL, "
                           "best_pps_formula = NULL WHERE id = ?"),
            {toString(status), error, status == RunStatus::Running ? m_session.owner() : QString(),
             runId});
        return changed(q, what, runId) && (status == RunStatus::Running || storeBestPps(runId)) &&
               m_session.holdRun(runId, status == RunStatus::Running) && m_session.announce(runId);
    });
}

bool RunRecords::setContext(qint64 runId, const QJsonObject &hello, const QJsonObject &fingerprint,
                            const QJsonArray &checklist) {
    Run run;
    run.hello = hello;
    run.fingerprint = fingerprint;
    run.checklist = checklist;
    const QString what = QStringLiteral("storing the context of run %1").arg(runId);
    return m_session.inTransaction(what, [&] {
        QSqlQuery q = m_session.prepare(QStringLiteral("UPDATE runs SET tx_port = ? WHERE id = ?"),
                                        {jsonText(run.txPort()), runId});
        return changed(q, what, runId) && writeDocuments(runId, run) && m_session.announce(runId);
    });
}

QString RunRecords::whereClause(const RunFilter &filter, QVariantList *values) {
    QStringList terms;
    if (!filter.label.isEmpty()) {
        terms << QStringLiteral("r.label = ?");
        *values << filter.label;
    }
    if (filter.status) {
        terms << QStringLiteral("r.status = ?");
        *values << toString(*filter.status);
    }
    if (!filter.tag.isEmpty()) {
        terms << QStringLiteral("r.id IN (SELECT run_id FROM tags WHERE tag = ?)");
        *values << filter.tag;
    }
    if (filter.olderThan > 0) {
        // The list's own order, so pages neither skip nor repeat a run.
        terms << QStringLiteral("(r.created, r.id) < (SELECT created, id FROM runs WHERE id = ?)");
        *values << filter.olderThan;
    }
    return terms.isEmpty() ? QString()
                           : QStringLiteral(" WHERE ") + terms.join(QStringLiteral(" AND "));
}

std::optional<QList<RunSummary>> RunRecords::list(const RunFilter &filter) {
    // One row per run: the completed steps' count comes from the steps_rates
    // index alone, the tags from their primary key, and the best figure is
    // kept beside the row once the run stops running (storeBestPps); only a
    // run without a current one has its steps read.
    QVariantList values;
    const QString where = whereClause(filter, &values);
    QString limit;
    if (filter.limit > 0) {
        limit = QStringLiteral(" LIMIT ?");
        values << filter.limit;
    }
    QSqlQuery q = m_session.prepare(
        QStringLiteral(
            "SELECT r.id, r.name, r.label, r.created, r.status, r.tx_port, r.sweep, r.source,"
            " (SELECT count(*) FROM steps s WHERE s.run_id = r.id AND s.status = 'completed'),"
            " (SELECT %1 FROM tags t WHERE t.run_id = r.id),"
            " r.created_by, r.created_host, r.best_pps,"
            " CASE WHEN r.status <> 'running' AND r.best_pps_formula = %4 THEN 1 ELSE 0 END"
            " FROM runs r%2 ORDER BY r.created DESC, r.id DESC%3")
            .arg(m_session.dialect().jsonArrayOf(QStringLiteral("t.tag")), where, limit)
            .arg(PointStats::kBestPpsFormula),
        values);
    q.setForwardOnly(true);
    if (!m_session.exec(q, QStringLiteral("listing runs")))
        return std::nullopt;
    QList<RunSummary> list;
    QList<std::pair<qsizetype, SweepSpec>> unkept; // runs whose figure is not kept
    while (q.next()) {
        RunSummary s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.label = q.value(2).toString();
        s.created = dateTimeFromText(q.value(3).toString());
        s.status = runStatusFromString(q.value(4).toString()).value_or(RunStatus::Failed);
        s.device = Run::deviceOf(jsonDocument(q.value(5)).object());
        const SweepSpec spec =
            SweepSpec::fromJson(jsonDocument(q.value(6)).object(), nullptr).value_or(SweepSpec{});
        s.sweep = spec.describe();
        s.engineKind = spec.engine.kind;
        s.source = q.value(7).toString();
        s.importOrigin = spec.importOrigin;
        s.steps = q.value(8).toInt();
        for (const QJsonValue &tag : jsonDocument(q.value(9)).array())
            s.tags << tag.toString();
        s.tags.sort();
        s.createdBy = q.value(10).toString();
        s.createdHost = q.value(11).toString();
        if (q.value(13).toInt() == 1) {
            if (!q.value(12).isNull())
                s.bestPps = q.value(12).toDouble();
        } else {
            unkept.append({list.size(), spec});
        }
        list << s;
    }
    for (const auto &[i, spec] : unkept) {
        const auto best = bestPpsOf(list[i].id, spec);
        if (!best)
            return std::nullopt;
        if (*best)
            list[i].bestPps = double(**best);
    }
    return list;
}

std::optional<std::optional<qint64>> RunRecords::bestPpsOf(qint64 runId, const SweepSpec &spec) {
    // The best pps of a run is its best point figure (the median of a
    // point's valid repetitions under the run's own noise policy), the
    // number show, compare and the exports print, not its fastest single
    // repetition: the figures alone (PointStats::bestPpsOf), of the rate
    // columns alone (and the totals of a step whose rate is 0).
    QSqlQuery rates = m_session.prepare(
        QStringLiteral("SELECT %1, totals FROM steps WHERE run_id = ? ORDER BY seq, id")
            .arg(rateColumns),
        {runId});
    rates.setForwardOnly(true);
    if (!m_session.exec(rates, QStringLiteral("reading the rates of run %1").arg(runId)))
        return std::nullopt;
    QList<StepResult> steps;
    QHash<QString, Point> points;
    while (rates.next()) {
        StepResult step = rateFrom(rates, &points);
        // An imported step that states no rate (a perf profile, netperf's
        // figures) is stored with a pps of 0; its totals say so
        // (StepResult::statesRate), read only for such a step.
        if (!step.measured && step.pps == 0)
            step.setTotals(jsonDocument(rates.value(8)).object());
        steps << step;
    }
    Run run;
    run.spec = spec;
    return PointStats::bestPpsOf(run, steps);
}

bool RunRecords::storeBestPps(qint64 runId) {
    const QString what = QStringLiteral("keeping the best figure of run %1").arg(runId);
    QSqlQuery q = m_session.prepare(QStringLiteral("SELECT sweep FROM runs WHERE id = ?"), {runId});
    if (!m_session.exec(q, what))
        return false;
    if (!q.next())
        return m_session.fail(
            QStringLiteral("%1: no run %2 in %3").arg(what).arg(runId).arg(m_session.path()));
    const SweepSpec spec =
        SweepSpec::fromJson(jsonDocument(q.value(0)).object(), nullptr).value_or(SweepSpec{});
    const auto best = bestPpsOf(runId, spec);
    if (!best)
        return false;
    QSqlQuery keep = m_session.prepare(
        QStringLiteral("UPDATE runs SET best_pps = ?, best_pps_formula = ? WHERE id = ?"),
        {*best ? QVariant(double(**best)) : QVariant(), PointStats::kBestPpsFormula, runId});
    return m_session.exec(keep, what);
}

bool RunRecords::refreshBestPps() {
    QSqlQuery q =
        m_session.prepare(QStringLiteral("SELECT id FROM runs WHERE status <> 'running' AND "
                                         "(best_pps_formula IS NULL OR best_pps_formula <> ?)"),
                          {PointStats::kBestPpsFormula});
    if (!m_session.exec(q, QStringLiteral("finding runs without a kept best figure")))
        return false;
    QList<qint64> ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    if (ids.isEmpty())
        return true;
    return m_session.inTransaction(
        QStringLiteral("keeping the best figures of %1 runs").arg(ids.size()), [&] {
            return std::all_of(ids.cbegin(), ids.cend(),
                               [this](qint64 id) { return storeBestPps(id); });
        });
}

std::optional<QString> RunRecords::missingText(qint64 runId) {
    const auto deleted = deletionOf(runId);
    if (!deleted)
        return std::nullopt;
    const QString missing = QStringLiteral("no run %1 in %2").arg(runId).arg(m_session.path());
    return deleted->isEmpty() ? missing : missing + QStringLiteral(": ") + *deleted;
}

std::optional<QString> RunRecords::deletionOf(qint64 runId) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT by_role, host, at, what FROM %1 WHERE run_id = ? AND "
                       "action = 'deleted' ORDER BY id DESC LIMIT 1")
            .arg(m_session.dialect().auditTable()),
        {runId});
    if (!m_session.exec(q, QStringLiteral("reading the audit trail of run %1").arg(runId)))
        return std::nullopt;
    if (!q.next())
        return QString();
    return QStringLiteral("run %1 (%2) was deleted by %3 on %4 at %5")
        .arg(runId)
        .arg(q.value(3).toString(), q.value(0).toString(), q.value(1).toString(),
             dateTimeFromText(q.value(2).toString()).toString(Qt::ISODate));
}

std::optional<qint64> RunRecords::count(const RunFilter &filter) {
    QVariantList values;
    const QString where = whereClause(filter, &values);
    QSqlQuery q =
        m_session.prepare(QStringLiteral("SELECT count(*) FROM runs r%1").arg(where), values);
    if (!m_session.exec(q, QStringLiteral("counting runs")) || !q.next()) {
        m_session.fail(QStringLiteral("counting runs"), q);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<bool> RunRecords::has(qint64 runId) {
    QSqlQuery q = m_session.prepare(QStringLiteral("SELECT 1 FROM runs WHERE id = ?"), {runId});
    if (!m_session.exec(q, QStringLiteral("looking up run %1").arg(runId)))
        return std::nullopt;
    return q.next();
}

std::optional<QList<qint64>> RunRecords::importedFrom(const QString &sha256) {
    // The digest is 64 hex digits, so it holds no LIKE wildcard; it sits in
    // the sweep document (SweepSpec::importOrigin), which no index serves:
    // imports are rare, and the scan reads only imported runs' rows.
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT id FROM runs WHERE source LIKE 'import:%' AND sweep LIKE ? "
                       "ORDER BY id"),
        {QStringLiteral("%\"sha256\":\"%1\"%").arg(sha256)});
    if (!m_session.exec(q, QStringLiteral("looking up earlier imports")))
        return std::nullopt;
    QList<qint64> ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    return ids;
}

std::optional<Run> RunRecords::load(qint64 runId) {
    QSqlQuery q =
        m_session.prepare(QStringLiteral("SELECT %1 FROM runs r LEFT JOIN run_documents d ON "
                                         "d.run_id = r.id WHERE r.id = ?")
                              .arg(runColumns),
                          {runId});
    if (!m_session.exec(q, QStringLiteral("loading run %1").arg(runId)))
        return std::nullopt;
    if (!q.next()) {
        if (const auto missing = missingText(runId))
            m_session.fail(*missing);
        return std::nullopt;
    }
    Run run;
    run.id = q.value(0).toLongLong();
    run.name = q.value(1).toString();
    run.label = q.value(2).toString();
    run.notes = q.value(3).toString();
    run.created = dateTimeFromText(q.value(4).toString());
    run.status = runStatusFromString(q.value(5).toString()).value_or(RunStatus::Failed);
    run.error = q.value(6).toString();
    QString why;
    const auto spec = SweepSpec::fromJson(jsonDocument(q.value(7)).object(), &why);
    if (!spec) {
        m_session.fail(QStringLiteral("run %1 in %2 has an unreadable sweep: %3")
                           .arg(runId)
                           .arg(m_session.path(), why));
        return std::nullopt;
    }
    run.spec = *spec;
    run.hello = jsonDocument(q.value(8)).object();
    run.fingerprint = jsonDocument(q.value(9)).object();
    run.checklist = jsonDocument(q.value(10)).array();
    run.source = q.value(11).toString();
    run.createdBy = q.value(12).toString();
    run.createdHost = q.value(13).toString();
    const auto tags = tagsOf(runId);
    if (!tags)
        return std::nullopt;
    run.tags = *tags;
    return run;
}

bool RunRecords::remove(qint64 runId) {
    QSqlQuery q = m_session.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"), {runId});
    return changed(q, QStringLiteral("deleting run %1").arg(runId), runId) &&
           m_session.announce(runId);
}

std::optional<QList<qint64>> RunRecords::goneWriters() {
    const QString what = QStringLiteral("recovering interrupted runs");
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT id, owner FROM runs WHERE status = 'running'"), {});
    if (!m_session.exec(q, what))
        return std::nullopt;
    QList<std::pair<qint64, QString>> running;
    while (q.next())
        running.append({q.value(0).toLongLong(), q.value(1).toString()});
    QList<qint64> gone;
    for (const auto &[id, owner] : running) {
        const auto alive = writerAlive(id, owner);
        if (!alive)
            return std::nullopt;
        if (!*alive)
            gone << id;
    }
    return gone;
}

std::optional<QList<qint64>> RunRecords::recoverInterrupted() {
    // A look before the write lock: a program that only lists runs while
    // others sweep takes no lock from their writes, nor waits on a long one.
    const auto seen = goneWriters();
    if (!seen || seen->isEmpty())
        return seen;
    QList<qint64> recovered;
    const bool ok = m_session.inTransaction(QStringLiteral("recovering interrupted runs"), [&] {
        // Again under the lock: another program may have marked them since.
        const auto gone = goneWriters();
        if (!gone)
            return false;
        recovered = *gone;
        for (qint64 id : recovered) {
            QSqlQuery steps =
                m_session.prepare(QStringLiteral("UPDATE steps SET status = 'interrupted' "
                                                 "WHERE run_id = ? AND status = 'running'"),
                                  {id});
            QSqlQuery run =
                m_session.prepare(QStringLiteral("UPDATE runs SET status = 'interrupted', "
                                                 "owner = '' WHERE id = ?"),
                                  {id});
            if (!m_session.exec(steps, QStringLiteral("recovering run %1").arg(id)) ||
                !m_session.exec(run, QStringLiteral("recovering run %1").arg(id)) ||
                !storeBestPps(id) || !m_session.announce(id))
                return false;
        }
        return true;
    });
    if (!ok)
        return std::nullopt;
    return recovered;
}

std::optional<bool> RunRecords::writerAlive(qint64 runId, const QString &owner) {
    if (owner == m_session.owner())
        return true;
    const QString tryHold = m_session.dialect().tryHoldRun(runId);
    if (tryHold.isEmpty())
        return RunOwner::isLive(owner);
    const QString what = QStringLiteral("recovering run %1").arg(runId);
    QSqlQuery q = m_session.prepare(tryHold, {});
    if (!m_session.exec(q, what) || !q.next()) {
        m_session.fail(what, q);
        return std::nullopt;
    }
    if (!q.value(0).toBool())
        return true; // its writer's session holds it
    if (!m_session.execText(m_session.dialect().releaseRun(runId), what))
        return std::nullopt;
    // A writer on this host whose connection dropped is still alive.
    return RunOwner::isOnThisHost(owner) && RunOwner::isLive(owner);
}

} // namespace burstlab
