// RunStore: the store's jobs put together (the session opened, its schema
// brought up to date, dead writers' runs recovered), and what spans record
// kinds: a whole run read or written at once.
#include "store/RunStore.h"
#include "store/StoreLocation.h"
#include <QHash>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

namespace burstlab {

QString RunStore::defaultPath() {
    // Not AppDataLocation: that folder depends on the organisation name, and
    // the CLI and the GUI must open the same store.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/burstlab/burstlab.sqlite");
}

bool RunStore::open(const QString &path, Access access, Superuser superuser) {
    m_recovered.clear();
    m_waitingForSpace.clear();
    if (!m_session.open(path.isEmpty() ? defaultPath() : path, path.isEmpty(), access, superuser))
        return false;
    if (m_session.isReadOnly() || (Schema::migrate(m_session) && Schema::mark(m_session) &&
                                   recoverInterrupted() && m_runs.refreshBestPps()))
        return true;
    // Marking, recovering and keeping figures write: on a full disk they wait
    // for space, and what is stored can still be listed, shown and exported.
    if (m_session.diskFull() && Schema::isCurrent(m_session)) {
        m_waitingForSpace = m_session.lastError();
        return true;
    }
    m_session.abandon();
    return false;
}

bool RunStore::canDrop() const {
    QString ignored;
    const auto location = StoreLocation::parse(path(), &ignored);
    return location && !location->isFile();
}

std::optional<QList<qint64>> RunStore::recoverInterrupted() {
    const auto recovered = m_runs.recoverInterrupted();
    if (recovered)
        m_recovered << *recovered;
    return recovered;
}

std::optional<QList<Point>> RunStore::completedPoints(qint64 runId) {
    const auto run = loadRun(runId);
    if (!run)
        return std::nullopt;
    return m_steps.completedPoints(runId, run->spec.reps);
}

std::optional<RunData> RunStore::loadRunData(qint64 runId) {
    RunData data;
    const auto run = loadRun(runId);
    if (!run)
        return std::nullopt;
    data.run = *run;
    const auto steps = stepsOf(runId);
    if (!steps)
        return std::nullopt;
    QHash<qint64, qsizetype> index;
    for (const StepResult &result : *steps) {
        index.insert(result.id, data.steps.size());
        data.steps << StepData{result, {}};
    }
    const auto samples = m_steps.samplesOfRun(runId);
    if (!samples)
        return std::nullopt;
    for (const Sample &sample : *samples) {
        if (const auto at = index.constFind(sample.stepId); at != index.cend())
            data.steps[*at].samples << sample;
    }
    const auto load = loadSamplesOf(runId);
    if (!load)
        return std::nullopt;
    data.loadSamples = *load;
    return data;
}

std::optional<QList<qint64>> RunStore::insertRuns(const QList<RunData> &runs) {
    QList<qint64> ids;
    const bool ok = m_session.inTransaction(QStringLiteral("importing runs"), [&] {
        for (const RunData &data : runs) {
            const auto id = m_runs.insert(data.run);
            if (!id)
                return false;
            for (const StepData &step : data.steps) {
                const auto stepId = m_steps.insert(*id, step.result);
                if (!stepId)
                    return false;
                for (const Sample &s : step.samples) {
                    if (!m_steps.addSample(*stepId, s))
                        return false;
                }
            }
            for (const LoadSample &s : data.loadSamples) {
                if (!m_steps.addLoadSample(*id, s))
                    return false;
            }
            if (data.run.status != RunStatus::Running && !m_runs.storeBestPps(*id))
                return false;
            ids << *id;
        }
        return true;
    });
    if (!ok)
        return std::nullopt;
    return ids;
}

std::optional<qint64> RunStore::insertRunData(const RunData &data) {
    const auto ids = insertRuns({data});
    if (!ids)
        return std::nullopt;
    return ids->first();
}

bool RunStore::exportRunJson(qint64 runId, const QString &file) {
    const auto data = loadRunData(runId);
    if (!data)
        return false;
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return m_session.fail(QStringLiteral("cannot write %1: %2").arg(file, out.errorString()));
    out.write(QJsonDocument(data->toJson()).toJson(QJsonDocument::Indented));
    if (!out.commit())
        return m_session.fail(QStringLiteral("cannot write %1: %2").arg(file, out.errorString()));
    return true;
}

} // namespace burstlab
