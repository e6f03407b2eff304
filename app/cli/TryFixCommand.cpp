#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "EngineOptions.h"
#include "SweepCommand.h"
#include "SweepOptions.h"
#include "model/StepParameters.h"
#include "sweep/FixTrial.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

namespace burstlab {

int tryFixCommand(const QStringList &args) {
    const QString command = QStringLiteral("try-fix");
    CliParser parser(command,
                     QStringLiteral("Try a checklist item's fix as an experiment: sweep its host "
                                    "setting from the device's value to the recommended one with "
                                    "the other options as given, store the run, print its netdev "
                                    "table and whether the fix mattered. The engine puts the "
                                    "setting back at the end."));
    parser.addPositional(QStringLiteral("ITEM"),
                         QStringLiteral("A checklist item that recommends a host setting, e.g. "
                                        "offloads, root_qdisc or tx_queue_len."),
                         QStringLiteral("ITEM"));
    parser.addOption({QStringLiteral("setting"),
                      QStringLiteral("The item's setting to try where it names several (offloads: "
                                     "gro, gso or tso)."),
                      QStringLiteral("NAME")});
    SweepOptions::add(parser);
    if (const auto code = parser.parse(args, 1, 1))
        return *code;
    for (const char *own : {"sweep", "resume"}) {
        if (parser.isSet(QLatin1String(own)))
            return CliOutput::usageError(
                command, QStringLiteral("--%1: try-fix sweeps the item's setting alone; use "
                                        "sweep for other sweeps")
                             .arg(QLatin1String(own)));
    }
    QString error;
    const auto launch = EngineOptions::read(parser, &error);
    if (!launch)
        return CliOutput::usageError(command, error);
    const QString item = parser.positional().first();
    const Checklist checklist = Checklist::builtIn();
    // Said before anything runs: a setting this engine or device cannot change.
    const auto trial =
        FixTrial::probe(checklist, item, parser.value(QStringLiteral("setting")), *launch, &error);
    if (!trial)
        return CliOutput::usageError(command, SafeText::lines(error));
    auto options =
        SweepOptions::read(parser, &error, trial->axis(), QStringLiteral("try-fix ") + item);
    if (!options)
        return CliOutput::usageError(command, error);
    const Run given = options->run;
    options->run = trial->run(given.spec);
    if (parser.isSet(QStringLiteral("label")))
        options->run.label = given.label;
    if (parser.isSet(QStringLiteral("name")))
        options->run.name = given.name;
    if (!given.notes.isEmpty())
        options->run.notes += QLatin1Char('\n') + given.notes;
    options->run.tags += given.tags;
    CliOutput::err() << SafeText::lines(QStringLiteral("trying %1 (checklist item %2)")
                                            .arg(trial->describe(), item))
                     << Qt::endl;
    return runSweep(command, parser, *options, [&](const RunData &data) {
        CliOutput::out() << '\n' << SafeText::lines(trial->outcomeText(data)) << '\n';
        CliOutput::out().flush();
        // The engine puts the setting back at every end; read it to be sure.
        QString why;
        const auto now = trial->readNow(checklist, *launch, &why);
        if (!now)
            return CliOutput::error(command, ExitFailure,
                                    SafeText::lines(QStringLiteral("after the run: ") + why));
        if (*now != trial->found)
            return CliOutput::error(
                command, ExitFailure,
                SafeText::lines(QStringLiteral("%1 is %2 on %3 after the run, not %4 as found; "
                                               "put it back with host-restore")
                                    .arg(trial->setting, StepParameter::text(*now), trial->device,
                                         StepParameter::text(trial->found))));
        CliOutput::err() << SafeText::lines(QStringLiteral("%1 is %2 on %3 again, as found")
                                                .arg(trial->setting,
                                                     StepParameter::text(trial->found),
                                                     trial->device))
                         << Qt::endl;
        return int(ExitOk);
    });
}

} // namespace burstlab
