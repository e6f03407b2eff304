#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "exchange/ExportFormat.h"
#include "util/ExitCode.h"

#include <QFile>
#include <QSaveFile>

namespace burstlab {

int exportCommand(const QStringList &args) {
    const QString command = QStringLiteral("export");
    CliParser parser(command, QStringLiteral("Export a run, or a comparison of runs (the first is "
                                             "the baseline), for a mailing-list post, a "
                                             "spreadsheet, a script or a wiki."));
    parser.addPositional(QStringLiteral("RUN_ID"), QStringLiteral("One or more runs."),
                         QStringLiteral("RUN_ID..."));
    parser.addOption(
        {QStringLiteral("format"),
         QStringLiteral("netdev, csv, json, md or folded (the profiles' call chains for "
                        "flame graph tools; default netdev)."),
         QStringLiteral("FORMAT"), QStringLiteral("netdev")});
    parser.addOption(
        {QStringLiteral("no-chart"), QStringLiteral("netdev: leave the plain-text charts out.")});
    parser.addOption({QStringLiteral("exclude-disturbed"),
                      QStringLiteral("Leave disturbed repetitions out of the statistics.")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Write to FILE instead of stdout."),
                      QStringLiteral("FILE")});
    if (const auto code = parser.parse(args, 1, -1))
        return *code;
    const auto format = exportFormatFromString(parser.value(QStringLiteral("format")));
    if (!format)
        return CliOutput::usageError(command,
                                     QStringLiteral("--format %1: must be one of %2")
                                         .arg(parser.value(QStringLiteral("format")),
                                              exportFormatNames().join(QStringLiteral(", "))));
    CliStore store(command);
    if (const auto code = store.openToRead(parser.db()))
        return *code;
    int code = ExitOk;
    const auto runs = store.loadAll(parser.positional(), &code);
    if (!runs)
        return code;
    // Each run brings its own link speed and frame size (PointStats::ofRun).
    NetdevOptions options;
    options.chart = !parser.isSet(QStringLiteral("no-chart"));
    options.stats.excludeDisturbed = parser.isSet(QStringLiteral("exclude-disturbed"));
    const QString text = exportRuns(*format, *runs, options);
    const QString path = parser.value(QStringLiteral("output"));
    if (path.isEmpty()) {
        CliOutput::out() << text;
        return ExitOk;
    }
    // Written whole or not at all: a full disk never leaves half a table.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit())
        return CliOutput::error(
            command, ExitFailure,
            QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return ExitOk;
}

} // namespace burstlab
