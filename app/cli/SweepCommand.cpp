#include "SweepCommand.h"
#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "ProgressDisplay.h"
#include "SignalNotifier.h"
#include "exchange/NetdevExport.h"
#include "sweep/SweepRunner.h"
#include "util/ExitCode.h"
#include "util/ShellText.h"

#include <QEventLoop>

namespace burstlab {
namespace {

int exitCodeFor(SweepRunner::Outcome outcome, bool signalled) {
    switch (outcome) {
    case SweepRunner::Outcome::Completed:
        return ExitOk;
    case SweepRunner::Outcome::Interrupted:
        return signalled ? ExitInterrupted : ExitFailure;
    case SweepRunner::Outcome::EngineFailure:
        return ExitEngine;
    case SweepRunner::Outcome::Refused:
        return ExitUsage;
    case SweepRunner::Outcome::NotPermitted:
        return ExitNotPermitted;
    case SweepRunner::Outcome::StoreFailure:
        return ExitStore;
    }
    return ExitFailure;
}

// Connects the runner to the progress display; engine log lines only when asked.
void showProgress(SweepRunner &runner, ProgressDisplay &display, bool verbose) {
    QObject::connect(&runner, &SweepRunner::stepStarted, &runner,
                     [&display](int, int total, const Point &point, int rep) {
                         display.stepStarted(total, point, rep);
                     });
    QObject::connect(&runner, &SweepRunner::sampleReceived, &runner,
                     [&display](const Sample &, const StepRates &r) { display.rates(r); });
    QObject::connect(&runner, &SweepRunner::stepFinished, &runner,
                     [&display](const StepResult &r) { display.stepFinished(r); });
    QObject::connect(&runner, &SweepRunner::pointCompleted, &runner,
                     [&display](const PointStats &s) { display.pointCompleted(s); });
    QObject::connect(
        &runner, &SweepRunner::progress, &runner,
        [&display](int done, int total, qint64 eta) { display.progress(done, total, eta); });
    QObject::connect(&runner, &SweepRunner::loadSampled, &runner,
                     [&display](const LoadSample &s) { display.loadSampled(s); });
    QObject::connect(&runner, &SweepRunner::helloReceived, &runner,
                     [&display](const EngineHello &h) {
                         display.message(QStringLiteral("engine: ") + h.summary());
                     });
    QObject::connect(&runner, &SweepRunner::storeNotice, &runner,
                     [&display](const QString &line) { display.message(line); });
    if (verbose)
        QObject::connect(&runner, &SweepRunner::logLine, &runner,
                         [&display](const QString &line) { display.message(line); });
}

} // namespace

int sweepCommand(const QStringList &args) {
    const QString command = QStringLiteral("sweep");
    CliParser parser(command, QStringLiteral("Run a burst/clone sweep on the engine, store it as a "
                                             "run and print its netdev table."));
    SweepOptions::add(parser);
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    QString error;
    const auto options = SweepOptions::read(parser, &error);
    if (!options)
        return CliOutput::usageError(command, error);
    return runSweep(command, parser, *options);
}

int runSweep(const QString &command, const CliParser &parser, const SweepOptions &options,
             const std::function<int(const RunData &)> &afterPrinting) {
    CliStore store(command);
    if (const auto code = store.open(parser.db()))
        return *code;
    int code = ExitOk;
    if (options.resumeId && !store.load(*options.resumeId, &code))
        return code;
    SweepRunner runner(store.store());
    // Everything after start() arrives through the event loop, so the display
    // can be set up from the run as started (a resumed run brings its own sweep).
    const bool started =
        options.resumeId ? runner.resume(*options.resumeId) : runner.start(options.run);
    if (!started)
        return CliOutput::error(command, exitCodeFor(runner.outcome(), false),
                                runner.errorString());
    const SweepSpec &spec = runner.run().spec;
    ProgressDisplay display(CliOutput::stderrIsTerminal(), spec.axisNames(), spec.repsText(),
                            spec.noise);
    showProgress(runner, display, options.verbose);

    QEventLoop loop;
    bool signalled = false;
    SignalNotifier stopSignals;
    QObject::connect(&stopSignals, &SignalNotifier::received, &runner, [&](int) {
        signalled = true;
        display.message(QStringLiteral("interrupted: stopping the engine"));
        runner.stop();
    });
    QObject::connect(&runner, &SweepRunner::finished, &loop, &QEventLoop::quit);
    loop.exec();
    display.finish();

    const SweepRunner::Outcome outcome = runner.outcome();
    code = exitCodeFor(outcome, signalled);
    if (outcome == SweepRunner::Outcome::Refused && !runner.refusedField().isEmpty())
        return CliOutput::usageError(
            command, QStringLiteral("%1: %2").arg(options.argumentFor(runner.refusedField()),
                                                  runner.errorString()));
    // Where the run is: the store, or the local file it was kept in.
    const RunWriter &writer = runner.writer();
    const QString where = writer.isKept() ? writer.keptFile() : store.store().path();
    const qint64 runId = writer.isKept() ? writer.keptId() : runner.runId();
    if (outcome != SweepRunner::Outcome::Completed) {
        CliOutput::error(command, code, runner.errorString());
        if (runId <= 0)
            return code;
        const QString resume = QStringLiteral("burstlab-cli --db %1 sweep --resume %2")
                                   .arg(ShellText::quote(where), QString::number(runId));
        QString stored = QStringLiteral("is stored as failed");
        if (outcome == SweepRunner::Outcome::Interrupted)
            stored = QStringLiteral("is stored as interrupted");
        else if (!runner.failureStored())
            stored = QStringLiteral("could not be marked failed as the store failed; the store's "
                                    "next open marks it interrupted, keeping its stored steps");
        CliOutput::err() << QStringLiteral("run %1 %2; continue it with: %3")
                                .arg(QString::number(runId), stored, resume)
                         << Qt::endl;
        if (writer.isKept())
            CliOutput::err() << writer.keptNotice() << Qt::endl;
        return code;
    }
    CliStore kept(command);
    if (writer.isKept())
        if (const auto failed = kept.open(where))
            return *failed;
    const auto data = (writer.isKept() ? kept : store).load(runId, &code);
    if (!data)
        return code;
    if (writer.isKept())
        CliOutput::err() << writer.keptNotice() << Qt::endl;
    else
        CliOutput::err() << QStringLiteral("stored as run %1 in %2").arg(runId).arg(where)
                         << Qt::endl;
    NetdevOptions netdev;
    netdev.chart = options.chart;
    CliOutput::out() << NetdevExport::run(*data, netdev);
    CliOutput::out().flush();
    if (!runner.measuredAnything())
        return CliOutput::error(command, ExitFailure,
                                QStringLiteral("every repetition of run %1 was invalid; its "
                                               "points have no figure")
                                    .arg(runId));
    if (afterPrinting)
        if (const int after = afterPrinting(*data); after != ExitOk)
            return after;
    return writer.isKept() ? ExitKeptLocally : ExitOk;
}

} // namespace burstlab
