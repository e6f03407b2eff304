// RunStore's steps and samples: begin, insert, finish, read back.
#include "model/JsonReader.h"
#include "store/RunOwner.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/SqlDialect.h"
#include "store/StoreRows.h"
#include <QHash>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSqlError>
#include <QSqlQuery>

namespace burstlab {

using namespace storerows;

std::optional<qint64> RunStore::beginStep(qint64 runId, const Point &point, int rep, int seq) {
    StepResult step;
    step.point = point;
    step.rep = rep;
    step.seq = seq;
    step.status = RunStatus::Running;
    step.started = QDateTime::currentDateTimeUtc();
    return insertStep(runId, step);
}

std::optional<qint64> RunStore::insertStep(qint64 runId, const StepResult &step) {
    QSqlQuery q = prepare(
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
    if (!exec(q, QStringLiteral("storing a step of run %1").arg(runId)) || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

bool RunStore::finishStep(const StepResult &result) {
    QSqlQuery q =
        prepare(QStringLiteral("UPDATE steps SET status = ?, finished = ?, totals = ?, pps = ?, "
                               "tx_pkts = ?, elapsed_ns = ?, cycles_per_pkt = ?, "
                               "pps_after_warmup = ?, cpu_share = ?, steal_share = ?, error = ? "
                               "WHERE id = ? RETURNING run_id"),
                {toString(result.status),
                 dateTimeText(result.finished.isValid() ? result.finished
                                                        : QDateTime::currentDateTimeUtc()),
                 jsonText(result.totalsJson()), result.pps, result.txPkts, result.elapsedNs,
                 columnOf(result.cyclesPerPkt), columnOf(result.ppsAfterWarmup), cpuShareOf(result),
                 stealShareOf(result), result.error, result.id});
    const QString what = QStringLiteral("finishing step %1").arg(result.id);
    if (!exec(q, what))
        return false;
    if (!q.next())
        return fail(QStringLiteral("%1: no step %2 in %3").arg(what).arg(result.id).arg(m_path));
    return announce(q.value(0).toLongLong());
}

std::optional<QList<StepResult>> RunStore::stepsOf(qint64 runId) {
    QSqlQuery q = prepare(
        QStringLiteral("SELECT %1 FROM steps WHERE run_id = ? ORDER BY seq, id").arg(stepColumns),
        {runId});
    if (!exec(q, QStringLiteral("reading the steps of run %1").arg(runId)))
        return std::nullopt;
    QList<StepResult> steps;
    while (q.next())
        steps << stepFrom(q);
    return steps;
}

bool RunStore::addSample(qint64 stepId, const Sample &s) {
    const QString what = QStringLiteral("storing a sample of step %1").arg(stepId);
    // Its query went with the dropped session's driver.
    if (!m_lost.isEmpty())
        return failLost(what);
    // Prepared once per connection: this runs ten times a second per sweep.
    if (!m_insertSample) {
        m_insertSample = std::make_unique<QSqlQuery>(database());
        const QStringList marks(sampleColumnList().size(), QStringLiteral("?"));
        if (!m_insertSample->prepare(QStringLiteral("INSERT INTO samples (%1) VALUES (%2)")
                                         .arg(sampleColumns, marks.join(QStringLiteral(", "))))) {
            const bool ok = fail(QStringLiteral("preparing to store samples"), *m_insertSample);
            m_insertSample.reset();
            return ok;
        }
    }
    int column = 0;
    m_insertSample->bindValue(column++, stepId);
    Sample::forEachCounter(s, [&](const QString &, const auto &value, FieldNeed) {
        m_insertSample->bindValue(column++, columnOf(value));
    });
    return exec(*m_insertSample, what);
}

bool RunStore::addLoadSample(qint64 runId, const LoadSample &sample) {
    QSqlQuery q = prepare(QStringLiteral("INSERT INTO load_samples (run_id, at, sample) "
                                         "VALUES (?, ?, ?)"),
                          {runId, dateTimeText(sample.at), jsonText(sample.toJson())});
    return exec(q, QStringLiteral("storing a load sample of run %1").arg(runId));
}

std::optional<QList<LoadSample>> RunStore::loadSamplesOf(qint64 runId) {
    QSqlQuery q = prepare(QStringLiteral("SELECT sample FROM load_samples WHERE run_id = ? "
                                         "ORDER BY at, id"),
                          {runId});
    if (!exec(q, QStringLiteral("reading the load samples of run %1").arg(runId)))
        return std::nullopt;
    QList<LoadSample> samples;
    while (q.next()) {
        QString why;
        const auto sample = LoadSample::fromJson(jsonDocument(q.value(0)).object(), &why);
        if (!sample) {
            fail(QStringLiteral("run %1 in %2 has an unreadable load sample: %3")
                     .arg(runId)
                     .arg(m_path, why));
            return std::nullopt;
        }
        samples << *sample;
    }
    return samples;
}

std::optional<QList<Sample>> RunStore::samplesOf(qint64 stepId) {
    QSqlQuery q =
        prepare(QStringLiteral("SELECT %1 FROM samples WHERE step_id = ? ORDER BY t_ns, id")
                    .arg(sampleColumns),
                {stepId});
    if (!exec(q, QStringLiteral("reading the samples of step %1").arg(stepId)))
        return std::nullopt;
    QList<Sample> samples;
    while (q.next())
        samples << sampleFrom(q);
    return samples;
}

std::optional<QList<Point>> RunStore::completedPoints(qint64 runId) {
    const auto run = loadRun(runId);
    if (!run)
        return std::nullopt;
    QSqlQuery q = prepare(QStringLiteral("SELECT min(point) FROM steps WHERE run_id = ? AND "
                                         "status = 'completed' GROUP BY point_key HAVING "
                                         "count(*) >= ? ORDER BY min(seq)"),
                          {runId, run->spec.reps});
    if (!exec(q, QStringLiteral("reading the completed points of run %1").arg(runId)))
        return std::nullopt;
    QList<Point> points;
    while (q.next()) {
        if (const auto p = Point::fromJson(jsonDocument(q.value(0)).array()))
            points << *p;
    }
    return points;
}

} // namespace burstlab
