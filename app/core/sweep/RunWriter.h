#pragma once
#include "model/LoadSample.h"
#include "model/Point.h"
#include "model/Run.h"
#include "model/Sample.h"
#include "model/StepResult.h"
#include <QList>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

namespace burstlab {

class RunStore;

// Where a sweep writes its one run. On a SQLite file: the store, as it is.
// On a PostgreSQL store, whose connection can drop mid-sweep:
// - every write goes to a local copy of the run too, a SQLite file of its
//   own beside the default store (keptFile()), deleted when the sweep ends
//   with the run whole on the server;
// - a write whose connection dropped is tried again once the store is
//   connected again (StoreReconnect, at most kBoundMs), after checking that
//   its first try did not land, so nothing is stored twice;
// - a store that does not come back leaves the run to the local copy,
//   which holds it whole (the run, every step and sample so far), and the
//   sweep goes on there: isKept().
// The run's and the step's ids handed out are the store's, or the copy's
// for what was first written there.
class RunWriter {
  public:
    using Notice = std::function<void(const QString &)>;

    // notice hears what happens to the connection and the copy, as it happens.
    RunWriter(RunStore &store, Notice notice);
    ~RunWriter();
    RunWriter(const RunWriter &) = delete;
    RunWriter &operator=(const RunWriter &) = delete;

    // The store, for reading a run to resume.
    RunStore &store() { return m_store; }

    // Forgets the last run (finish()): a sweep begins.
    void reset();
    // A new run, or a stored one to resume (read from the store): the run
    // every other call writes, and the start of its local copy.
    std::optional<qint64> createRun(const Run &run);
    void resumeRun(qint64 runId);
    // As RunStore's, of that run and of the step begun last.
    bool setRunContext(const QJsonObject &hello, const QJsonObject &fingerprint,
                       const QJsonArray &checklist);
    bool setRunStatus(RunStatus status, const QString &error = {});
    // Takes the run out of the store (and the copy) again, steps and all:
    // a sweep whose first step was refused measured nothing worth keeping.
    bool withdrawRun();
    std::optional<qint64> beginStep(const Point &point, int rep, int seq);
    bool finishStep(StepResult result);
    bool addSample(const Sample &sample);
    bool addLoadSample(const LoadSample &sample);
    std::optional<QList<LoadSample>> loadSamplesOf();
    QString lastError() const { return m_error; }

    // Whether the store was lost for good and the run lives in keptFile(),
    // as run keptId() there.
    bool isKept() const { return m_kept; }
    QString keptFile() const { return m_file; }
    qint64 keptId() const { return m_copyRun; }
    // For a kept run: where it is, and the `burstlab-cli store copy`
    // command that moves it into the store once the store is back.
    QString keptNotice() const;
    // The sweep is over: the local copy is closed, and deleted unless the
    // run is kept there.
    void finish();
    // The local copies beside the default store, newest first: a sweep's
    // while it runs, and those whose run a store did not get back.
    static QStringList copyFiles();

  private:
    // The local copy's file for run, beside the default store.
    static QString copyFile(const Run &run);
    // A PostgreSQL store's local copy, in a new file named after run.
    bool openCopy(const Run &run);
    void dropCopy(const QString &why);
    // write on the store; after a dropped connection, again once it is back
    // unless landed() finds the first try stored, or the run kept locally.
    bool onStore(const std::function<bool(RunStore &)> &write,
                 const std::function<bool(RunStore &)> &landed = {});
    // write on the local copy, if there is one.
    bool onCopy(const std::function<bool(RunStore &)> &write);
    bool storeFailed();

    RunStore &m_store;
    Notice m_notice;
    std::unique_ptr<RunStore> m_copy; // the local copy (PostgreSQL only)
    QString m_file;
    bool m_kept = false;
    qint64 m_storeRun = 0; // the run's id in the store (0: not there)
    qint64 m_copyRun = 0;  // and in the copy
    qint64 m_storeStep = 0;
    qint64 m_copyStep = 0;
    QString m_error;
};

} // namespace burstlab
