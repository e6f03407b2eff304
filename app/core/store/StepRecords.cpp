// The steps of a store's runs (one per repetition at a point), their
// samples, and the load samples taken beside a run.
#include "store/StepRecords.h"
#include "model/JsonReader.h"
#include "store/StoreRows.h"
#include "store/StoreSession.h"
#include <QSqlQuery>

namespace burstlab {

using namespace storerows;

std::optional<qint64> StepRecords::begin(qint64 runId, const Point &point, int rep, int seq) {
    StepResult step;
    step.point = point;
    step.rep = rep;
    step.seq = seq;
    step.status = RunStatus::Running;
    step.started = QDateTime::currentDateTimeUtc();
    return insert(runId, step);
}

std::optional<qint64> StepRecords::insert(qint64 runId, const StepResult &step) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("INSERT INTO steps (run_id, seq, point, point_key, rep, status, started, "
                       "finished, totals, pps, tx_pkts, elapsed_ns, cycles_per_pkt, "
                       "pps_after_warmup, cpu_share, steal_share, error) VALUES (?, ?, ?, ?, ?, "
                       "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {runId, step.seq,
         QString::fromUtf8(QJsonDocument(step.point.toJson()).toJson(QJsonDocument::Compact)),
         step.point.key(), step.rep, toString(step.status), dateTimeText(step.started),
         dateTimeText(step.finished), jsonText(step.totalsJson()), step.pps, step.txPkts,
         step.elapsedNs, columnOf(step.cyclesPerPkt), columnOf(step.ppsAfterWarmup),
         cpuShareOf(step), stealShareOf(step), step.error});
    QVariant id;
    if (!m_session.returning(q, QStringLiteral("storing a step of run %1").arg(runId), &id) ||
        !id.isValid())
        return std::nullopt;
    return id.toLongLong();
}

bool StepRecords::finish(const StepResult &result) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("UPDATE steps SET status = ?, finished = ?, totals = ?, pps = ?, "
                       "tx_pkts = ?, elapsed_ns = ?, cycles_per_pkt = ?, "
                       "pps_after_warmup = ?, cpu_share = ?, steal_share = ?, error = ? "
                       "WHERE id = ? RETURNING run_id"),
        {toString(result.status),
         dateTimeText(result.finished.isValid() ? result.finished
                                                : QDateTime::currentDateTimeUtc()),
         jsonText(result.totalsJson()), result.pps, result.txPkts, result.elapsedNs,
         columnOf(result.cyclesPerPkt), columnOf(result.ppsAfterWarmup), cpuShareOf(result),
         stealShareOf(result), result.error, result.id});
    const QString what = QStringLiteral("finishing a step (steps row %1)").arg(result.id);
    QVariant runId;
    if (!m_session.returning(q, what, &runId))
        return false;
    if (!runId.isValid())
        return m_session.fail(
            QStringLiteral("%1: no step %2 in %3").arg(what).arg(result.id).arg(m_session.path()));
    return m_session.announce(runId.toLongLong());
}

std::optional<QList<StepResult>> StepRecords::of(qint64 runId) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT %1 FROM steps WHERE run_id = ? ORDER BY seq, id").arg(stepColumns),
        {runId});
    if (!m_session.exec(q, QStringLiteral("reading the steps of run %1").arg(runId)))
        return std::nullopt;
    QList<StepResult> steps;
    while (q.next())
        steps << stepFrom(q);
    return steps;
}

bool StepRecords::addSample(qint64 stepId, const Sample &s) {
    const QString what = QStringLiteral("storing a sample (steps row %1)").arg(stepId);
    // Prepared once per connection: this runs ten times a second per sweep.
    const QStringList marks(sampleColumnList().size(), QStringLiteral("?"));
    QSqlQuery *insert =
        m_session.preparedOnce(QStringLiteral("INSERT INTO samples (%1) VALUES (%2)")
                                   .arg(sampleColumns, marks.join(QStringLiteral(", "))),
                               what);
    if (!insert)
        return false;
    int column = 0;
    insert->bindValue(column++, stepId);
    Sample::forEachCounter(s, [&](const QString &, const auto &value, FieldNeed) {
        insert->bindValue(column++, columnOf(value));
    });
    return m_session.exec(*insert, what);
}

bool StepRecords::addLoadSample(qint64 runId, const LoadSample &sample) {
    QSqlQuery q = m_session.prepare(QStringLiteral("INSERT INTO load_samples (run_id, at, sample) "
                                                   "VALUES (?, ?, ?)"),
                                    {runId, dateTimeText(sample.at), jsonText(sample.toJson())});
    return m_session.exec(q, QStringLiteral("storing a load sample of run %1").arg(runId));
}

std::optional<QList<LoadSample>> StepRecords::loadSamplesOf(qint64 runId) {
    QSqlQuery q =
        m_session.prepare(QStringLiteral("SELECT sample FROM load_samples WHERE run_id = ? "
                                         "ORDER BY at, id"),
                          {runId});
    if (!m_session.exec(q, QStringLiteral("reading the load samples of run %1").arg(runId)))
        return std::nullopt;
    QList<LoadSample> samples;
    while (q.next()) {
        QString why;
        const auto sample = LoadSample::fromJson(jsonDocument(q.value(0)).object(), &why);
        if (!sample) {
            m_session.fail(QStringLiteral("run %1 in %2 has an unreadable load sample: %3")
                               .arg(runId)
                               .arg(m_session.path(), why));
            return std::nullopt;
        }
        samples << *sample;
    }
    return samples;
}

std::optional<QList<Sample>> StepRecords::samplesOf(qint64 stepId) {
    return samplesWhere(QStringLiteral("step_id = ?"), stepId,
                        QStringLiteral("reading the samples of a step (steps row %1)").arg(stepId));
}

std::optional<QList<Sample>> StepRecords::samplesOfRun(qint64 runId) {
    // One query for the run's samples: samples_step gives them in order.
    return samplesWhere(QStringLiteral("step_id IN (SELECT id FROM steps WHERE run_id = ?)"), runId,
                        QStringLiteral("reading the samples of run %1").arg(runId));
}

std::optional<QList<Sample>> StepRecords::samplesWhere(const QString &where, qint64 id,
                                                       const QString &what) {
    QSqlQuery q = m_session.prepare(
        QStringLiteral("SELECT %1 FROM samples WHERE %2 ORDER BY step_id, t_ns, id")
            .arg(sampleColumns, where),
        {id});
    if (!m_session.exec(q, what))
        return std::nullopt;
    QList<Sample> samples;
    while (q.next())
        samples << sampleFrom(q);
    return samples;
}

std::optional<QList<Point>> StepRecords::completedPoints(qint64 runId, int reps) {
    QSqlQuery q =
        m_session.prepare(QStringLiteral("SELECT min(point) FROM steps WHERE run_id = ? AND "
                                         "status = 'completed' GROUP BY point_key HAVING "
                                         "count(*) >= ? ORDER BY min(seq)"),
                          {runId, reps});
    if (!m_session.exec(q, QStringLiteral("reading the completed points of run %1").arg(runId)))
        return std::nullopt;
    QList<Point> points;
    while (q.next()) {
        if (const auto p = Point::fromJson(jsonDocument(q.value(0)).array()))
            points << *p;
    }
    return points;
}

} // namespace burstlab
