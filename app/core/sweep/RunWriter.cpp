#include "sweep/RunWriter.h"
#include "store/RunStore.h"
#include "store/StoreReconnect.h"
#include "util/ShellText.h"
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace burstlab {

namespace {

// Texts are filled in one arg() each: a store's URI may hold "%2F".
QString bound() {
    return QString::number(StoreReconnect::kBoundMs / 1000);
}

// Where local copies live: beside the default store.
QString copyFolder() {
    return QFileInfo(RunStore::defaultPath()).absolutePath();
}

// libpq's errors go on over lines of advice; the first says what happened.
QString firstLine(const QString &error) {
    return error.section(QLatin1Char('\n'), 0, 0);
}

} // namespace

RunWriter::RunWriter(RunStore &store, Notice notice)
    : m_store(store), m_notice(std::move(notice)) {}

RunWriter::~RunWriter() {
    finish();
}

QString RunWriter::copyFile(const Run &run) {
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    const QString name = QString(run.name).replace(unsafe, QStringLiteral("-")).left(40);
    // The pid keeps apart two sweeps of one name started in one second.
    return QStringLiteral("%1/run-%2-%3%4.sqlite")
        .arg(copyFolder(), run.created.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss")),
             QString::number(QCoreApplication::applicationPid()),
             name.isEmpty() ? QString() : QLatin1Char('-') + name);
}

QStringList RunWriter::copyFiles() {
    QStringList files;
    const QDir folder(copyFolder());
    for (const QString &name :
         folder.entryList({QStringLiteral("run-*.sqlite")}, QDir::Files, QDir::Time))
        files << folder.filePath(name);
    return files;
}

void RunWriter::reset() {
    finish();
    m_kept = false;
    m_storeRun = m_copyRun = m_storeStep = m_copyStep = 0;
    m_error.clear();
}

bool RunWriter::openCopy(const Run &run) {
    if (!m_store.canDrop())
        return false;
    m_file = copyFile(run);
    m_copy = std::make_unique<RunStore>();
    if (!QDir().mkpath(QFileInfo(m_file).absolutePath()) || !m_copy->open(m_file)) {
        dropCopy(m_copy->lastError());
        return false;
    }
    return true;
}

void RunWriter::dropCopy(const QString &why) {
    m_notice(QStringLiteral("the local copy %1 of the run cannot be written (%2): a dropped "
                            "connection to the store now fails the sweep")
                 .arg(m_file, why));
    m_copy.reset();
    finish();
}

void RunWriter::finish() {
    if (m_copy)
        m_copy->close();
    m_copy.reset();
    if (m_kept || m_file.isEmpty())
        return;
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(m_file + suffix);
    m_file.clear();
}

bool RunWriter::storeFailed() {
    m_error = m_store.lastError();
    return false;
}

bool RunWriter::onStore(const std::function<bool(RunStore &)> &write,
                        const std::function<bool(RunStore &)> &landed) {
    if (m_kept)
        return true;
    if (write(m_store))
        return true;
    // A store closed by a reconnect that failed before is tried again too.
    if (!m_copy || (!m_store.connectionLost() && m_store.isOpen()))
        return storeFailed();
    m_notice(QStringLiteral("the connection to the store dropped: %1; trying again for up to %2 s")
                 .arg(firstLine(m_store.lastError()), bound()));
    if (StoreReconnect::reopen(m_store)) {
        // The first try may have landed with only its answer lost.
        if ((landed && landed(m_store)) || write(m_store)) {
            m_notice(QStringLiteral("connected to the store %1 again: the sweep goes on there")
                         .arg(m_store.path()));
            return true;
        }
        if (!m_store.connectionLost())
            return storeFailed();
    }
    m_kept = true;
    m_notice(QStringLiteral("the store %1 did not come back within %2 s (%3): the run goes on in "
                            "the local copy %4, and is kept there")
                 .arg(m_store.path(), bound(), firstLine(m_store.lastError()), m_file));
    return true;
}

bool RunWriter::onCopy(const std::function<bool(RunStore &)> &write) {
    if (!m_copy || write(*m_copy))
        return true;
    if (!m_kept) {
        dropCopy(m_copy->lastError());
        return true;
    }
    m_error = m_copy->lastError();
    return false;
}

QString RunWriter::keptNotice() const {
    QString part;
    if (m_storeRun > 0)
        part = QStringLiteral(" (the store keeps the part it got as run %1, which its next open "
                              "marks interrupted)")
                   .arg(m_storeRun);
    return QStringLiteral("the store %1 did not come back: the run is kept locally in %2 as run "
                          "%3%4; once the store is back, move it there with: burstlab-cli store "
                          "copy %5 %6")
        .arg(m_store.path(), m_file, QString::number(m_copyRun), part, ShellText::quote(m_file),
             ShellText::quote(m_store.path()));
}

std::optional<qint64> RunWriter::createRun(const Run &run) {
    reset();
    openCopy(run);
    const auto created = [&](RunStore &store, qint64 *id) {
        const auto made = store.createRun(run);
        *id = made.value_or(0);
        return made.has_value();
    };
    // A run of this label made at that millisecond with that name is this one.
    const auto landed = [&](RunStore &store) {
        RunFilter filter;
        filter.label = run.label;
        const auto runs = store.listRuns(filter);
        if (!runs)
            return false;
        const auto found = std::find_if(runs->cbegin(), runs->cend(), [&](const RunSummary &r) {
            return r.created == run.created && r.name == run.name;
        });
        if (found == runs->cend())
            return false;
        m_storeRun = found->id;
        return true;
    };
    if (!onStore([&](RunStore &store) { return created(store, &m_storeRun); }, landed) ||
        !onCopy([&](RunStore &copy) { return created(copy, &m_copyRun); }))
        return std::nullopt;
    return m_storeRun > 0 ? m_storeRun : m_copyRun;
}

void RunWriter::resumeRun(qint64 runId) {
    reset();
    m_storeRun = runId;
    if (!m_store.canDrop())
        return;
    // The copy starts with what the store holds of the run.
    const auto data = m_store.loadRunData(runId);
    if (!data) {
        m_notice(QStringLiteral("no local copy of the run is kept (%1): a dropped connection to "
                                "the store fails the sweep")
                     .arg(m_store.lastError()));
        return;
    }
    if (!openCopy(data->run))
        return;
    if (const auto id = m_copy->insertRunData(*data))
        m_copyRun = *id;
    else
        dropCopy(m_copy->lastError());
}

bool RunWriter::setRunContext(const QJsonObject &hello, const QJsonObject &fingerprint,
                              const QJsonArray &checklist) {
    return onStore([&](RunStore &store) {
               return store.setRunContext(m_storeRun, hello, fingerprint, checklist);
           }) &&
           onCopy([&](RunStore &copy) {
               return copy.setRunContext(m_copyRun, hello, fingerprint, checklist);
           });
}

bool RunWriter::setRunStatus(RunStatus status, const QString &error) {
    return onStore(
               [&](RunStore &store) { return store.setRunStatus(m_storeRun, status, error); }) &&
           onCopy([&](RunStore &copy) { return copy.setRunStatus(m_copyRun, status, error); });
}

bool RunWriter::withdrawRun() {
    return onStore([&](RunStore &store) { return store.deleteRun(m_storeRun); }) &&
           onCopy([&](RunStore &copy) { return copy.deleteRun(m_copyRun); });
}

std::optional<qint64> RunWriter::beginStep(const Point &point, int rep, int seq) {
    const auto begun = [&](RunStore &store, qint64 run, qint64 *id) {
        const auto step = store.beginStep(run, point, rep, seq);
        *id = step.value_or(0);
        return step.has_value();
    };
    // The step in flight is the one running under its seq.
    const auto landed = [&](RunStore &store) {
        const auto steps = store.stepsOf(m_storeRun);
        if (!steps)
            return false;
        for (const StepResult &step : *steps) {
            if (step.seq == seq && step.status == RunStatus::Running) {
                m_storeStep = step.id;
                return true;
            }
        }
        return false;
    };
    m_storeStep = m_copyStep = 0;
    if (!onStore([&](RunStore &store) { return begun(store, m_storeRun, &m_storeStep); }, landed) ||
        !onCopy([&](RunStore &copy) { return begun(copy, m_copyRun, &m_copyStep); }))
        return std::nullopt;
    return m_storeStep > 0 ? m_storeStep : m_copyStep;
}

bool RunWriter::finishStep(StepResult result) {
    return onStore([&](RunStore &store) {
               result.id = m_storeStep;
               return store.finishStep(result);
           }) &&
           onCopy([&](RunStore &copy) {
               result.id = m_copyStep;
               return copy.finishStep(result);
           });
}

bool RunWriter::addSample(const Sample &sample) {
    const auto landed = [&](RunStore &store) {
        const auto samples = store.samplesOf(m_storeStep);
        return samples && std::any_of(samples->cbegin(), samples->cend(),
                                      [&](const Sample &s) { return s.tNs == sample.tNs; });
    };
    return onStore([&](RunStore &store) { return store.addSample(m_storeStep, sample); }, landed) &&
           onCopy([&](RunStore &copy) { return copy.addSample(m_copyStep, sample); });
}

bool RunWriter::addLoadSample(const LoadSample &sample) {
    const auto landed = [&](RunStore &store) {
        const auto samples = store.loadSamplesOf(m_storeRun);
        return samples && std::any_of(samples->cbegin(), samples->cend(),
                                      [&](const LoadSample &s) { return s.at == sample.at; });
    };
    return onStore([&](RunStore &store) { return store.addLoadSample(m_storeRun, sample); },
                   landed) &&
           onCopy([&](RunStore &copy) { return copy.addLoadSample(m_copyRun, sample); });
}

std::optional<QList<LoadSample>> RunWriter::loadSamplesOf() {
    // The copy holds them all, and is at hand.
    RunStore &from = m_copy ? *m_copy : m_store;
    const auto samples = from.loadSamplesOf(m_copy ? m_copyRun : m_storeRun);
    if (!samples)
        m_error = from.lastError();
    return samples;
}

} // namespace burstlab
