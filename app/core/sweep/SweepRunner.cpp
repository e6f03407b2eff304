#include "sweep/SweepRunner.h"
#include "host/LoadProbe.h"
#include "host/LoadVerdict.h"
#include "model/StepParameters.h"
#include "stats/PointStats.h"
#include "store/RunStore.h"
#include "sweep/SweepRules.h"
#include "sweep/WindowCheck.h"

#include <QCoreApplication>

#include <QPromise>
#include <QRandomGenerator>
#include <QThreadPool>
#include <algorithm>
#include <memory>

namespace burstlab {
namespace {

// The host settings the run's steps set, each as the sweep sets it
// ("qdisc=pfifo_fast,fq"): swept, or fixed to other than "unchanged".
QMap<QString, QString> hostSettingsSet(const SweepSpec &spec) {
    QMap<QString, QString> set;
    for (const QString &name : StepParameters::hostSettings()) {
        for (const Axis &axis : spec.axes) {
            if (axis.name == name)
                set.insert(name, axis.describe());
        }
        const QJsonValue fixed = spec.fixed.value(name);
        if (!fixed.isUndefined() && fixed != StepParameters::find(name)->defaultValue)
            set.insert(name, name + QLatin1Char('=') + StepParameter::text(fixed));
    }
    return set;
}

// Start-up and bookkeeping per step, for the ETA before a step has been timed.
constexpr qint64 kStepOverheadMs = 50;
// The live rate shows a step's course: about this many samples per step
// unless the run fixes stats_ms itself...
constexpr int kSamplesPerStep = 20;
// ...but never faster than every 20 ms (at 50 Hz sampling costs the TX core
// nothing measurable, at 100 Hz about 3%: docs/performance.md, "Stats
// sampling") nor slower than the engine's 10 Hz default.
constexpr int kFastestStatsMs = 20;
constexpr int kSlowestStatsMs = 100;
// kernel pktgen's count is read from a text file the kernel writes out whole
// at each read, on a CPU its thread may share (hundreds of microseconds on
// an emulated one): twice a second, well inside the stall timeout, so that
// the figures of a 1-CPU host stay pktgen's own. The window is pktgen's
// either way; the samples only feed the live view.
constexpr int kPktgenStatsMs = 500;
} // namespace

SweepRunner::SweepRunner(RunStore &store, QObject *parent)
    : QObject(parent), m_writer(store, [this](const QString &line) { onStoreNotice(line); }),
      m_engineDir(EngineCommand::defaultEngineDir()) {
    qRegisterMetaType<Point>();
    qRegisterMetaType<StepResult>();
    qRegisterMetaType<PointStats>();
    m_pause.setSingleShot(true);
    connect(&m_pause, &QTimer::timeout, this, &SweepRunner::nextStep);
    connect(&m_hostProbing, &QFutureWatcherBase::finished, this, &SweepRunner::onHostProbed);
}

SweepRunner::~SweepRunner() {
    if (m_state != State::Idle && m_run.id > 0)
        m_writer.setRunStatus(RunStatus::Interrupted,
                              QStringLiteral("the program ended during the sweep"));
}

bool SweepRunner::start(const Run &run) {
    if (refuseWhileActive())
        return false;
    // The table's limits now; the engine's own once it has said hello.
    if (const auto problems = SweepRules::check(run.spec, {}); !problems.isEmpty()) {
        m_error = problems.first().message;
        m_refusedField = problems.first().field;
        m_outcome = Outcome::Refused;
        return false;
    }
    m_run = run;
    m_run.id = 0;
    m_run.status = RunStatus::Running;
    m_run.source = QStringLiteral("engine");
    m_run.created = QDateTime::currentDateTimeUtc();
    if (m_run.spec.randomize && m_run.spec.seed == 0)
        m_run.spec.seed = QRandomGenerator::global()->generate64() | 1;
    // "--reps auto" starts with a round of the minimum repetitions.
    if (m_run.spec.untilPrecise)
        m_run.spec.reps = PrecisionTarget::kMinReps;
    m_resumed = false;
    m_writer.reset();
    return begin(m_run, {});
}

bool SweepRunner::refuseWhileActive() {
    if (m_state == State::Idle)
        return false;
    m_error = QStringLiteral("a sweep is already running (run %1)").arg(m_run.id);
    m_outcome = Outcome::Refused;
    return true;
}

bool SweepRunner::resume(qint64 runId) {
    if (refuseWhileActive())
        return false;
    RunStore &store = m_writer.store();
    const auto run = store.loadRun(runId);
    const auto steps = run ? store.stepsOf(runId) : std::nullopt;
    if (!run || !steps) {
        m_error = store.lastError();
        m_outcome = Outcome::StoreFailure;
        return false;
    }
    if (run->status != RunStatus::Interrupted && run->status != RunStatus::Failed) {
        m_error = QStringLiteral("run %1 is %2; only an interrupted or failed run can be resumed")
                      .arg(runId)
                      .arg(toString(run->status));
        m_outcome = Outcome::Refused;
        return false;
    }
    if (run->source != QLatin1String("engine") || run->spec.axes.isEmpty()) {
        m_error = QStringLiteral("run %1 was imported, not measured: nothing to resume").arg(runId);
        m_outcome = Outcome::Refused;
        return false;
    }
    m_run = *run;
    m_resumed = true;
    m_writer.resumeRun(runId);
    return begin(m_run, *steps);
}

bool SweepRunner::begin(const Run &run, const QList<StepResult> &done) {
    m_plan = SweepPlan::make(run.spec, done);
    m_results.clear();
    for (const StepResult &s : done) {
        if (s.status == RunStatus::Completed || s.status == RunStatus::Invalid)
            m_results.append(s);
    }
    m_hostBusy = false;
    m_index = -1;
    m_step = StepResult{};
    m_failureStored = true;
    m_error.clear();
    m_refusedField.clear();
    m_stepsThisSession = 0;
    m_probing = false;
    m_state = State::Sweeping;

    // The previous client may be the one whose exited() signal led here.
    if (m_client)
        m_client->deleteLater();
    m_client = new EngineClient(this);
    m_client->setHelloTimeout(m_helloTimeoutMs);
    m_client->setStallTimeout(m_stallTimeoutMs);
    m_client->setExitTimeout(m_exitTimeoutMs);
    connect(m_client, &EngineClient::helloReceived, this, &SweepRunner::onHello);
    connect(m_client, &EngineClient::stepStarted, this, &SweepRunner::onStepStarted);
    connect(m_client, &EngineClient::sampleReceived, this, &SweepRunner::onSample);
    connect(m_client, &EngineClient::stepFinished, this, &SweepRunner::onStepFinished);
    connect(m_client, &EngineClient::stepRefused, this, &SweepRunner::onStepRefused);
    connect(m_client, &EngineClient::failed, this, &SweepRunner::onEngineFailed);
    connect(m_client, &EngineClient::exited, this, &SweepRunner::onEngineExited);
    connect(m_client, &EngineClient::logLine, this, &SweepRunner::logLine);
    const EngineCommand command = EngineCommand::fromLaunch(run.spec.engine, m_engineDir);
    emit logLine(QStringLiteral("starting the engine: %1").arg(command.displayCommand()));
    m_client->start(command);
    return true;
}

void SweepRunner::recordHost(const EngineHello &hello) {
    m_run.hello = hello.raw;
    if (!m_recordHost) {
        storeRunAndStart();
        return;
    }
    if (m_client->command().remote) {
        emit logLine(QStringLiteral("host checklist not probed: the engine runs on %1")
                         .arg(m_client->command().host));
        storeRunAndStart();
        return;
    }
    const EngineLaunch &e = m_run.spec.engine;
    // The main lcore only reads commands: the checklist judges the CPUs that
    // transmit (pktgen's: its threads' CPUs). No launch mode moves the
    // engine to another network namespace, so an af_packet or tap netdev, or
    // pktgen's device, is probed in ours (no netns).
    QList<int> cpus;
    for (qint64 cpu : hello.workerCpus)
        cpus.append(int(cpu));
    ProbeContext context = ProbeContext::forLaunch(e, cpus);
    context.setBySweep = hostSettingsSet(m_run.spec);
    emit logLine(QStringLiteral("probing the host checklist"));
    m_probing = true;
    auto promise = std::make_shared<QPromise<HostRecord>>();
    m_hostProbing.setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, probe = m_hostProbe, context, raw = hello.raw] {
        promise->addResult(probe(context, raw));
        promise->finish();
    });
}

void SweepRunner::onHostProbed() {
    // A stop or an engine failure while probing has ended the sweep already,
    // and a probe of an earlier sweep belongs to no run now.
    const bool wanted = m_probing;
    m_probing = false;
    if (!wanted || m_state != State::Sweeping)
        return;
    const HostRecord host = m_hostProbing.result();
    m_run.checklist = host.checklist;
    m_run.fingerprint = host.fingerprint;
    storeRunAndStart();
}

void SweepRunner::onHello(const EngineHello &hello) {
    emit helloReceived(hello);
    emit logLine(QStringLiteral("engine ready: %1").arg(hello.summary()));
    m_limits = hello.stepLimits();
    if (const auto problems = SweepRules::check(m_run.spec, {m_limits, std::nullopt});
        !problems.isEmpty()) {
        m_refusedField = problems.first().field;
        fail(Outcome::Refused, problems.first().message);
        return;
    }
    recordHost(hello);
}

void SweepRunner::storeRunAndStart() {
    if (m_resumed) {
        if (!storeOk(m_writer.setRunContext(m_run.hello, m_run.fingerprint, m_run.checklist) &&
                     m_writer.setRunStatus(RunStatus::Running)))
            return;
    } else {
        const auto id = m_writer.createRun(m_run);
        if (!storeOk(id.has_value()))
            return;
        m_run.id = *id;
    }
    emit runStored(m_run.id);
    startLoadWatch(m_client->hello());
    m_clock.start();
    emitProgress();
    nextStep();
}

QJsonObject SweepRunner::stepParams(const PlannedStep &step) const {
    // The engine measures its own window after the warm-up; pktgen has none
    // (it measures from its first packet) and refuses the field by name.
    QJsonObject params{{QStringLiteral("duration_ms"), m_run.spec.durationMs}};
    if (m_limits.knows(QStringLiteral("warmup_ms")))
        params.insert(QStringLiteral("warmup_ms"), m_run.spec.warmupMs);
    // A parameter this engine is too old to know is left at its default
    // (SweepRules let it through only then).
    for (auto it = m_run.spec.fixed.begin(); it != m_run.spec.fixed.end(); ++it) {
        if (m_limits.knows(it.key()))
            params.insert(it.key(), it.value());
    }
    for (qsizetype i = 0; i < m_run.spec.axes.size(); ++i)
        params.insert(m_run.spec.axes[i].name, step.point.values.value(i).toJson());
    const QString stats = QStringLiteral("stats_ms");
    if (!params.contains(stats) && m_limits.knows(stats)) {
        const int durationMs = params.value(QStringLiteral("duration_ms")).toInt();
        // A step that ends on its count has no length to divide.
        params.insert(stats, m_run.spec.engine.kind == EngineKind::Pktgen ? kPktgenStatsMs
                             : durationMs > 0 ? std::clamp(durationMs / kSamplesPerStep,
                                                           kFastestStatsMs, kSlowestStatsMs)
                                              : kSlowestStatsMs);
    }
    return params;
}

void SweepRunner::nextStep() {
    if (m_state != State::Sweeping)
        return;
    if (++m_index >= m_plan.steps().size() && !planPrecisionRound()) {
        storeOk(m_writer.setRunStatus(RunStatus::Completed));
        m_client->shutdown();
        return;
    }
    const PlannedStep &planned = m_plan.steps().at(m_index);
    const auto stepId = m_writer.beginStep(planned.point, planned.rep, planned.seq);
    if (!storeOk(stepId.has_value()))
        return;
    m_step = StepResult{};
    m_step.id = *stepId;
    m_step.runId = m_run.id;
    m_step.point = planned.point;
    m_step.rep = planned.rep;
    m_step.seq = planned.seq;
    m_step.started = QDateTime::currentDateTimeUtc();
    if (m_client->startStep(stepParams(planned)) < 0)
        fail(Outcome::EngineFailure, QStringLiteral("the engine is not ready for a step"));
}

void SweepRunner::onStepStarted(qint64) {
    const PlannedStep &planned = m_plan.steps().at(m_index);
    emit stepStarted(m_plan.doneSteps() + m_index, m_plan.totalSteps(), planned.point, planned.rep);
}

void SweepRunner::onSample(const Sample &sample, const StepRates &rates) {
    if (m_step.id == 0)
        return;
    Sample stored = sample;
    stored.stepId = m_step.id;
    if (!storeOk(m_writer.addSample(stored)))
        return;
    emit sampleReceived(stored, rates);
}

void SweepRunner::onStepFinished(const StepFinished &finished) {
    if (m_step.id == 0)
        return;
    // An engine without a pool of its own (pktgen) has no mbufs to leak.
    if (finished.mbufsInUse.value_or(0) != 0)
        emit logLine(QStringLiteral("warning: %1 mbufs still in use after step %2")
                         .arg(*finished.mbufsInUse)
                         .arg(m_step.seq));
    m_step.applyFinished(finished);
    const QString problem = WindowCheck::problem(finished);
    m_step.status = problem.isEmpty() ? RunStatus::Completed : RunStatus::Invalid;
    m_step.error = problem;
    m_step.finished = QDateTime::currentDateTimeUtc();
    const StepResult done = m_step;
    m_step = StepResult{};
    if (!storeOk(m_writer.finishStep(done)))
        return;
    if (const auto count = WindowCheck::countToTry(finished)) {
        // Every repetition of this count would end as short: say so at
        // once, with a count that fits the rate this host gave.
        m_refusedField = QStringLiteral("count");
        fail(Outcome::Refused,
             QStringLiteral("count=%1 ended step %2 too soon (%3): at the %4 pps it measured, a "
                            "valid window needs more packets; try count=%5")
                 .arg(finished.parameter(QStringLiteral("count")))
                 .arg(done.seq)
                 .arg(problem)
                 .arg(qint64(finished.window.pps))
                 .arg(*count));
        return;
    }
    m_results.append(done);
    if (done.status == RunStatus::Completed) {
        judgeDisturbance(done);
    } else {
        const int attempt = m_plan.steps().at(m_index).attempt;
        if (attempt < kMaxAttempts) {
            m_plan.repeat(m_index);
            emit logLine(QStringLiteral("step %1 is invalid (%2); running it again, attempt %3 "
                                        "of %4")
                             .arg(done.seq)
                             .arg(problem)
                             .arg(attempt + 1)
                             .arg(kMaxAttempts));
        } else {
            emit logLine(QStringLiteral("step %1 is invalid (%2) after %3 attempts; this "
                                        "repetition is left out of the statistics")
                             .arg(done.seq)
                             .arg(problem)
                             .arg(kMaxAttempts));
        }
    }
    ++m_stepsThisSession;
    m_loadWatch.sampleBetweenSteps();
    emit stepFinished(done);
    if (std::none_of(m_plan.steps().begin() + m_index + 1, m_plan.steps().end(),
                     [&](const PlannedStep &s) { return s.point == done.point; }))
        emitPointStats(done.point);
    emitProgress();
    if (m_run.spec.pauseMs > 0 && m_index + 1 < m_plan.steps().size())
        m_pause.start(m_run.spec.pauseMs);
    else
        nextStep();
}

void SweepRunner::judgeDisturbance(const StepResult &done) {
    const RepetitionNoise noise = RepetitionNoise::of(done, m_run.spec.noise);
    if (!noise.disturbed)
        return;
    const int attempt = m_plan.steps().at(m_index).attempt;
    if (m_run.spec.noise.rerunDisturbed && attempt < kMaxAttempts) {
        m_plan.repeat(m_index);
        emit logLine(QStringLiteral("step %1 is disturbed (%2); running it again, attempt %3 of %4")
                         .arg(done.seq)
                         .arg(noise.figures())
                         .arg(attempt + 1)
                         .arg(kMaxAttempts));
    } else {
        emit logLine(
            QStringLiteral("step %1 is disturbed (%2)").arg(done.seq).arg(noise.figures()));
    }
}

bool SweepRunner::planPrecisionRound() {
    const auto &target = m_run.spec.untilPrecise;
    if (!target)
        return false;
    const QList<PointStats> stats = PointStats::of(m_run, m_results);
    QList<Point> needMore;
    for (const PointStats &s : stats) {
        if (s.precision.state == Precision::State::NeedsMore)
            needMore << s.point;
    }
    if (needMore.isEmpty())
        return false;
    const int added = m_plan.addRound(m_run.spec, needMore, m_results);
    emit logLine(QStringLiteral("round %1: one more repetition for %2 of %3 points (%4 not yet)")
                     .arg(m_plan.rounds())
                     .arg(added)
                     .arg(stats.size())
                     .arg(target->describe()));
    emitProgress();
    return added > 0;
}

void SweepRunner::startLoadWatch(const EngineHello &hello) {
    if (m_client->command().remote) {
        emit logLine(
            QStringLiteral("load watch off: the engine runs on %1").arg(m_client->command().host));
        return;
    }
    // The engine's pid is in its file prefix, burstlab-<pid>-<random>, also
    // behind sudo.
    QList<int> cpus;
    for (qint64 cpu : hello.workerCpus)
        cpus << int(cpu);
    QSet<qint64> ours{QCoreApplication::applicationPid()};
    // The engine started here directly (a launcher's child is found by its
    // file prefix below; the pktgen engine has none).
    if (const qint64 engine = m_client->processId(); engine > 0)
        ours.insert(engine);
    const QString prefix = hello.raw.value(QStringLiteral("file_prefix")).toString();
    if (const qint64 engine = prefix.section(u'-', 1, 1).toLongLong(); engine > 0)
        ours.insert(engine);
    // pktgen sends from the kernel's own threads on the TX CPUs.
    if (hello.kind == EngineKind::Pktgen)
        ours.unite(LoadProbe::pktgenThreads(HostFs(QStringLiteral("/")), cpus));
    connect(&m_loadWatch, &LoadWatch::sampled, this, &SweepRunner::onLoadSample,
            Qt::UniqueConnection);
    m_loadWatch.start(cpus, ours, QStringLiteral("/"), m_loadIntervalMs);
}

void SweepRunner::onLoadSample(const LoadSample &sample) {
    if (m_state != State::Sweeping || m_run.id <= 0)
        return;
    if (!storeOk(m_writer.addLoadSample(sample)))
        return;
    emit loadSampled(sample);
    if (sample.busy() != m_hostBusy) {
        m_hostBusy = sample.busy();
        emit logLine(m_hostBusy ? QStringLiteral("host busy: %1").arg(sample.describe())
                                : QStringLiteral("host quiet again: %1").arg(sample.describe()));
    }
}

void SweepRunner::finishLoadWatch() {
    if (!m_loadWatch.isRunning())
        return;
    m_loadWatch.stop();
    if (m_run.id <= 0)
        return;
    const auto samples = m_writer.loadSamplesOf();
    if (!samples)
        return emit logLine(m_writer.lastError());
    const QJsonArray checklist = LoadVerdict::judged(m_run.checklist, *samples);
    if (checklist == m_run.checklist)
        return;
    m_run.checklist = checklist;
    if (!m_writer.setRunContext(m_run.hello, m_run.fingerprint, m_run.checklist))
        return emit logLine(m_writer.lastError());
    emit logLine(QStringLiteral("checklist: \"Nothing else running\" judged from the %1 load "
                                "samples taken during the run")
                     .arg(samples->size()));
}

void SweepRunner::emitPointStats(const Point &point) {
    for (const PointStats &stats : PointStats::of(m_run, m_results)) {
        // A point of invalid repetitions only has nothing to report yet.
        if (stats.point == point) {
            if (stats.disturbance.repetitions > 0)
                emit pointCompleted(stats);
            return;
        }
    }
}

void SweepRunner::emitProgress() {
    const int done = m_plan.doneSteps() + m_stepsThisSession;
    const int remaining = m_plan.totalSteps() - done;
    const qint64 perStep = m_stepsThisSession > 0
                               ? m_clock.elapsed() / m_stepsThisSession
                               : m_run.spec.durationMs + m_run.spec.pauseMs + kStepOverheadMs;
    emit progress(done, m_plan.totalSteps(), perStep * remaining);
}

void SweepRunner::onStepRefused(qint64, const EngineAck &ack) {
    m_refusedField = ack.errorField;
    fail(Outcome::Refused, ack.errorMessage);
}

void SweepRunner::onEngineFailed(EngineClient::Failure failure, const QString &message) {
    if (m_index >= m_plan.steps().size()) {
        // every step is stored; a failure while the engine shuts down changes nothing
        emit logLine(message);
        return;
    }
    fail(failure == EngineClient::Failure::BadOptions     ? Outcome::Refused
         : failure == EngineClient::Failure::NotPermitted ? Outcome::NotPermitted
                                                          : Outcome::EngineFailure,
         message);
}

void SweepRunner::endStep(RunStatus status, const QString &error) {
    if (m_step.id == 0)
        return;
    m_step.status = status;
    m_step.error = error;
    m_step.finished = QDateTime::currentDateTimeUtc();
    m_writer.finishStep(m_step);
    m_step = StepResult{};
}

void SweepRunner::fail(Outcome outcome, const QString &message) {
    if (m_state != State::Sweeping)
        return;
    m_state = State::Failing;
    m_outcome = outcome;
    m_error = message;
    m_pause.stop();
    emit errorOccurred(outcome, message);
    endStep(RunStatus::Failed, message);
    if (m_run.id > 0 && outcome == Outcome::Refused && !m_resumed && m_stepsThisSession == 0) {
        // The engine refused the first step's settings (pktgen: burst on a
        // veth): nothing was measured, and a failed run would only invite a
        // resume that fails the same way.
        if (m_writer.withdrawRun()) {
            emit logLine(
                QStringLiteral("run %1 withdrawn: its first step was refused").arg(m_run.id));
            m_run.id = 0;
        }
    } else if (m_run.id > 0 && (outcome != Outcome::Refused || !m_resumed)) {
        m_failureStored = m_writer.setRunStatus(RunStatus::Failed, message);
    }
    if (m_client->state() == EngineClient::State::Exited)
        onEngineExited();
    else
        m_client->shutdown();
}

bool SweepRunner::storeOk(bool ok) {
    if (ok)
        return ok;
    // The step as the progress lines number it, not the store's row.
    QString where;
    if (m_index >= 0 && m_index < m_plan.steps().size()) {
        const PlannedStep &step = m_plan.steps().at(m_index);
        where = QStringLiteral(" at step %1/%2 %3 rep %4")
                    .arg(m_index + 1)
                    .arg(m_plan.steps().size())
                    .arg(step.point.describe(m_run.spec.axisNames()))
                    .arg(step.rep + 1);
    }
    fail(Outcome::StoreFailure,
         QStringLiteral("the run store failed%1: %2").arg(where, m_writer.lastError()));
    return ok;
}

void SweepRunner::stop() {
    if (m_state != State::Sweeping)
        return;
    m_state = State::Stopping;
    m_outcome = Outcome::Interrupted;
    m_error = QStringLiteral("stopped on request");
    m_pause.stop();
    endStep(RunStatus::Interrupted, m_error);
    if (m_run.id > 0)
        m_writer.setRunStatus(RunStatus::Interrupted, m_error);
    if (m_client->state() == EngineClient::State::Exited)
        onEngineExited();
    else
        m_client->shutdown();
}

void SweepRunner::onStoreNotice(const QString &line) {
    emit storeNotice(line);
    // Reconnecting held up the event loop: the engine's messages wait unread.
    if (m_client)
        m_client->restartWatchdog();
}

bool SweepRunner::measuredAnything() const {
    return std::any_of(m_results.begin(), m_results.end(),
                       [](const StepResult &s) { return s.status == RunStatus::Completed; });
}

void SweepRunner::onEngineExited() {
    if (m_state == State::Idle)
        return;
    finishLoadWatch();
    m_writer.finish();
    // Still sweeping when the engine exits: every step was done (a failure
    // or a stop would have left Sweeping).
    if (m_state == State::Sweeping)
        m_outcome = Outcome::Completed;
    m_state = State::Idle;
    QString message = m_error;
    if (m_outcome == Outcome::Completed)
        message =
            QStringLiteral("run %1 completed: %2 steps%3")
                .arg(m_run.id)
                .arg(m_plan.totalSteps())
                .arg(measuredAnything() ? QString() : QStringLiteral(", every repetition invalid"));
    else if (m_run.id > 0)
        message = QStringLiteral("run %1 %2: %3")
                      .arg(m_run.id)
                      .arg(m_outcome == Outcome::Interrupted ? QStringLiteral("interrupted")
                                                             : QStringLiteral("failed"),
                           m_error);
    emit finished(m_outcome, message);
}

} // namespace burstlab
