#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "exchange/ImportFormat.h"
#include "stats/LineRate.h"
#include "store/RunImport.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

namespace burstlab {

int importCommand(const QStringList &args) {
    const QString command = QStringLiteral("import");
    CliParser parser(command, QStringLiteral("Store results recorded elsewhere (kernel pktgen's "
                                             "result output, a netdev-style table) as runs, to "
                                             "compare them with new ones."));
    parser.addPositional(QStringLiteral("FILE"), QStringLiteral("The file to import."),
                         QStringLiteral("FILE"));
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("pktgen, netdev or json (a run file from `export --format "
                                     "json`)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("label"), QStringLiteral("The imported runs' label."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("link-speed"),
                      QStringLiteral("The link the results were measured on, e.g. 10G, 25000M "
                                     "or 100G, for the line-rate check."),
                      QStringLiteral("SPEED")});
    if (const auto code = parser.parse(args, 1, 1))
        return *code;
    const QString format = parser.value(QStringLiteral("format"));
    if (!importFormats().contains(format))
        return CliOutput::usageError(command,
                                     QStringLiteral("--format '%1': must be one of %2")
                                         .arg(format, importFormats().join(QStringLiteral(", "))));
    ImportOptions options;
    options.label = parser.value(QStringLiteral("label"));
    QString error;
    if (parser.isSet(QStringLiteral("link-speed"))) {
        options.linkSpeedMbps =
            LineRate::parseSpeedMbps(parser.value(QStringLiteral("link-speed")), &error);
        if (!options.linkSpeedMbps)
            return CliOutput::usageError(command, QStringLiteral("--link-speed: ") + error);
    }
    CliStore store(command);
    if (const auto code = store.open(parser.db()))
        return *code;
    const QString file = parser.positional().first();
    const auto runs = importFile(format, file, options, &error);
    const auto ids = runs ? RunImport::write(store.store(), file, *runs, &error) : std::nullopt;
    if (!ids)
        return CliOutput::error(command, ExitFailure, error);
    for (qsizetype i = 0; i < ids->size(); ++i) {
        const qint64 id = (*ids)[i];
        const RunData &data = (*runs)[i];
        CliOutput::out() << QStringLiteral("imported run %1: %2 (%3 steps)\n")
                                .arg(id)
                                .arg(SafeText::field(data.run.name))
                                .arg(data.steps.size());
        // What was odd in the source is stored with the run and said here.
        for (const QString &warning : data.run.spec.importWarnings)
            CliOutput::warn(QStringLiteral("warning: run %1: source %2").arg(id).arg(warning));
    }
    return ExitOk;
}

} // namespace burstlab
