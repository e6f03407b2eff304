#include "sweep/SweepSession.h"
#include "charts/LiveRateChart.h"
#include "engine/EngineHello.h"
#include "log/LogPane.h"
#include "results/SweepResultsView.h"
#include "store/RunStore.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSetupPanel.h"

#include <QTime>

namespace burstlab {

namespace {
QString etaText(qint64 ms) {
    const QTime time = QTime(0, 0).addMSecs(std::max<qint64>(ms, 0));
    return ms >= 3600000 ? time.toString(QStringLiteral("H:mm:ss"))
                         : time.toString(QStringLiteral("m:ss"));
}
} // namespace

SweepSession::SweepSession(QObject *parent) : QObject(parent) {}

SweepSession::~SweepSession() = default;

void SweepSession::attach(SweepSetupPanel *setup, SweepResultsView *results, LogPane *log) {
    m_setup = setup;
    m_results = results;
    m_log = log;
}

void SweepSession::setStore(RunStore *store) {
    if (isRunning()) {
        return;
    }
    delete m_runner;
    m_runner = nullptr;
    m_store = store;
    if (m_store) {
        m_runner = new SweepRunner(*m_store, this);
        m_runner->setRecordHost(m_recordHost);
        connectRunner();
    }
}

void SweepSession::setRecordHost(bool record) {
    m_recordHost = record;
    if (m_runner) {
        m_runner->setRecordHost(record);
    }
}

void SweepSession::connectRunner() {
    connect(m_runner, &SweepRunner::helloReceived, this, &SweepSession::onHello);
    connect(m_runner, &SweepRunner::runStored, this, &SweepSession::onRunStored);
    connect(m_runner, &SweepRunner::stepStarted, this, &SweepSession::onStepStarted);
    connect(m_runner, &SweepRunner::sampleReceived, this, &SweepSession::onSample);
    connect(m_runner, &SweepRunner::stepFinished, this, &SweepSession::onStepFinished);
    connect(m_runner, &SweepRunner::progress, this, &SweepSession::onProgress);
    connect(m_runner, &SweepRunner::logLine, m_log, &LogPane::appendEngineLine);
    connect(m_runner, &SweepRunner::loadSampled, this, &SweepSession::loadSampled);
    connect(m_runner, &SweepRunner::storeNotice, this, [this](const QString &line) {
        m_log->appendError(line);
        emit statusMessage(line);
        // A dropped connection is tried again for up to StoreReconnect's
        // bound on this thread, with no event handled meanwhile: painted
        // now, the window says why it is still.
        m_log->window()->repaint();
    });
    connect(m_runner, &SweepRunner::finished, this,
            [this](SweepRunner::Outcome outcome, const QString &message) {
                onFinished(int(outcome), message);
            });
}

bool SweepSession::isRunning() const {
    return m_running;
}

bool SweepSession::start(const SweepSpec &spec, const QString &name, const QString &label) {
    if (isRunning()) {
        return false;
    }
    if (!m_runner) {
        showError(tr("no run store is open: open one with File ▸ Open store"));
        return false;
    }
    Run run;
    run.name = name.isEmpty() ? spec.describe() : name;
    // A label however short, so that lists, baselines and captions do not
    // repeat the sweep's text for every run: what is swept and when.
    run.label = !label.isEmpty() ? label
                                 : tr("%1 at %2")
                                       .arg(spec.axisNames().join(QStringLiteral(" x ")),
                                            QTime::currentTime().toString(QStringLiteral("HH:mm")));
    run.spec = spec;
    m_steps.clear();
    m_results->clear();
    m_log->appendInfo(tr("Starting sweep %1").arg(spec.describe()));
    return begin(m_runner->start(run));
}

bool SweepSession::resume(qint64 runId) {
    if (!m_runner || isRunning()) {
        return false;
    }
    const std::optional<QList<StepResult>> steps = m_store->stepsOf(runId);
    m_steps.clear();
    for (const StepResult &step : steps.value_or(QList<StepResult>{})) {
        if (step.status == RunStatus::Completed) {
            m_steps.append(step);
        }
    }
    m_results->clear();
    m_log->appendInfo(
        tr("Resuming run #%1: %n step(s) already measured are kept", nullptr, int(m_steps.size()))
            .arg(runId));
    return begin(m_runner->resume(runId));
}

bool SweepSession::begin(bool started) {
    if (!started) {
        showError(m_runner->errorString());
        emit finished(0, false, m_runner->errorString());
        return false;
    }
    m_done = 0;
    m_total = 1;
    emit progressChanged(0, 1, tr("Starting the engine…"));
    setRunning(true);
    return true;
}

void SweepSession::stop() {
    if (m_runner && isRunning()) {
        m_log->appendInfo(tr("Stopping: the step in flight is ended, finished steps are kept"));
        m_runner->stop();
    }
}

void SweepSession::setRunning(bool running) {
    if (running == m_running) {
        return;
    }
    m_running = running;
    m_setup->setRunning(running);
    emit runningChanged(running);
}

void SweepSession::onHello(const EngineHello &hello) {
    m_engine = hello.summary();
    m_setup->setLimits(hello.stepLimits());
}

void SweepSession::onRunStored(qint64 runId) {
    m_results->setLiveRun(runId, true);
    m_results->showRun(m_runner->run(), m_steps);
    emit runStored(runId);
}

void SweepSession::onStepStarted(int index, int total, const Point &point, int rep) {
    const SweepSpec &spec = m_runner->run().spec;
    const QString where = point.describe(spec.axisNames());
    m_step = tr("%1, repetition %2/%3").arg(where).arg(rep + 1).arg(spec.repsText());
    m_results->liveChart()->startStep(tr("run #%1 %2 rep %3/%4")
                                          .arg(m_runner->runId())
                                          .arg(where)
                                          .arg(rep + 1)
                                          .arg(spec.repsText()),
                                      spec.durationMs / 1000.0);
    emit progressChanged(index, total, tr("Step %1/%2: %3").arg(index + 1).arg(total).arg(m_step));
}

void SweepSession::onSample(const Sample &, const StepRates &rates) {
    m_results->liveChart()->addSample(rates.elapsedSeconds, rates.intervalPps);
}

void SweepSession::onStepFinished(const StepResult &result) {
    if (result.status == RunStatus::Completed) {
        m_steps.append(result);
        m_results->liveChart()->finishStep(result.effectivePps());
    }
    m_results->showRun(m_runner->run(), m_steps);
}

void SweepSession::onProgress(int done, int total, qint64 etaMs) {
    m_done = done;
    m_total = total;
    emit progressChanged(done, total,
                         tr("%1/%2 steps done · %3 · ETA %4")
                             .arg(done)
                             .arg(total)
                             .arg(m_step.isEmpty() ? tr("starting") : m_step, etaText(etaMs)));
}

void SweepSession::onFinished(int outcome, const QString &message) {
    const qint64 runId = m_runner->runId();
    const bool completed = outcome == int(SweepRunner::Outcome::Completed);
    m_results->setLiveRun(runId, false);
    showStored(runId);
    setRunning(false);
    if (completed) {
        m_log->appendInfo(message);
        emit progressChanged(1, 1, tr("Done: %1").arg(message));
    } else if (outcome == int(SweepRunner::Outcome::Interrupted)) {
        m_log->appendInfo(message);
        // The bar keeps the steps reached; stopped while the host was probed,
        // no run was stored, so none to resume.
        emit progressChanged(m_done, m_total,
                             runId > 0 ? tr("Stopped at %1/%2 steps: %3. Resume it from the Runs "
                                            "tab.")
                                             .arg(m_done)
                                             .arg(m_total)
                                             .arg(message)
                                       : tr("Stopped: %1. Nothing was stored.").arg(message));
    } else {
        showError(message);
    }
    emit statusMessage(message);
    if (m_runner->writer().isKept()) {
        // Last, so that it stays in the status bar.
        const QString kept = m_runner->writer().keptNotice();
        m_log->appendError(kept);
        emit statusMessage(kept);
    }
    if (runId > 0) {
        emit runStored(runId);
    }
    emit finished(runId, completed, completed ? QString() : message);
}

void SweepSession::showStored(qint64 runId) {
    if (runId <= 0 || !m_store) {
        return;
    }
    // The runner amends the run as it ends (the load watch's verdict joins the
    // checklist): what stays on screen is what the store holds, as reopened.
    const std::optional<Run> run = m_store->loadRun(runId);
    const std::optional<QList<StepResult>> steps = m_store->stepsOf(runId);
    if (run && steps) {
        m_results->showRun(*run, *steps);
    }
}

void SweepSession::showError(const QString &message) {
    m_log->appendError(message);
    emit progressChanged(m_done, m_total, tr("Failed: %1").arg(message));
    emit statusMessage(tr("Sweep failed: %1").arg(message));
}

} // namespace burstlab
